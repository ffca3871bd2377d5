"""Legal actions: small tuples made in canonical order, named only by what the deciding
seat may know, and turned back into what the rules asked for when one is applied.

An `Action` is a plain tuple `(kind, name, args)`; the tuple order is the canonical
order, and every builder here emits actions already in it (each domain is sorted once,
as plain ints or strs, before the actions are made), so a decision needs no sort of
actions. A card the deciding seat cannot see is named by a `Place` (the k-th card hidden
from that seat in its zone, in zone order), never by the card; the card behind a place
is found again when the action is applied, in whatever state it is applied to.

The code generator (runtime/codegen) uses `ActionSpec`/`Param` (a declared action), `Menu`,
`Choice` and `Ask` (a decision site's actions and payloads); the engine, `payload`.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Optional

from ..lang.types import CARD, PLAYER, PieceType
from .kept import MenusKept
from .limits import CACHE_LIMIT as _CACHE_LIMIT, MAX_MENU, ROW_LIMIT as _ROW_LIMIT

_tuple = tuple.__new__


class Ref(NamedTuple):
    """A card, piece or player named inside an action: stable and comparable by index."""
    kind: str
    index: int
    name: str

    def __str__(self) -> str:
        return self.name


class Place(NamedTuple):
    """A card named by where it lies, for a seat that cannot see it: the `nth` (from 1)
    card hidden from that seat in zone instance `zone`, in zone order. Sorts after every
    `Ref`, so an action's known cards come first. A blind pick (picks.py) has kind "blind":
    the nth card of the zone, hidden or not."""
    kind: str   # "place", or "blind"
    zone: int
    nth: int
    name: str

    def __str__(self) -> str:
        return self.name


class CardSet(tuple):
    """A set of cards named in an action (`with cards some of table`): its cards' Refs in
    card order, then the Places of those the seat cannot see; printed `[3♣, 4♦]`."""
    __slots__ = ()

    def __str__(self) -> str:
        return "[" + ", ".join(map(str, self)) + "]"

    @property
    def name(self) -> str:
        return str(self)


class PlaceSet(tuple):
    """The payload of a set that names hidden cards by place: card indexes and Places,
    resolved when the action is applied (`Deferred`)."""
    __slots__ = ()


class Action(NamedTuple):
    """One legal action at a decision point. kind is "menu" (an action the rule file
    declares, with its chosen parameters), "choose" (one element picked from a collection)
    or "ask" (one of two named answers). Stable across clones and runs, printable, hashable
    and ordered."""
    kind: str
    name: str
    args: tuple = ()

    def __str__(self) -> str:
        kind = self[0]
        if kind == "menu":
            if not self[2]:
                return self[1]
            return f"{self[1]}(" + ", ".join(f"{k}={v}" for k, v in self[2]) + ")"
        if kind == "choose":
            return str(self[2][0][1])
        return self[1]

    def sort_key(self) -> tuple:
        """The canonical order: the tuple itself (kept for callers that sort by key)."""
        return self

    def to_json(self) -> dict:
        return {"kind": self[0], "name": self[1],
                "args": [[k, v.name if isinstance(v, (Ref, Place, CardSet)) else v] for k, v in self[2]],
                "text": str(self)}


PASS = Action("menu", "pass")
DONE = Action("ask", "done")


class Param:
    """One `with` parameter of a declared action: its name, its domain
    `fn(state, locals) -> iterable`, and what kind of value it holds ("card", "piece",
    "player", or None for numbers and symbols)."""

    __slots__ = ("name", "domain", "kind")

    def __init__(self, name: str, domain: Callable, kind: Optional[str]):
        self.name, self.domain, self.kind = name, domain, kind


class ActionSpec:
    """One declared action: the seat it is for (None: any), its parameters (the first
    local slots of its rule), the 'allowed if' test, its rule and the slot of its actor."""

    __slots__ = ("name", "title", "seat_filter", "params", "allowed", "proc", "actor", "menu")

    def __init__(self, name: str, title: str, seat_filter: Optional[int]):
        self.name, self.title, self.seat_filter = name, title, seat_filter
        self.params: list[Param] = []
        self.allowed: Optional[Callable] = None
        self.proc = None
        self.actor = 0
        # its entries of a menu, written out by the code generator (codegen/menus.py):
        # fn(st, seat, spec, names, cache, acts, vals), or None for the enumerators here
        self.menu: Optional[Callable] = None


def kind_of(t) -> Optional[str]:
    """The kind of Ref a value of checked type `t` is named by in an action, if any."""
    if t == CARD:
        return "card"
    if t == PLAYER:
        return "player"
    if isinstance(t, PieceType):
        return "piece"
    return None


def refs(game, kind: Optional[str]) -> Optional[list]:
    """The game's Refs of one kind, by index, made once per game."""
    if kind is None:
        return None
    if kind in ("cards", "blind"):  # a set of cards names each by its card's Ref
        kind = "card"
    cache = getattr(game, "action_refs", None)
    if cache is None:
        cache = game.action_refs = {}
    got = cache.get(kind)
    if got is None:
        if kind == "card":
            got = [Ref("card", i, c.name) for i, c in enumerate(game.cards)]
        elif kind == "piece":
            got = [Ref("piece", i, p[2]) for i, p in enumerate(game.pieces)]
        else:
            got = [Ref("player", i, n) for i, n in enumerate(game.seat_names)]
        cache[kind] = got
    return got


