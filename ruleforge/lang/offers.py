"""Turn steps that offer some of the actions: action groups (`actions betting: fold, call,
raise`) and `PLAYER takes one of play, discard`. The checker reports each name that is not
an action or a group, and each action offered twice; `expand` is what the compiler offers."""

from __future__ import annotations

from . import ast as A
from .diagnostics import did_you_mean


def expand(names, groups: dict) -> tuple[str, ...]:
    """The action names a `takes one of` offers, in the order written, groups spelt out."""
    out: list[str] = []
    for n in names:
        for m in (groups[n.name].members if n.name in groups else (n,)):
            if m.name not in out:
                out.append(m.name)
    return tuple(out)


def declare_groups(sym) -> None:
    """File the action groups in the symbol table (`sym.action_groups`, name -> decl)."""
    sym.action_groups = {}
    for g in sym.of_kind(A.ActionGroupDecl):
        if sym.declare(g.name, "action group"):
            sym.action_groups[g.name.name] = g


def refused(sym) -> set:
    """The names of the actions and groups declared but refused at their name (`action hand`
    beside `zone hand`): the refusal is said there, and a use of the name stays quiet."""
    declared = {d.name.name for d in sym.of_kind(A.ActionDecl) + sym.of_kind(A.ActionGroupDecl)}
    return declared - set(sym.actions) - set(sym.action_groups)


def check_group(sym, g: A.ActionGroupDecl) -> None:
    seen: set = set()
    for m in g.members:
        if m.name in sym.action_groups:
            sym.error(m, f"'{m.name}' is an action group: a group lists actions",
                      f"name the actions of '{m.name}' here")
        elif m.name not in sym.actions:
            if m.name not in refused(sym):
                sym.unknown(m, "action", list(sym.actions))
        elif m.name in seen:
            sym.error(m, f"'{m.name}' is named twice in action group '{g.name.name}'")
        seen.add(m.name)


def check_offer(sym, s: A.TakeAction) -> None:
    """`PLAYER takes one of A, B`: every name an action or a group, no action twice, and at
    least one of them for PLAYER when PLAYER is a role."""
    groups, actions = sym.action_groups, sym.actions
    from_group: dict[str, str] = {}   # action -> the group that offered it
    offered: list = []
    for n in s.only:
        if n.name in groups:
            members = list(dict.fromkeys(m.name for m in groups[n.name].members))  # check_group tells of repeats
        elif n.name in actions:
            members = [n.name]
        else:
            if n.name not in sym.unparsed and n.name not in refused(sym):
                hint = ("passing is offered by 'or passes'" if n.name == "pass"
                        else did_you_mean(n.name, list(actions) + list(groups)))
                sym.error(n, f"unknown action or action group '{n.name}'", hint)
            continue
        for m in members:
            if m in from_group or m in offered:
                was = from_group.get(m)
                again = f" (it is in '{n.name}')" if n.name in groups else ""
                sym.error(n, f"'{m}' is offered twice here{again}",
                          f"it is already offered by '{was}'" if was else "name each action once")
            elif n.name in groups:
                from_group[m] = n.name
            offered.append(m)
    if isinstance(s.player, A.Name) and s.player.name in dict(sym.roles) and offered:
        role = s.player.name
        mine = [m for m in offered if m in actions and (actions[m].role is None or actions[m].role.name == role)]
        if not mine:
            sym.error(s, f"none of {', '.join(dict.fromkeys(offered))} can be taken by {role}",
                      f"each is declared 'by' another role: declare one with 'action NAME by {role}:'")
