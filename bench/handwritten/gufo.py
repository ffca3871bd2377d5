"""gUFO written by hand in plain Python: a reference for speed comparisons with
ruleforge's `games/gufo.rules` (the authoritative rules; this file follows its rulings).

    import gufo                      # bench/handwritten/gufo.py, loaded by path
    st = gufo.new(seed)
    while not st.is_over:
        st.apply(random.choice(st.legal_actions()))
    st.winners, st.ending            # e.g. (1,), "owl_landed"

An OpenSpiel-style state: `legal_actions()` (a list of small tuples), `apply(action)`,
`is_over`, `current_player` (None once over), `clone()`, `winners` (a tuple of seats) and
`ending` (the name of the rule file's `ending` that finished the game). Seats are those of
the rule file: 0 = the Invader, 1 = the Radar Operator. `apply` trusts its argument: pass
only actions from `legal_actions()`.

Cards are ints, value * 4 + suit (suits 0 clubs, 1 diamonds, 2 spades, 3 hearts; A = 1 ..
K = 13). UFOs are numbered by suit 0..2. Zones are lists; the top of the deck is its end.
No visibility, no narration; the RNG is an xorshift64 integer inside the state, so a
clone copies it for free (its numbers differ from ruleforge's; the rules do not).

Decision points, one for one with games/gufo.rules (same player, same moment, same
number of choices):

  rule file                                           here
  setup: invader chooses a card in aces (3)           (ALIEN, suit)     x 3
  turn of invader: chooses a card in revealed          (USE, card)       x reveal_count
  repeat while invader chooses "reveal another card"   MORE = (MORE,)
                                 over "stop"           STOP = (STOP,)
  (after stop) chooses a card in revealed to remove    (REMOVE, card)    x cards revealed
  turn of radar: radar takes an action (ONE flat menu):
      bengal_light(card 2..10, altitude 2..8, allowed) (BENGAL, card, altitude)
      special_light(card J/Q/K, altitude 2..8)         (SPECIAL, card, altitude)
      scan(any card in hand, altitude 2..8)            (SCAN, card, altitude)
      shoot(target in ufo)                             (SHOOT, suit)     x 3, always

Between decisions, as in the rule file: revealing from an empty deck is an exhaustion
(the first one with a non-empty discard pile reshuffles it into the deck; otherwise the
game ends `exhausted`); a UFO reaching altitude 1 ends the game at once (`alien_landed`
or `owl_landed`), even in the middle of the Invader's turn; UFOs never rise above 8.
The rule file's parameters are keyword arguments of `new` with the same defaults.
"""

from __future__ import annotations

INVADER, RADAR = 0, 1
CLUBS, DIAMONDS, SPADES, HEARTS = 0, 1, 2, 3
SUIT_NAMES = ("clubs", "diamonds", "spades", "hearts")

# action kinds: the first element of every action tuple
ALIEN, USE, MORE_, STOP_, REMOVE, BENGAL, SPECIAL, SCAN, SHOOT = range(9)
MORE, STOP = (MORE_,), (STOP_,)
KIND_NAMES = ("alien", "use", "reveal another card", "stop", "remove",
              "bengal_light", "special_light", "scan", "shoot")

# phases: which decision is pending
P_ALIEN, P_USE, P_PUSH, P_REMOVE, P_RADAR, P_OVER = range(6)

# the rule file's endings and who wins each
WINNERS = {"alien_landed": (INVADER,), "owl_landed": (RADAR,), "exhausted": (RADAR,),
           "alien_shot": (RADAR,), "owl_shot": (INVADER,)}

MASK = (1 << 64) - 1
ALIEN_ACTIONS = [(ALIEN, s) for s in (CLUBS, DIAMONDS, SPADES)]
SHOOT_ACTIONS = [(SHOOT, s) for s in (CLUBS, DIAMONDS, SPADES)]
USE_ACTION = [(USE, c) for c in range(56)]
REMOVE_ACTION = [(REMOVE, c) for c in range(56)]


def card(value: int, suit: int) -> int:
    return value * 4 + suit


def card_name(c: int) -> str:
    v = c >> 2
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(v, str(v)) + "♣♦♠♥"[c & 3]