# ---- naming values for a seat --------------------------------------------------------------

def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_of_card(st, seat: int, c: int) -> Place:
    z = st.loc[c]
    up, known, bit = st.up, st.known, 1 << seat
    nth = 1
    for x in st.zones[z]:
        if x == c:
            break
        if not up[x] and not known[x] & bit:
            nth += 1
    return Place("place", z, nth, f"the {ordinal(nth)} hidden card of {st.game.zinst[z].label}")


def find_place(st, seat: int, place: Place) -> int:
    """The card that lies at `place` for `seat` in this state (the reverse of naming it)."""
    if place[0] == "blind":  # a blind pick (picks.py): the nth card of the zone, seen or not
        return st.zones[place.zone][place.nth - 1]
    up, known, bit = st.up, st.known, 1 << seat
    nth = place.nth
    for x in st.zones[place.zone]:
        if not up[x] and not known[x] & bit:
            nth -= 1
            if not nth:
                return x
    raise LookupError(f"{place.name}: no such card now")  # pragma: no cover (offered means there)


def _named(st, seat: int, values, kind: Optional[str], names) -> list:
    """The distinct `values` in canonical order, as [(label, value, payload)]: the label
    is what the action shows, the value what the rules see while the menu is built, the
    payload what the action carries (a card the seat cannot see: its Place). Known cards
    come by index, then hidden ones by place."""
    if kind != "card":  # (cards first: the common case, at every decision of most games)
        if kind == "cards" or kind == "blind":  # a set of cards, a blind pick: picks.py
            from .picks import named_blind, named_sets
            return named_sets(st, seat, values, names) if kind == "cards" else named_blind(st, values)
        if names is not None:
            return [(names[v], v, v) for v in sorted(set(values))]
        return [(v, v, v) for v in sorted(set(values))]
    up, known, bit = st.up, st.known, 1 << seat
    cards = sorted(set(values)) if len(values) > 1 else values
    out = []
    for c in cards:  # (a loop: a list comprehension costs a frame, more than a hand's few cards)
        if up[c] or known[c] & bit:
            out.append((names[c], c, c))
    if len(out) == len(cards):  # every card seen by the seat: the common case
        return out
    out, hidden = [], None
    for c in cards:
        if up[c] or known[c] & bit:
            out.append((names[c], c, c))
        else:
            if hidden is None:
                hidden = []
            p = place_of_card(st, seat, c)
            hidden.append((p, c, p))
    if hidden:
        hidden.sort()
        out.extend(hidden)
    return out


