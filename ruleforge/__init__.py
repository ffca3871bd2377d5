"""ruleforge: card games as rule files, checked, played, simulated and compared.

    game = ruleforge.load("mygame.rules", hand_size=4)
    state = game.new(seed=1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    state.result
"""

from .diagnostics import Diagnostic, RuleFileError
from .engine import State
from .game import Game
from .load import load
from .values import Action, IllegalAction, Ref, Result, RuleError
from .view import View

__all__ = ["load", "Game", "State", "View", "Action", "Ref", "Result", "RuleError",
           "RuleFileError", "IllegalAction", "Diagnostic"]
__version__ = "0.1.0"