def action_name(a: tuple) -> str:
    """The action as ruleforge prints it (for tests and debugging)."""
    k = a[0]
    if k in (ALIEN, USE, REMOVE):
        return "A" + "♣♦♠"[a[1]] if k == ALIEN else card_name(a[1])
    if k in (MORE_, STOP_):
        return KIND_NAMES[k]
    if k == SHOOT:
        return f"shoot(target={SUIT_NAMES[a[1]]} ufo)"
    return f"{KIND_NAMES[k]}(card={card_name(a[1])}, altitude={a[2]})"


# the invasion deck: 2..Q of clubs, diamonds, spades; the hearts but the ace
INVASION_DECK = [card(v, s) for s in (CLUBS, DIAMONDS, SPADES) for v in range(2, 13)]
HEART_CARDS = [card(v, HEARTS) for v in range(2, 14)]
_MENUS: dict = {}


def _radar_menus(cloudy: tuple) -> list:
    """Per heart card: every radar action with that card (bengal lights that are allowed,
    special lights, scans), made once per cloudy set. Index by card int."""
    if cloudy not in _MENUS:
        menus = [[] for _ in range(56)]
        for v in range(1, 14):
            c = card(v, HEARTS)
            m = menus[c]
            if 2 <= v <= 10:
                m += [(BENGAL, c, a) for a in range(2, 9) if (v == a if a in cloudy else v >= a)]
            if v >= 11:
                m += [(SPECIAL, c, a) for a in range(2, 9)]
            m += [(SCAN, c, a) for a in range(2, 9)]
        _MENUS[cloudy] = menus
    return _MENUS[cloudy]