class Deferred:
    """A payload that names hidden cards by place: resolved against the state the action
    is applied to (a clone, or a sampled world whose hidden cards were re-dealt)."""

    __slots__ = ("spec", "values")

    def __init__(self, spec, values: tuple):
        self.spec, self.values = spec, values

    def resolve(self, st, seat: int):
        vals = tuple(find_place(st, seat, v) if type(v) is Place
                     else tuple(sorted(find_place(st, seat, x) if type(x) is Place else x for x in v))
                     if type(v) is PlaceSet else v for v in self.values)
        return vals[0] if self.spec is None else (self.spec, vals, seat)


# ---- the actions of one decision site -------------------------------------------------------

class Choice:
    """'chooses one of' (and 'chooses ... or be done' with `done`): one action per
    distinct element, the element (a card, or its place) as the payload."""

    __slots__ = ("game", "var", "kind", "done", "_known", "_cards", "distinct", "seen")

    def __init__(self, game, var: str, kind: Optional[str], done: bool = False, distinct: bool = False,
                 seen: bool = False):
        self.game, self.var, self.kind, self.done = game, var, kind, done
        self._known: Optional[list] = None  # the action naming each card/piece/player, by index
        self._cards = kind == "card" and not done  # the common case, tried first in offer
        self.distinct = distinct  # the options are a zone's cards (or some of them): no two alike
        # the options are cards the chooser always sees: of a face-up zone, or its own of
        # a private zone (codegen: CodeGenerator.always_seen)
        self.seen = seen

    def offer(self, st, seat: int, options) -> tuple[tuple, tuple]:
        """(actions, payloads) in canonical order ("done" first: "ask" < "choose")."""
        known = self._known
        if self._cards and known is not None:  # cards, and no "done": the common case, first
            up, kn, bit = st.up, st.known, 1 << seat
            cards = sorted(options) if self.distinct else sorted(set(options)) if len(options) > 1 else options
            if self.seen:
                return tuple([known[c] for c in cards]), tuple(cards)
            for c in cards:  # (a loop, not all() of a list: a choice is of a few cards)
                if not (up[c] or kn[c] & bit):
                    break
            else:  # the seat sees them all
                return tuple([known[c] for c in cards]), tuple(cards)
        kind, var = self.kind, self.var
        acts, vals = ([DONE], [None]) if self.done else ([], [])
        if kind is None:
            for v in sorted(set(options)):
                acts.append(_tuple(Action, ("choose", var, ((var, v),))))
                vals.append(v)
            return tuple(acts), tuple(vals)
        known = self._known
        if known is None:
            known = self._known = [_tuple(Action, ("choose", var, ((var, r),))) for r in refs(self.game, kind)]
        if kind != "card":
            for v in sorted(set(options)):
                acts.append(known[v])
                vals.append(v)
            return tuple(acts), tuple(vals)
        up, kn, bit = st.up, st.known, 1 << seat
        cards = sorted(set(options)) if len(options) > 1 else options
        if not self.done and all([up[c] or kn[c] & bit for c in cards]):  # the seat sees them all
            return tuple([known[c] for c in cards]), tuple(cards)
        hidden = None
        for c in cards:
            if up[c] or kn[c] & bit:
                acts.append(known[c])
                vals.append(c)
            else:
                if hidden is None:
                    hidden = []
                hidden.append(place_of_card(st, seat, c))
        if hidden:
            hidden.sort()
            for p in hidden:
                acts.append(_tuple(Action, ("choose", var, ((var, p),))))
                vals.append(Deferred(None, (p,)))
        return tuple(acts), tuple(vals)


class Ask:
    """'chooses "A" over "B"': two answers, fixed at compile time."""

    __slots__ = ("offer",)

    def __init__(self, yes: str, no: str):
        pairs = {Action("ask", yes): True, Action("ask", no): False}  # one action if yes == no
        order = sorted(pairs)
        self.offer = (tuple(order), tuple(pairs[a] for a in order))  # (actions, payloads)


