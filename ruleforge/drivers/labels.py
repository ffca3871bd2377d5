"""What a screen calls a decision. The engine asks every menu of declared actions with
one prompt, 'take an action', which logs record; a menu that offers one action (`p
takes bid`, or `takes one of` a group of one) is named after it on the screens a person
plays on, as its menu's lines are ('North, Bid:'). What the menu offers is in the rule
file, never in a seat's cards, so every viewer may read it."""

from __future__ import annotations

from ..runtime.decisions import MENU_PROMPT


def decision_label(game, st) -> str:
    """The current decision's prompt, or for a menu of one action that action's title."""
    prompt = st.prompt
    only = getattr(st.observer, "offered", None)
    if prompt != MENU_PROMPT or only is None or len(only) != 1:
        return prompt
    spec = game.actions.get(only[0])
    return spec.title if spec is not None and spec.title else only[0]
