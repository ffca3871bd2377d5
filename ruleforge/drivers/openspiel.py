"""Any rule file as an OpenSpiel game, so that OpenSpiel's algorithms can play it.

    import pyspiel
    from ruleforge.drivers.openspiel import load_game
    game = load_game("games/mygame.rules")        # a pyspiel.Game
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)

Mapping:
- Chance: the game's one chance event is the deal. The initial state is a chance node
  with `deals` equally likely outcomes; outcome k deals the game from seed k. Every later
  shuffle comes from the state's own generator, unseen by the players.
- Actions: at a decision, action i is the i-th legal action in ruleforge's sorted order.
  The list a player is offered depends only on what that player knows, so an action id
  means the same thing in every state of an information set. The game has
  `max_actions` ids (1,024 unless `load_game(path, max_actions=N)`, up to MAX_MENU): a
  decision that offers more raises TooManyActionsError (a pyspiel.SpielError) from every
  method that would hand out or take an id there, never an id OpenSpiel cannot hold (its
  `legal_actions_mask` would write past its end and abort the process). An id that is
  not legal raises ValueError.
- Information state strings are the player's `view` (and the number of decisions so
  far): nothing hidden from that player is in them. `action_to_string(player, action)`
  names the action as that player may know it. With no player at a terminal state
  (there is no player to move) they raise ValueError, as OpenSpiel's own games do.
- `resample_from_infostate` re-deals the hidden cards (ruleforge.runtime.determinize), as
  OpenSpiel's ISMCTS bot needs.
- Returns: each player's payoff when the rule file declares one (`payoff of p: ...`);
  otherwise 1 to each winner and -1 to each loser, 0 to all on a game without winners
  (in a cooperative game, where the players share one return, -1 to all: the team lost).

Install with `pip install ruleforge[openspiel]`.
"""

from __future__ import annotations


import operator

import pyspiel

from ..runtime.determinize import determinize
from .narrate import Narrator
from ..load import load
from ..runtime.limits import MAX_MENU, MAX_NUMBER

# The action ids of a game unless load_game is given max_actions: OpenSpiel's algorithms
# size their tables and networks by it; a real card game's menus are far smaller.
MAX_ACTIONS = 1024
_REGISTERED: dict = {}


class TooManyActionsError(pyspiel.SpielError):
    """A decision offers more legal actions than the game has action ids
    (num_distinct_actions, `load_game(..., max_actions=N)`)."""


def _whole(name: str, value, low: int, high: int | None, why: str = "") -> int:
    """`value` as a whole number from `low` to `high`, or a ValueError naming `name`."""
    try:
        n = None if isinstance(value, bool) else operator.index(value)
    except TypeError:
        n = None
    if n is None or n < low or (high is not None and n > high):
        upto = f"from {low:,} to {high:,}{why}" if high is not None else f"of at least {low:,}"
        raise ValueError(f"load_game: {name} must be a whole number {upto}, not {value!r}")
    return n


def load_game(path: str, players: int | None = None, deals: int = 1000, max_actions: int = MAX_ACTIONS,
              **params):
    """Register the rule file as an OpenSpiel game (once) and load it. `deals`: the
    chance node's outcomes (seeds 0 to deals - 1); `max_actions`: the game's action ids
    (num_distinct_actions), at least the most legal actions any decision offers."""
    deals = _whole("deals", deals, 1, None)
    max_actions = _whole("max_actions", max_actions, 1, MAX_MENU,
                         " (the most actions a ruleforge decision may offer, MAX_MENU)")
    rf = load(path, players=players, **params)
    key = (str(path), players, deals, max_actions, tuple(sorted(params.items())))
    if key not in _REGISTERED:
        short = f"ruleforge_{len(_REGISTERED)}"
        n = rf.nplayers
        # a payoff is any number a rule may compute; win/loss is 1 or -1
        bound = float(MAX_NUMBER) if rf.payoff is not None else 1.0
        game_type = pyspiel.GameType(
            short_name=short, long_name=f"ruleforge: {rf.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            # a cooperative game's players share one return
            utility=pyspiel.GameType.Utility.IDENTICAL if rf.cooperative else pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=n, min_num_players=n,
            provides_information_state_string=True, provides_information_state_tensor=False,
            provides_observation_string=True, provides_observation_tensor=False,
            parameter_specification={})
        info = pyspiel.GameInfo(num_distinct_actions=max_actions, max_chance_outcomes=deals,
                                num_players=n, min_utility=-bound, max_utility=bound,
                                max_game_length=10_000)

        class Game(pyspiel.Game):
            def __init__(self, params=None):
                super().__init__(game_type, info, params or {})
                self.rules = rf
                self.deals = deals
                self.max_actions = max_actions

            def new_initial_state(self):
                return State(self)

            def make_py_observer(self, iig_obs_type=None, params=None):
                return Observer(iig_obs_type)

        pyspiel.register_game(game_type, Game)
        _REGISTERED[key] = short
    return pyspiel.load_game(_REGISTERED[key])


class _Shared:
    """What states share (the pyspiel game, the compiled rules): pyspiel clones a Python
    state by deep-copying its attributes, and copying the rules' tables every time cost
    more than the games themselves."""

    def __init__(self, game):
        self.game, self.rules, self.deals = game, game.rules, game.deals
        self.max_actions = game.max_actions

    def __deepcopy__(self, memo):
        return self


class _Board:
    """The ruleforge state inside a pyspiel state: deep-copied as one `clone()`."""

    def __init__(self, st):
        self.st = st

    def __deepcopy__(self, memo):
        return _Board(None if self.st is None else self.st.clone())