class Menu:
    """'takes an action': every declared action the seat may take, with every
    combination of its parameters that 'allowed if' accepts, and `pass` if allowed.
    The payload is (spec, parameter values, seat), or None for pass."""

    __slots__ = ("game", "specs", "may_pass", "_by_seat", "only", "key", "_kept", "whole", "order", "_whole_by_seat")

    def __init__(self, game, specs, may_pass: bool, only: Optional[tuple] = None, key: Optional[Callable] = None,
                 whole: Optional[tuple] = None):
        # `specs` may still be filling (a view): the entries are made at the first decision
        self.game, self.specs, self.may_pass = game, specs, may_pass
        self._by_seat: dict = {}  # seat -> [(spec or None for pass, names, cache)] by name
        self.only = only  # `takes one of ...`: the names of the actions offered (None: all)
        # key(st, seat): what the menu reads (codegen/menukeys.py), or None: made every time
        self.key = key
        self._kept: dict = {}  # seat -> MenusKept
        # (whole(st, seat, E), the names of its actions and pass in order): the whole menu
        # written out as one function (codegen/wholemenus.py), or None
        self.whole, self.order = whole if whole is not None else (None, ())
        self._whole_by_seat: dict = {}  # seat -> E: each name's entry, or None

    def _entries(self, seat: int) -> list:
        """The actions `seat` may take, in name order, each with the Refs of its
        parameters and its cache of actions already made ({parameter values: (action,
        payload)})."""
        only = self.only
        entries = [(s.name, s, [refs(self.game, p.kind) for p in s.params], {}) for s in self.specs
                   if (s.seat_filter is None or s.seat_filter == seat) and (only is None or s.name in only)]
        if self.may_pass:
            entries.append(("pass", None, None, None))
        got = self._by_seat[seat] = [e[1:] for e in sorted(entries, key=lambda e: e[0])]
        return got

    def _whole_entries(self, seat: int) -> tuple:
        """The entries of `_entries`, one for each name of the whole menu's order (None
        where the seat does not have that action)."""
        by_name = {"pass" if e[0] is None else e[0].name: e for e in self._by_seat.get(seat) or self._entries(seat)}
        got = self._whole_by_seat[seat] = tuple(by_name.get(name) for name in self.order)
        return got

    def offer(self, st, seat: int) -> tuple[tuple, tuple]:
        """(actions, payloads) of `seat`'s menu: a menu already made from the same key
        (the same cards, facing, knowledge and numbers read) is that menu again, its work
        charged as if made again."""
        if self.key is None:
            return self.make(st, seat)
        kept = self._kept.get(seat)
        if kept is None:
            kept = self._kept[seat] = MenusKept(Deferred)
        if kept.skip:
            kept.skip -= 1
            # (make, written out for a whole menu: a call fewer at every menu)
            got = self.whole(st, seat, self._whole_by_seat.get(seat) or self._whole_entries(seat)) if self.whole else None
            return got if got is not None else self.make(st, seat, False)
        k = self.key(st, seat)
        got = kept.menus.get(k)
        if got is not None and st.work >= got[2]:  # (short of work: made again, to fail where it fails)
            st.work -= got[2]
            kept.hits += 1
            return got[0], got[1]
        work = st.work
        acts, vals = self.make(st, seat)
        kept.keep(k, acts, vals, work - st.work)
        return acts, vals

    def make(self, st, seat: int, whole: bool = True) -> tuple[tuple, tuple]:
        """The menu worked out from the rules (`whole`: its whole menu tried first)."""
        if whole and self.whole is not None:  # (None: made action by action, to end where that ends: codegen/wholemenus.py)
            got = self.whole(st, seat, self._whole_by_seat.get(seat) or self._whole_entries(seat))
            if got is not None:
                return got
        acts: list = []
        vals: list = []
        entries = self._by_seat.get(seat) or self._entries(seat)
        for spec, names, cache in entries:
            if spec is None:
                acts.append(PASS)
                vals.append(None)
            elif spec.menu is not None:
                spec.menu(st, seat, spec, names, cache, acts, vals)
            elif len(spec.params) == 1:
                _enumerate1(st, spec, names[0], seat, cache, acts, vals)
            elif len(spec.params) == 2:
                _enumerate2(st, spec, names, seat, cache, acts, vals)
            else:
                enumerate_actions(st, spec, names, seat, cache, acts, vals)
        return tuple(acts), tuple(vals)


class _NotKept(dict):
    """A row past the limit: a lookup finds nothing, and nothing is kept."""

    def __setitem__(self, key, value) -> None:
        pass


