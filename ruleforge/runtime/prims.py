"""Small run-time helpers that generated code calls from inside expressions, and the
lookup tables whose misses are a rule file's mistakes (with the old messages)."""

from __future__ import annotations

from typing import Optional

from ..lang.plural import count
from . import rng
from .countertold import counter_seen, set_off
from .events import Said
from .limits import MAX_JOINED, MAX_NUMBER, MAX_PARAMETER_VALUES, MAX_SAID
from .said import SAID_CARD, SAID_CUT, SAID_VALUE, marks, said_value, seen, seen_as, seen_every
from .said import shown_at_least as _shown_at_least
from .places import pend, room
from .toldfrom import told_from as _told_from, value_seen
from .values import RuleError

__all__ = ["Table", "owner_of", "this_owner", "knows", "opponents", "in_game", "player_after", "players_with", "random_of", "div", "mod", "zone_facing", "card_facing", "the_one", "top_of", "bottom_of", "top_n", "row_cards", "card_var", "spread", "one", "swap_pair", "over_budget", "no_effect_card", "one_again", "say", "cond_seen", "value_seen", "counter_seen", "set_off", "no_card", "attr_missing", "charge", "charge_call", "bounded_range", "highest", "lowest", "mul", "num", "join_lists",
           "nth_card", "no_seat", "players_from", "told_lists", "payoff_value", "looked", "said_card",
           "said_text", "said_list", "said_value", "seen", "seen_as", "seen_every"]


class Table(dict):
    """index -> value; a missing index raises RuleError(message(index))."""

    __slots__ = ("message",)

    def __init__(self, items, message):
        super().__init__(items)
        self.message = message

    def __missing__(self, key):
        raise RuleError(self.message(key))


def owner_of(st, c):
    if c is None:
        raise RuleError("there is no card here to find its owner")
    g = st.game
    o = g.zinst[st.loc[c]].owner
    if o < 0:  # (a face-down card unnamed: the error is told to every seat, in play and serve)
        what = g.cards[c].name if st.up[c] else "a face-down card"
        raise RuleError(f"{what} lies in {g.zinst[st.loc[c]].label}, which belongs to no one")
    return o


def this_owner(st, c):
    """'owner' inside a card's rule: the owner of the zone the card lies in."""
    g = st.game
    o = g.zinst[st.loc[c]].owner
    if o < 0:
        raise RuleError(f"{g.cards[c].name} lies in {g.zinst[st.loc[c]].label}, which belongs to no one")
    return o


def knows(st, c, p) -> bool:
    return c is not None and bool(st.up[c] or (st.known[c] >> p) & 1)


def opponents(st, p, order) -> tuple:
    if not st.out:  # nobody is out (the common case): worked out once for each seat and order
        got = _OPPONENTS.get((p, order))
        if got is not None:
            return got
    out = []
    for q in (in_game(st, order) if st.out else order):  # (a loop: a generator costs a frame)
        if q != p:
            out.append(q)
    got = tuple(out)
    if not st.out and len(_OPPONENTS) < 4096:  # (orders are the generated code's constants: few)
        _OPPONENTS[(p, order)] = got
    return got


_OPPONENTS: dict = {}  # (seat, seat order) -> the others, when nobody is out


def in_game(st, seats) -> tuple:
    """`seats` without the eliminated players (the same tuple when nobody is out)."""
    out = st.out
    return tuple(s for s in seats if not out >> s & 1) if out else seats


def player_after(st, p, order, step):
    n = len(order)
    i = order.index(p)
    for k in range(1, n + 1):
        q = order[(i + step * k) % n]
        if not st.out >> q & 1:
            return q
    raise RuleError("every player is eliminated")  # pragma: no cover


def players_with(st, order, pick, value) -> tuple:
    scores = [(value(p), p) for p in in_game(st, order)]
    if not scores:
        return ()
    best = pick(v for v, _ in scores)
    return tuple(p for v, p in scores if v == best)


def random_of(st, found):
    if not found:
        return None
    st.rng, k = rng.below(st.rng, len(found))
    return found[k]