class State(pyspiel.State):
    def __init__(self, game, st=None):
        super().__init__(game)
        self._shared = _Shared(game)
        self._board = _Board(st)  # st is None until the deal (the chance node)

    @property
    def spiel_game(self):
        return self._shared.game

    @property
    def rules(self):
        return self._shared.rules

    @property
    def deals(self):
        return self._shared.deals

    @property
    def st(self):
        return self._board.st

    @st.setter
    def st(self, value):
        self._board.st = value

    # ---- the pyspiel API
    def current_player(self):
        if self.st is None:
            return pyspiel.PlayerId.CHANCE
        if self.st.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.st.current_player

    def _legal_actions(self, player):
        if self.st is None or self.st.is_over or player != self.st.current_player:
            return []
        return list(range(len(self._legal())))

    def chance_outcomes(self):
        n = self.deals
        return [(k, 1.0 / n) for k in range(n)]

    def _apply_action(self, action):
        if self.st is None:
            self.st = self.rules.new(self._deal(action, "apply_action"))
        else:
            self.st.apply(self._action(action, "apply_action"))

    def _action_to_string(self, player, action):
        """The action as `player` may know it: a card that player does not know is "a
        card" (another seat's hand, asked on that seat's turn, is not named)."""
        if self.st is None:
            return f"deal {self._deal(action, 'action_to_string')}"
        taken = self._action(action, "action_to_string")
        teller = Narrator(self.rules, self._seat(player, "action_to_string"), self.st).offer(self.st.legal_actions())
        return _action_text(taken, teller)

    def _legal(self) -> list:
        """The decision's legal actions, ids 0 to n - 1; TooManyActionsError when there
        are more than the game's ids: OpenSpiel would write past the end of its tables."""
        legal = self.st.legal_actions()
        limit = self._shared.max_actions
        if len(legal) > limit:
            st = self.st
            names = list(dict.fromkeys(a[1] for a in legal))
            shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
            raise TooManyActionsError(
                f"decision {st.decisions + 1} ({st.role_of(st.current_player)}, '{st.prompt}': {shown}) "
                f"offers {len(legal):,} legal actions, more than this OpenSpiel game's {limit:,} action ids "
                f"(num_distinct_actions); load it with load_game(..., max_actions={len(legal)}) or more "
                f"(at most {MAX_MENU:,}), or give this decision fewer actions")
        return legal

    def _action(self, action, asked: str):
        """The legal action of id `action`, or a ValueError naming the id."""
        if self.st.is_over:
            raise ValueError(f"{asked}: the game is over, so no action is legal (action {action})")
        legal = self._legal()
        if not 0 <= action < len(legal):
            raise ValueError(f"{asked}: action {action} is not legal here: there are {len(legal)} legal actions "
                             f"(ids 0 to {len(legal) - 1})")
        return legal[action]

    def _deal(self, action, asked: str) -> int:
        """The chance node's outcome `action` (a seed), or a ValueError naming it."""
        if not 0 <= action < self.deals:
            raise ValueError(f"{asked}: deal {action} is not one of this game's {self.deals:,} deals "
                             f"(ids 0 to {self.deals - 1})")
        return action

    def _seat(self, player, asked: str) -> int:
        """`player` as a seat; a clear error where there is none (a terminal state asked
        with no player: OpenSpiel's current player is then TERMINAL, a negative number)."""
        n = self.rules.nplayers
        if isinstance(player, int) and 0 <= player < n:
            return player
        if player == pyspiel.PlayerId.TERMINAL:
            raise ValueError(f"{asked}: the game is over, so there is no current player; "
                             f"name the player (0 to {n - 1})")
        raise ValueError(f"{asked}: player {player} is not a seat of this game (0 to {n - 1})")

    def is_terminal(self):
        return self.st is not None and self.st.is_over

    def returns(self):
        n = self.rules.nplayers
        if self.st is None or not self.st.is_over:
            return [0.0] * n
        if self.st.result.payoffs is not None:  # the game's own result: chips, points
            return [float(v) for v in self.st.result.payoffs]
        winners = self.st.result.winners
        if not winners:  # a draw; in a cooperative game, the team's loss
            return [-1.0 if self.rules.cooperative else 0.0] * n
        return [1.0 if p in winners else -1.0 for p in range(n)]

    def information_state_string(self, player=None):
        """What `player` (default: the player to move) has seen, and nothing more."""
        if self.st is None:
            return "before the deal"
        seat = self._seat(self.current_player() if player is None else player, "information_state_string")
        return f"decisions {self.st.decisions}\n{self.st.view(seat)}"

    def observation_string(self, player=None):
        """What `player` (default: the player to move) sees now."""
        if self.st is None:
            return "before the deal"
        seat = self._seat(self.current_player() if player is None else player, "observation_string")
        return str(self.st.view(seat))

    def resample_from_infostate(self, player_id, probability_sampler):
        seed = int(probability_sampler() * (1 << 53)) if callable(probability_sampler) else 0
        return State(self.spiel_game, determinize(self.st, player_id, seed) if self.st is not None else None)

    def __str__(self):
        return "before the deal" if self.st is None else str(self.st.view(None))

    def __deepcopy__(self, memo):
        return State(self.spiel_game, None if self.st is None else self.st.clone())


def _action_text(action, narrator) -> str:
    """`str(action)` (the engine's form, `scan(card=7♥, altitude=2)`), with every card
    the narrator's seat does not know told as "a card"."""
    kind, name, args = action
    if kind == "menu":
        return name if not args else f"{name}(" + ", ".join(f"{k}={narrator.arg(v)}" for k, v in args) + ")"
    if kind == "choose":
        return narrator.arg(args[0][1])
    return name


class Observer:
    """String observations only: a player's view."""

    def __init__(self, iig_obs_type=None):
        self.tensor = None
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return state.information_state_string(player)


__all__ = ["MAX_ACTIONS", "TooManyActionsError", "load_game", "State"]