_NOT_KEPT = _NotKept()


def _enumerate1(st, spec: ActionSpec, names, seat: int, cache: dict, acts: list, vals: list) -> None:
    """`enumerate_actions` for the common action of one parameter (cached by its value)."""
    L = [None] * spec.proc.nlocals
    L[spec.actor] = seat
    prm = spec.params[0]
    allowed = spec.allowed
    row = _named(st, seat, prm.domain(st, L), prm.kind, names)
    _charge_row(st, spec, len(row), acts)
    for label, v, pay in row:
        if allowed is not None:
            L[0] = v
            if not allowed(st, L):
                continue
        if type(pay) is Place:
            acts.append(_tuple(Action, ("menu", spec.name, ((prm.name, label),))))
            vals.append(Deferred(spec, (pay,)))
            continue
        hit = cache.get(v)
        if hit is None:
            hit = (_tuple(Action, ("menu", spec.name, ((prm.name, label),))), (spec, (v,), seat))
            if len(cache) < _CACHE_LIMIT:
                cache[v] = hit
        acts.append(hit[0])
        vals.append(hit[1])


def _enumerate2(st, spec: ActionSpec, names: list, seat: int, cache: dict, acts: list, vals: list) -> None:
    """`enumerate_actions` for an action of two parameters (cached by the pair of values)."""
    L = [None] * spec.proc.nlocals
    L[spec.actor] = seat
    p1, p2 = spec.params
    allowed, name = spec.allowed, spec.name
    last_domain, seconds = None, ()
    for label1, v1, pay1 in _named(st, seat, p1.domain(st, L), p1.kind, names[0]):
        L[0] = v1
        hidden1 = type(pay1) is Place
        domain = p2.domain(st, L)
        if domain != last_domain:  # mostly the same for every first value: named once
            last_domain, seconds = domain, _named(st, seat, domain, p2.kind, names[1])
        _charge_row(st, spec, len(seconds), acts)
        row = cache.get(v1)  # the actions kept for this first value, by second value
        if row is None:
            row = {} if len(cache) < _ROW_LIMIT else _NOT_KEPT
            if row is not _NOT_KEPT:
                cache[v1] = row
        for label2, v2, pay2 in seconds:
            if allowed is not None:
                L[1] = v2
                if not allowed(st, L):
                    continue
            if hidden1 or type(pay2) is Place:
                acts.append(_tuple(Action, ("menu", name, ((p1.name, label1), (p2.name, label2)))))
                vals.append(Deferred(spec, (pay1, pay2)))
                continue
            hit = row.get(v2)
            if hit is None:
                hit = (_tuple(Action, ("menu", name, ((p1.name, label1), (p2.name, label2)))), (spec, (v1, v2), seat))
                if len(row) < _ROW_LIMIT:
                    row[v2] = hit
            acts.append(hit[0])
            vals.append(hit[1])


def enumerate_actions(st, spec: ActionSpec, names: list, seat: int, cache: dict, acts: list, vals: list) -> None:
    """Every combination of an action's parameters that its 'allowed if' accepts, for
    `seat`, appended in canonical order (each parameter's domain sorted, outermost first).
    The payload is (spec, parameter values, seat). Actions naming no hidden card are made
    once and kept in `cache` (by parameter values), so a menu mostly reuses them."""
    L = [None] * spec.proc.nlocals
    L[spec.actor] = seat
    params, allowed, name = spec.params, spec.allowed, spec.name
    n = len(params)
    if n == 0:
        if allowed is None or allowed(st, L):
            hit = cache.get(())
            if hit is None:
                hit = cache[()] = (_tuple(Action, ("menu", name, ())), (spec, (), seat))
            acts.append(hit[0])
            vals.append(hit[1])
        return
    labels: list = [None] * n
    carried: list = [None] * n

    def rec(k: int, hidden: bool) -> None:
        last = k == n - 1
        prm = params[k]
        row = _named(st, seat, prm.domain(st, L), prm.kind, names[k])
        _charge_row(st, spec, len(row), acts)
        for label, v, pay in row:
            L[k] = v
            labels[k] = label
            carried[k] = pay
            h = hidden or type(pay) is Place or type(pay) is PlaceSet
            if not last:
                rec(k + 1, h)
            elif allowed is None or allowed(st, L):
                if h:  # named by place: made for this decision only
                    acts.append(_action(name, params, labels))
                    vals.append(Deferred(spec, tuple(carried)))
                    continue
                key = tuple(L[:n])
                hit = cache.get(key)
                if hit is None:
                    hit = (_action(name, params, labels), (spec, key, seat))
                    if len(cache) < _CACHE_LIMIT:
                        cache[key] = hit
                acts.append(hit[0])
                vals.append(hit[1])
    rec(0, False)