def div(a, b):
    if b == 0:
        raise RuleError("division by zero")
    return a // b


def mod(a, b):
    """`a mod b`: the remainder, with the sign of the divisor (as `lang/const.arithmetic`)."""
    if b == 0:
        raise RuleError("division by zero in 'mod'")
    return a % b


def zone_facing(st, cards, want_up) -> bool:
    return bool(cards) and bool(st.up[cards[-1]]) == want_up


def card_facing(st, c, want_up) -> bool:
    return c is not None and bool(st.up[c]) == want_up


def the_one(found):
    if len(found) > 1:
        raise RuleError(f"'the card in' found {len(found)} cards where one was expected")
    return found[0] if found else None


def top_of(cards):
    return cards[-1] if cards else None


def bottom_of(cards):
    return cards[0] if cards else None


def nth_card(cards, k):
    """`the Kth card of Z`, counted from the top (k = 1); no card when Z holds fewer."""
    return cards[-k] if 0 < k <= len(cards) else None


def no_seat(n: int, count: int):
    """`player N` in a game played by fewer players (the file allows N)."""
    raise RuleError(f"there is no player {n}: this game is played by {count} players")


def players_from(st, p, order) -> tuple:
    """`players starting with P`: turn order from P (from the next still in the game, if P is out)."""
    i = order.index(p)
    return in_game(st, order[i:] + order[:i])


def top_n(cards, n) -> tuple:
    k = max(0, n)
    return tuple(reversed(cards[-k:])) if k else ()


def row_cards(st, slots) -> tuple:
    zones = st.zones
    return tuple(c for s in slots for c in zones[s])


def card_var(c, base, attr) -> int:
    if c is None:
        raise RuleError(f"there is no card here to read its {attr}")
    return base + c


def spread(st, row, a, b, n) -> list:
    """The slots a to b of a row, for n cards (one each)."""
    row = st.game.zinst[row]
    if not (1 <= a <= b <= len(row.slots)):
        raise RuleError(f"{row.label} has no slots {a} to {b}")
    if b - a + 1 != n:
        raise RuleError(f"{count(n, 'card')} for {count(b - a + 1, 'slot')} of {row.label}")
    return list(row.slots[a - 1:b])


def one(c) -> tuple:
    return () if c is None else (c,)


def swap_pair(x, y) -> None:
    if x is None or y is None:
        raise RuleError("a swap needs two cards, and one of them is missing")


def over_budget(st):
    if st.game_left < st.game.step_budget:  # (engine.run: the game's own limit capped the steps)
        over_game(st)
    raise RuleError.over("steps", f"more than {st.game.step_budget:,} steps without a decision: does a loop never end?"
                    " (a game that needs more: RULEFORGE_LIMITS=steps=N, docs/limits.md)")


def no_effect_card():
    raise RuleError("there is no card here whose effect could be resolved")


def one_again(f) -> tuple:
    """A single card drawn at random, as a sequence: drawn again once found (the
    closure compiler evaluated it twice, and seeded games depend on it)."""
    return () if f() is None else (f(),)