def _mix(seed: int) -> int:
    """SplitMix64 of the seed: a non-zero xorshift state."""
    z = (seed * 0x9E3779B97F4A7C15 + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return (z ^ (z >> 31)) or 1


def new(seed: int = 0, reveal_count: int = 2, cloudy_altitudes=(5, 7), exhaustions_to_lose: int = 2,
        radar_hand_size: int = 3, start_altitude: int = 8) -> "State":
    """A new game dealt from `seed`, waiting for the Invader to choose the Alien."""
    st = State.__new__(State)
    st.rng = _mix(seed)
    st.reveal_count, st.exhaustions_to_lose = reveal_count, exhaustions_to_lose
    cloudy = tuple(sorted(set(cloudy_altitudes)))
    st.cloudy = cloudy
    st.menus = _radar_menus(cloudy)
    # setup, as the rule file's `setup:` block
    st.deck = INVASION_DECK.copy()
    st._shuffle(st.deck)
    heap = HEART_CARDS.copy()
    st._shuffle(heap)
    st.sky = [None, card(1, HEARTS)] + heap[-7:][::-1]        # sky[a] = the card at altitude a
    del heap[-7:]
    n = min(radar_hand_size, len(heap))
    st.hand = heap[len(heap) - n:]
    st.discard, st.revealed, st.removed = [], [], []
    st.alt = [start_altitude] * 3
    st.alien = -1
    st.used = st.mover = 0
    st.exhaustions = 0
    st.phase, st.current_player = P_ALIEN, INVADER
    st.is_over, st.winners, st.ending = False, (), None
    return st


class State:
    __slots__ = ("rng", "reveal_count", "exhaustions_to_lose", "cloudy", "menus",
                 "deck", "discard", "revealed", "removed", "sky", "hand", "alt", "alien",
                 "used", "mover", "exhaustions", "phase", "current_player",
                 "is_over", "winners", "ending")

    # ---- the public face
    def legal_actions(self) -> list:
        ph = self.phase
        if ph == P_RADAR:
            menus = self.menus
            acts = []
            for c in self.hand:
                acts += menus[c]
            return acts + SHOOT_ACTIONS
        if ph == P_PUSH:
            return [MORE, STOP]
        if ph == P_USE:
            return [USE_ACTION[c] for c in self.revealed]
        if ph == P_REMOVE:
            return [REMOVE_ACTION[c] for c in self.revealed]
        if ph == P_ALIEN:
            return ALIEN_ACTIONS.copy()
        return []

    def apply(self, action: tuple) -> None:
        k = action[0]
        if k == MORE_:                      # reveal another card
            c = self._draw()
            if c < 0:
                return
            self.revealed.append(c)
            v = c >> 2
            if v > self.used:
                self.used = v
                self._descend()
            else:                           # the descent busts
                self.removed += self.revealed
                self.revealed = []
                self.phase, self.current_player = P_RADAR, RADAR
        elif k == USE:                      # the card that advances its UFO
            c = action[1]
            self.used, self.mover = c >> 2, c & 3
            if self._descend():
                self.phase = P_PUSH
        elif k == STOP_:
            self.phase = P_REMOVE
        elif k == REMOVE:                   # one revealed card removed, the rest discarded
            c = action[1]
            rev = self.revealed
            rev.remove(c)
            self.removed.append(c)
            self.discard += rev
            self.revealed = []
            self.phase, self.current_player = P_RADAR, RADAR
        elif k == SHOOT:
            self._end("alien_shot" if action[1] == self.alien else "owl_shot")
        elif k == ALIEN:
            self.alien = action[1]
            alt = self.alt
            if 1 in alt:                    # start_altitude 1: over before the first turn
                self._end("alien_landed" if alt[self.alien] == 1 else "owl_landed")
            else:
                self._invader_turn()
        else:                               # bengal light, special light, scan
            c, a = action[1], action[2]
            hand = self.hand
            if k == SPECIAL:
                hand.remove(c)
                self.removed.append(c)
                self._rise(a, 2)
            else:
                sky = self.sky
                hand[hand.index(c)] = sky[a]
                sky[a] = c
                if k == BENGAL:
                    self._rise(a, 1)
            self._invader_turn()

    def clone(self) -> "State":
        s = State.__new__(State)
        s.rng, s.reveal_count, s.exhaustions_to_lose = self.rng, self.reveal_count, self.exhaustions_to_lose
        s.cloudy, s.menus = self.cloudy, self.menus
        s.deck, s.discard, s.revealed = self.deck[:], self.discard[:], self.revealed[:]
        s.removed, s.sky, s.hand, s.alt = self.removed[:], self.sky[:], self.hand[:], self.alt[:]
        s.alien, s.used, s.mover, s.exhaustions = self.alien, self.used, self.mover, self.exhaustions
        s.phase, s.current_player = self.phase, self.current_player
        s.is_over, s.winners, s.ending = self.is_over, self.winners, self.ending
        return s

    def __repr__(self) -> str:
        sky = " ".join(f"{a}:{'[' + card_name(c) + ']' if a in self.cloudy else card_name(c)}"
                       for a, c in enumerate(self.sky) if c is not None)
        return (f"<gufo phase={self.phase} ufos={self.alt} alien={self.alien} sky {sky} "
                f"hand={[card_name(c) for c in self.hand]} deck={len(self.deck)} "
                f"discard={len(self.discard)} ending={self.ending}>")

    # ---- the rules between decisions
    def _invader_turn(self) -> None:
        """Reveal reveal_count cards; then the Invader chooses one."""
        rev = self.revealed
        for _ in range(self.reveal_count):
            c = self._draw()
            if c < 0:
                return
            rev.append(c)
        self.phase, self.current_player = P_USE, INVADER

    def _draw(self) -> int:
        """The top card of the deck, after an exhaustion if it is empty; -1 if the game
        ended (the deck ran out for good)."""
        deck = self.deck
        if not deck:
            self.exhaustions += 1
            if self.exhaustions >= self.exhaustions_to_lose or not self.discard:
                self._end("exhausted")
                return -1
            deck = self.deck = self.discard
            self.discard = []
            self._shuffle(deck)
        return deck.pop()

    def _descend(self) -> bool:
        """The mover goes down one; False if it landed (the game is over)."""
        m = self.mover
        a = self.alt[m] - 1
        self.alt[m] = a
        if a == 1:
            self._end("alien_landed" if m == self.alien else "owl_landed")
            return False
        return True

    def _rise(self, a: int, by: int) -> None:
        alt = self.alt
        for i in (0, 1, 2):
            if alt[i] == a:
                alt[i] = min(8, a + by)

    def _end(self, ending: str) -> None:
        self.phase, self.current_player = P_OVER, None
        self.is_over, self.ending, self.winners = True, ending, WINNERS[ending]

    def _shuffle(self, items: list) -> None:
        """Fisher-Yates. xorshift64 (13, 7, 17) fills one big integer with 64 bits more
        than log2(n!), whose mixed-radix digits are the swap indices (bias < 2**-64)."""
        n = len(items)
        x, acc = self.rng, 0
        for _ in range(n * n.bit_length() // 64 + 2):
            x ^= (x << 13) & MASK
            x ^= x >> 7
            x ^= (x << 17) & MASK
            acc = acc << 64 | x
        for i in range(n - 1, 0, -1):
            acc, j = divmod(acc, i + 1)
            items[i], items[j] = items[j], items[i]
        self.rng = x