def _charge_row(st, spec: ActionSpec, combinations: int, acts: list) -> None:
    """Charge a row of combinations to the work budget, and keep a menu (`acts`, every
    action's so far) within its size (runtime/limits.py): it is made whole at once."""
    st.work -= combinations
    if st.work < 0:
        from .prims import over_work
        over_work(st)
    if len(acts) + combinations > MAX_MENU:
        from .values import RuleError  # values re-exports this module's classes
        own = sum(1 for a in acts if a[1] == spec.name) + combinations
        if own < MAX_MENU:  # the other actions of the decision count too: the limit is the menu's
            raise RuleError.over("menu", f"this decision would offer more than {MAX_MENU:,} actions, the most a menu "
                                 f"may hold: {len(acts) + combinations - own:,} of other actions, and {own:,} of "
                                 f"action '{spec.name}' so far (see docs/limits.md)")
        raise RuleError.over("menu", f"action '{spec.name}' would offer more than {MAX_MENU:,} combinations of its "
                        "parameters at one decision, the most a menu may hold (see docs/limits.md)")


def new_action(name: str, pairs: tuple) -> Action:
    """A menu's action: its name and its (parameter, label) pairs."""
    return _tuple(Action, ("menu", name, pairs))


def menu_whole(cache: dict, key: tuple, spec: ActionSpec, seat: int, row, param: str, plain: bool) -> tuple:
    """The menu part of a one-parameter action whose values are named the same way at
    every decision (codegen/menus.py): (actions, payloads), kept in `cache` under `key`,
    the raw values it was made from, while the cache has room (as many rows as a
    two-parameter action keeps: memory stays bounded whatever values a rule offers)."""
    if plain:
        row = [(v, v, v) for v in row]
    name = spec.name
    got = (tuple(_tuple(Action, ("menu", name, ((param, label),))) for label, _, _ in row),
           tuple((spec, (v,), seat) for _, v, _ in row))
    if len(cache) < _ROW_LIMIT and len(key) <= _ROW_LIMIT:  # at most ROW_LIMIT rows of ROW_LIMIT actions
        cache[key] = got
    return got


def menu_row(cache: dict, spec: ActionSpec, seat: int, v0, label0, param0: str, param1: str, seconds,
             plain: bool) -> tuple:
    """The row of a two-parameter action for first value `v0` when the second values are
    the same for every first value and named the same way at every decision
    (codegen/menus.py): (the second values, their actions, their payloads, and
    (value, action, payload) for each), kept in `cache` under `v0` while it has room."""
    entries = seconds if not plain else [(v, v, v) for v in seconds]
    name = spec.name
    each = tuple((v1, _tuple(Action, ("menu", name, ((param0, label0), (param1, label1)))), (spec, (v0, v1), seat))
                 for label1, v1, _ in entries)
    row = (seconds, tuple(e[1] for e in each), tuple(e[2] for e in each), each)
    if len(cache) < _ROW_LIMIT and len(seconds) <= _ROW_LIMIT:
        cache[v0] = row
    return row


def new_row(cache: dict, v) -> dict:
    """The row of a two-parameter action's cache for first value `v` (not kept past the
    limit)."""
    if len(cache) < _ROW_LIMIT:
        row = cache[v] = {}
        return row
    return _NOT_KEPT


def _action(name: str, params: list, labels: list) -> Action:
    return _tuple(Action, ("menu", name, tuple((p.name, x) for p, x in zip(params, labels))))