def say(st, text, at=None, guards=(), told_from=()) -> None:
    """A `say`: `text()` is its line, worked out only when the game is told (a record)
    or checked (a strict observer). Generated code calls this only for a watched state,
    so a simulation or a search skips the texts; and for a told game to be the game
    nobody reads, the text's work, steps and random draws are given back. A text that
    fails stops a told game where it fails, as any rule's mistake does. `at`: the say's
    (line, column), which a checked game notes with the first text some seat cannot be
    told in full (check --deep reports it); `guards`, the (number, line, column) of the
    tests it is said under (codegen/guarded.py), with which a checked game notes the first
    text said under a test some seat could not follow (cond_seen); `told_from`, the
    (number, name) of each local or value of the turn it writes that is worked out from
    cards (codegen/saidfrom.py), with which it notes the first text that tells every seat
    such a value (toldfrom.py).

    Given back, that work would be free: between two decisions, the texts said may
    spend the work limit once more, together (each text at least one unit, and one for
    each character it makes past a said text's limit); past that, the rest are not worked out, and the telling
    says so once (a loop of 100,000 says, each adding up the deck, took hours). And in
    a whole game, the work limit of a game once more: a `say` in rules called by name,
    written out in their callers, spends no step, and a fan of them told 10,000 texts
    a decision for 10,000 decisions (hours of telling) in a game that spent no work."""
    ob = st.observer
    if ob.record is None and not ob.strict:
        return
    if ob.said_game is None:
        ob.said_game = st.game.game_budget
    if ob.said_game <= 0:
        if ob.said_game == 0 and ob.record is not None:
            ob.record.append(Said(f"… (the texts said in this game took more than {st.game.game_budget:,} units "
                                  "of work and characters, the work limit of a game: the rest are not worked "
                                  "out, nor told; docs/limits.md)", ()))
        ob.said_game = -1
        return
    if ob.said_at != st.decisions:
        ob.said_at, ob.said_left = st.decisions, st.game.work_budget
    if ob.said_left <= 0:
        if ob.said_left == 0 and ob.record is not None:
            ob.record.append(Said(f"… (the texts said since the last decision took more than "
                                  f"{st.game.work_budget:,} units of work and characters: the rest are not "
                                  "worked out, nor told; docs/limits.md)", ()))
        ob.said_left = -1
        return
    saved = st.work, st.steps, st.rng
    try:
        line = text()
    finally:
        spent = saved[0] - st.work
        st.work, st.steps, st.rng = saved
    if ob.record is not None or (ob.strict and SAID_VALUE in line):
        said, made = _said(st, line)
        if ob.record is not None:
            ob.record.append(said)
        if ob.strict and said.values and at not in ob.said_untold:
            ob.said_untold[at] = said
    else:
        made = _shown_at_least(line)
    if guards and ob.strict and room(ob.guarded, ob.said_guarded, at):
        _guarded(st, line, at, guards)
    if told_from and ob.strict and room(ob.told_from, ob.said_from, at):
        _told_from(st, lambda: _said(st, line)[0], at, told_from)
    cost = 1 + max(spent, 0) + max(0, made - MAX_SAID)
    ob.said_left = max(0, ob.said_left - cost)
    ob.said_game = max(0, ob.said_game - cost)


def cond_seen(st, k: int, test) -> None:
    """Note who knew every card test `k` read (`test(reads)`, its told code): called at the
    start of the body it guards, in a watched game, for the `say`s there (codegen/guarded.py).
    Only a checked game (check --deep) keeps it. Its work, steps and random draws are given
    back; it costs at most what the game's own test just cost, which the game paid. A test
    that fails here fails nowhere: the game's own test held on this board (a random pick
    may pick otherwise), and its note is then that everyone knew."""
    ob = st.observer
    if not ob.strict:
        return
    reads = [-1, set()]
    saved = st.work, st.steps, st.rng
    try:
        test(reads)
    except RuleError:
        reads = [-1, ()]
    finally:
        st.work, st.steps, st.rng = saved
    ob.conds[k] = (reads[0], reads[1])


def _guarded(st, line: str, at, guards) -> None:
    """Keep the text `line`, said under the tests `guards`, if one of them read a card some
    seat did not know: (the Said, where the say is, where that test is, the cards it read,
    who knew them all), by the say's place (runtime/places.py). check --deep settles it at
    the next decision (deep_told.settle): a seat that knows those cards by then (the rule
    went on to show them) was told nothing."""
    ob = st.observer
    for k, *test_at in guards:  # (line, column[, file]: codegen.writer.at_of)
        mask, cards = ob.conds.get(k, (-1, ()))
        if any(not mask >> s & 1 for s in range(st.game.nplayers)):
            pend(ob.guarded, at, (_said(st, line)[0], at, tuple(test_at), tuple(cards), mask))
            return


def said_text(parts) -> str:
    """A said text of several parts, each a text or a function making one: made only
    until it is past MAX_SAID characters, where it is cut anyway (a text of 9,000 copies
    of a card's name of 49,000 characters was 441 MB)."""
    out, shown = [], 0
    for part in parts:
        if shown > MAX_SAID:
            out.append(SAID_CUT)
            break
        text = part if part.__class__ is str else part()
        out.append(text)
        shown += _shown_at_least(text)
    return "".join(out)


