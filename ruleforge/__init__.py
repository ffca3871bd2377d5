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
from .load import UnreadableFile, load

__all__ = ["load", "Game", "State", "View", "Action", "Ref", "Place", "Result", "RuleError",
           "RuleFileError", "UnreadableFile", "IllegalAction", "Diagnostic", "agents", "simulate", "testing"]
__version__ = "0.1.0"

# Loaded on first use, so that `ruleforge check` pays for the language side only.
_LAZY = {"agents": ".drivers.agents", "simulate": ".drivers.simulate", "testing": ".testing"}
_LAZY_NAMES = {"State": ".runtime.engine", "Game": ".runtime.game", "View": ".runtime.view",
               **{n: ".runtime.actions" for n in ("Action", "Ref", "Place")},
               **{n: ".runtime.values" for n in ("Result", "RuleError", "IllegalAction")}}


def __getattr__(name: str):
    if name in _LAZY:
        value = importlib.import_module(_LAZY[name], __name__)
    elif name in _LAZY_NAMES:
        value = getattr(importlib.import_module(_LAZY_NAMES[name], __name__), name)
    else:
        raise AttributeError(f"module 'ruleforge' has no attribute {name!r}")
    globals()[name] = value
    return value
