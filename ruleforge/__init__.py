"""ruleforge: card games as rule files, checked, played, simulated and compared.

    game = ruleforge.load("mygame.rules", hand_size=4)
    state = game.new(seed=1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    state.result

The package reads as the pipeline: `ruleforge.lang` (text to a checked program),
`ruleforge.runtime` (the compiled program and the state it plays on), `ruleforge.drivers`
(agents, simulation, play, replay...), and the command line on top. `ruleforge.agents`,
`ruleforge.simulate` and `ruleforge.testing` are loaded when first used.
"""

import importlib

from .lang.diagnostics import Diagnostic, RuleFileError
from .load import load
from .runtime.engine import State
from .runtime.game import Game
from .runtime.actions import Action, Place, Ref
from .runtime.values import IllegalAction, Result, RuleError
from .runtime.view import View

__all__ = ["load", "Game", "State", "View", "Action", "Ref", "Place", "Result", "RuleError",
           "RuleFileError", "IllegalAction", "Diagnostic", "agents", "simulate", "testing"]
__version__ = "0.1.0"

_LAZY = {"agents": ".drivers.agents", "simulate": ".drivers.simulate", "testing": ".testing"}


def __getattr__(name: str):
    # Drivers are loaded on first use, so that `ruleforge check` does not pay for them.
    if name in _LAZY:
        module = importlib.import_module(_LAZY[name], __name__)
        globals()[name] = module
        return module
    raise AttributeError(f"module 'ruleforge' has no attribute {name!r}")