def said_list(v, item) -> str:
    """A list in a said text: its items joined by commas (none: 'none'), each shown by
    `item`, made only until past MAX_SAID characters (a list of 400,000 cards was)."""
    out, shown = [], 0
    for x in v:
        if shown > MAX_SAID:
            out[-1] += SAID_CUT
            break
        text = item(x)
        out.append(text)
        shown += _shown_at_least(text) + 2
    return ", ".join(out) or "none"


def said_card(c) -> str:
    """A card in a said text: marked, so that each seat is told only the cards it knows."""
    return "no card" if c is None else f"{SAID_CARD}{c}{SAID_CARD}"


def _said(st, line: str) -> tuple[Said, int]:
    """The event of a said line: its text with every card named, where each card's name
    lies in it with who knew the card then (a bit per seat; -1 face up), and where each
    value worked out from cards lies, with who knew all of them and what the others read
    instead, so that a seat's telling hides the rest (narrate.py); and the characters the
    line had before it was cut."""
    cut = SAID_CUT in line  # made only in part (prims.said_text): how much more is not known
    if cut:
        line = line.replace(SAID_CUT, "")
    cards, values = [], []
    if SAID_CARD in line or SAID_VALUE in line:
        names = st.game.cards
        text, at, opened = [], 0, None
        for part in marks(line):
            if at > MAX_SAID:  # cut there anyway: no more names looked up
                cut = True
                break
            if part.__class__ is str:
                text.append(part)
                at += len(part)
            elif part[0] == "card":
                c = part[1]
                name = names[c].name
                cards.append((at, at + len(name), c, -1 if st.up[c] else st.known[c]))
                text.append(name)
                at += len(name)
            elif part[0] == "value":
                opened = (at, part[1], part[2])
            elif opened is not None:
                values.append((opened[0], at, opened[1], opened[2]))
                opened = None
        if opened is not None:  # cut inside a value: hidden up to the cut
            values.append((opened[0], at, opened[1], opened[2]))
        line = "".join(text)
    made = len(line)
    if len(line) > MAX_SAID:  # narrated at every decision, a long text is a flood
        more = "more characters" if cut else f"{len(line) - MAX_SAID:,} more characters"
        line = f"{line[:MAX_SAID]}… ({more}: the limit of a said text)"
        cards = [span for span in cards if span[1] <= MAX_SAID]
        values = [(s, min(e, MAX_SAID), m, h) for s, e, m, h in values if s < MAX_SAID]
    return Said(line, tuple(cards), tuple(values)), made


def no_card(attr):
    raise RuleError(f"there is no card here to read its {attr}")


def attr_missing(attr, names):
    """The message of a card attribute table's miss: no card, or a card without it."""
    def message(c):
        if c is None:
            return f"there is no card here to read its {attr}"
        return f"{names[c]} has no {attr}"
    return message


# ---- the work a rule file can ask for (runtime/limits.py, docs/limits.md)
def over_work(st):
    if st.game_left < st.game.work_budget:  # (engine.run: the game's own limit capped the work)
        over_game(st)
    raise RuleError.over("work", f"more than {st.game.work_budget:,} units of work without a decision (the work limit: "
                    "each definition or quantity worked out, each thing a quantifier, filter or sum "
                    "looks at, each element of a list joined with '+', and each card moved or shuffled by a "
                    "statement of many cards, is one; a game that needs more: RULEFORGE_LIMITS=work=N, docs/limits.md)")


def over_game(st):
    raise RuleError.over("game", game_limit_message(st.game.game_budget))


def game_limit_message(budget: int) -> str:
    """What a game stopped by its limit of steps and work says: like the decision cap, a
    bound on how long one game may run, which a sound but long game may meet."""
    return (f"more than {budget:,} steps and units of work in this game, the work limit of a game (each decision's "
            "steps and work, added up: does a loop run long at every turn? A longer game: RULEFORGE_LIMITS=game=N, "
            "docs/limits.md)")


