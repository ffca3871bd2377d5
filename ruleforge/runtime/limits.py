"""The limits on the work a rule file can make the engine do (docs/limits.md).

A rule file is data: whatever it says, every command ends, in bounded time and memory.
Each limit's error names the rule and the limit, and says how to raise it.
"""

# Statements run and loop iterations between two decisions (a loop that never ends).
STEP_BUDGET = 100_000
# Work inside expressions between two decisions, and to make one menu: each definition
# or quantity worked out, each card, player or value a quantifier, filter, sum or count
# looks at. Under a second of work; the shipped games need at most 5,000.
WORK_BUDGET = 1_000_000
# Decisions in one game: a game whose endings never hold stops here.
DECISION_CAP = 10_000
# Steps and units of work in one game, all its decisions together: the step and work
# limits times the decision cap would let one game run for minutes (a turn of 99,000
# loop steps, 10,000 times, took 200 s in a simulation). The shipped games and examples
# spend at most 119,571 (a rummy game, random play, the longest of 2,000 games; greedy:
# 61,576), 200 times less (docs/limits.md); a simulated game stops here in about 5 s.
GAME_WORK = 25_000_000
# The largest number a rule may compute (about 2**60): enough for any score, far from
# the size where arithmetic and printing get slow.
MAX_NUMBER = 10 ** 18
# Values one action parameter may range over (`with n from 1 to N`), and actions one
# menu may offer.
MAX_PARAMETER_VALUES = 10_000
MAX_MENU = 100_000
# Cards an action's set (`with NAME some of C`) is chosen among, and cards `outside groups`
# groups: 2**20 sets at most, about the work budget; a rummy hand holds 10 or 11 cards, a
# hand of 52 cards dealt to three players 18.
MAX_SUBSET_CARDS = 20
# Values kept of the definitions whose value depends on their arguments alone (a meld
# test, a hand's deadwood), all of a game's together: past it the kept values are dropped
# and kept anew. A value is kept only for lists of at most MAX_KEPT_CARDS cards, so the
# memory stays bounded (under 16 MB) whatever a rule file asks.
MAX_REMEMBERED = 1 << 14
MAX_KEPT_CARDS = 64
# Actions a menu keeps for reuse (runtime/actions.py), per action and seat: enough for any
# real menu; for an action of two parameters, first values kept, and second values per first.
CACHE_LIMIT = 1 << 15
ROW_LIMIT = 1 << 8
# Elements of a list joined with '+' (as many as a game's cards may be): a longer one
# stops the game. A list's tests of membership and equality are not charged as work, so
# they are bounded by its length (each under a millisecond).
MAX_JOINED = 10_000
# Characters of one said text (`say`), once worked out: narrated at every decision, a
# longer one is cut. The shipped games say at most 71 in random play.
MAX_SAID = 1_000
# Events a told game keeps between two decisions (`run` telling one game, `play`, `serve`,
# `replay`): the rest, until the next decision, are counted in one Untold event, so that
# a loop of says or of moves under the step and work limits cannot fill the memory
# (30,000 turns of ten 1,000-character texts took 3 GB). The shipped games tell at most a
# few hundred.
MAX_TOLD_EVENTS = 50_000
# ... of which the last ones are kept as well, so that a rule error met past the limit
# (a runaway loop) is told up to where the rules failed: enough for the 40 lines told
# before an error, however quiet the loop's counters (4,000 long said texts: 4 MB)
TOLD_TAIL_EVENTS = 4_000
# Lines a told game tells (`run` of one game, `play`, `serve`, `replay`, each of a seat's
# stories): past them, once the decision that passed them is told, the game plays on
# untold to its end, whose telling is told again (drivers/telling.py). A loop of says within
# every other limit told 25,000,000 lines in a game, 264 s of `run` to a file. The
# shipped games and examples tell at most 5,500 lines (random play).
TOLD_LINES = 100_000

# The limits a sound game may meet by running long (RuleError.limit): a game stopped at
# one is counted apart from those whose rules failed (the summaries' "capped").
CAPS = ("decisions", "game")

# A game that needs more raises a limit for one run in the environment, e.g.
# RULEFORGE_LIMITS="steps=500000,work=10000000,decisions=50000" (docs/limits.md).
_NAMES = {"steps": "STEP_BUDGET", "work": "WORK_BUDGET", "decisions": "DECISION_CAP", "game": "GAME_WORK",
          "told": "TOLD_LINES"}


class LimitsError(ValueError):
    """RULEFORGE_LIMITS is malformed: a usage error."""


def from_environment(environ=None) -> dict:
    """The limits RULEFORGE_LIMITS raises: {"steps"|"work"|"decisions"|"game"|"told": n}."""
    import os
    text = (os.environ if environ is None else environ).get("RULEFORGE_LIMITS", "")
    out = {}
    for item in filter(None, (x.strip() for x in text.split(","))):
        name, sep, value = item.partition("=")
        name = name.strip()
        value = value.strip()
        # (isascii: str.isdigit takes '²' and other scripts' digits, which int() refuses or reads)
        if not sep or name not in _NAMES or not (value.isascii() and value.isdigit()) or int(value) < 1:
            raise LimitsError(f"RULEFORGE_LIMITS: '{item}' is not NAME=N with NAME one of "
                             f"{', '.join(_NAMES)} and N a whole number above 0")
        out[name] = min(int(value), 10 ** 12)
    return out