def charge(st, items):
    """`items`, after charging a loop over them to the work budget."""
    st.work -= len(items)
    if st.work < 0:
        over_work(st)
    return items


def charge_call(st, units: int = 1) -> None:
    """One definition or quantity worked out, and the `units - 1` it calls: charged, so a
    chain that fans out ends."""
    st.work -= units
    if st.work < 0:
        over_work(st)


def bounded_range(low: int, high: int, step: Optional[int] = None) -> range:
    """An action parameter's values `from low to high` (`by step`), within the limit; a
    step below 1 worked out in play is the rule's mistake (a constant one is the checker's)."""
    by = "" if step is None else f" by {step:,}"
    if step is not None and step < 1:
        raise RuleError(f"'from {low:,} to {high:,}{by}': a step is 1 or more")
    values = range(low, high + 1, step or 1)
    if len(values) > MAX_PARAMETER_VALUES:
        raise RuleError.over("values", f"the values from {low:,} to {high:,}{by} are {len(values):,}: more than the "
                             f"{MAX_PARAMETER_VALUES:,} an action parameter may range over (docs/limits.md)")
    return values


def highest(xs) -> int:
    """`the highest of` a list of numbers; of none, the rule's mistake (no number would be
    right: 0 is above every negative one)."""
    if not xs:
        raise RuleError("'the highest of' a list with no number: there is none to give "
                        "(test that the list is not empty first)")
    return max(xs)


def lowest(xs) -> int:
    """`the lowest of` a list of numbers; of none, the rule's mistake."""
    if not xs:
        raise RuleError("'the lowest of' a list with no number: there is none to give "
                        "(test that the list is not empty first)")
    return min(xs)


def _too_big(v: int):
    raise RuleError.over("number", f"a number grew past {MAX_NUMBER:,} (10**18), the largest a rule may compute "
                    "(docs/limits.md)")


def payoff_value(v: int) -> int:
    """A player's payoff, within the size of numbers: an error here is shown at the
    payoff's expression, in rule 'payoff'."""
    if -MAX_NUMBER <= v <= MAX_NUMBER:
        return v
    raise RuleError.over("number", f"a payoff would be {v:,}, beyond {MAX_NUMBER:,} (10**18), the largest number "
                         "a rule may compute (docs/limits.md)")


def join_lists(st, a, b) -> tuple:
    """`a + b` for lists: each element of the joined list is a unit of work, so a list
    that doubles itself in a loop stops at the work limit, not at the machine's memory;
    and a list is at most MAX_JOINED long (a test of membership or equality of a list
    of 400,000 cards, 90,000 times in a turn, ran for hours)."""
    n = len(a) + len(b)
    if n > MAX_JOINED:
        raise RuleError.over("list", f"this list would hold {n:,} elements: a list is limited to {MAX_JOINED:,} "
                             "(MAX_JOINED, docs/limits.md)")
    st.work -= n
    if st.work < 0:
        over_work(st)
    return tuple(a) + tuple(b)


def mul(a, b):
    """a * b, within the size of numbers."""
    v = a * b
    if -MAX_NUMBER <= v <= MAX_NUMBER:
        return v
    _too_big(v)


def num(v):
    """A value about to be stored in a local, within the size of numbers (other values
    pass as they are)."""
    if type(v) is not int or -MAX_NUMBER <= v <= MAX_NUMBER:
        return v
    _too_big(v)


def told_lists(v, depth: int, item) -> str:
    """A list of lists (`depth` deep) as a said text shows it: each list's parts joined by
    commas, an empty one 'none'; `item` shows what the innermost lists hold."""
    if depth == 0:
        return item(v)
    return said_list(v, lambda x: told_lists(x, depth - 1, item))


def looked(st, seat: int, cards) -> None:
    """A `looks at`, told: who looked, at what, and who knew each card by then (the
    looker's telling names them, another seat's only those it knew)."""
    record = st.observer.record
    if record is not None:
        from .events import Looked
        up, known = st.up, st.known
        record.append(Looked(seat, tuple(cards), tuple(-1 if up[c] else known[c] for c in cards)))
