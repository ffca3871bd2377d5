"""Agents see only a seat's view: ISMCTS's choices cannot depend on hidden cards."""

import pytest

import ruleforge
from ruleforge.drivers.agents import GreedyAgent, IsmctsAgent, Observation, make_agent, parse_agents
from ruleforge.runtime.determinize import determinize, hidden_from
from ruleforge.drivers.play import decide_for, play_game
from ruleforge.runtime.rng import Random, derive


@pytest.fixture(scope="module")
def gufo():
    return ruleforge.load("games/gufo.rules")


@pytest.fixture(scope="module")
def ufology():
    return ruleforge.load("games/ufology.rules", players=4)


def advance(st, steps, seed):
    r = Random(seed)
    for _ in range(steps):
        if st.is_over:
            break
        a = st.legal_actions()
        st.apply(a[r.below(len(a))])
    return st


def permute_hidden(st, seat, seed):
    """The true state with the cards `seat` cannot see swapped among the places it
    cannot see (within their classes): a different truth, the same information."""
    other = determinize(st, seat, seed)
    other.rng = st.rng  # keep the true future chance: only the hidden deal differs
    return other


@pytest.mark.parametrize("which, seat, steps", [("gufo", 1, 3), ("gufo", 1, 9), ("gufo", 0, 6),
                                                ("ufology", 0, 4), ("ufology", 2, 30)])
@pytest.mark.parametrize("spec", ["ismcts:40", "ismcts:60:views=0.5"])
def test_ismcts_reads_no_hidden_information(gufo, ufology, which, seat, steps, spec):
    game = gufo if which == "gufo" else ufology
    for seed in range(3):
        st = advance(game.new(seed), steps, seed)
        while not st.is_over and st.current_player != seat:
            advance(st, 1, seed + 100)
        if st.is_over:
            continue
        other = permute_hidden(st, seat, 777 + seed)
        hidden = hidden_from(st, seat)
        # the permutation really moved hidden cards...
        assert [st.zones[z] for z in range(len(st.zones))] != [other.zones[z] for z in range(len(st.zones))]
        # ...and nothing this seat can see
        assert st.view(seat) == other.view(seat) and hidden
        choices = []
        for world in (st, other):
            agent = make_agent(spec)
            choices.append(decide_for(agent, world, seat, world.legal_actions(), Random(5)))
        assert choices[0] == choices[1]


def test_determinize_keeps_everything_the_seat_knows(gufo):
    st = advance(gufo.new(2), 8, 2)
    for seat in (0, 1):
        for seed in range(5):
            d = determinize(st, seat, seed)
            assert d.view(seat) == st.view(seat)
            assert sorted(c for z in d.zones for c in z) == list(range(52))
            # the Radar's sample of the Alien is one of the three aces, never a king
            if seat == 1:
                assert d.cards_in("alien", "invader")[0] in ("A♣", "A♦", "A♠")


def test_determinize_samples_vary_and_keep_classes(gufo):
    st = gufo.new(4)
    st.apply(st.legal_actions()[0])  # the Alien is chosen: now the Radar cannot see it
    aliens = {determinize(st, 1, s).cards_in("alien", "invader")[0] for s in range(40)}
    assert aliens == {"A♣", "A♦", "A♠"}
    clouds = {determinize(st, 0, s).cards_in("sky", slot=5)[0] for s in range(40)}
    assert all(c.endswith("♥") for c in clouds) and len(clouds) > 2


def test_observation_holds_no_true_state(gufo):
    st = advance(gufo.new(6), 5, 6)
    seat = st.current_player
    obs = Observation(seat, st.view(seat), st.legal_actions(), determinize(st, seat, 1))
    assert obs._world is not st
    hidden = hidden_from(st, seat)
    # the world inside the observation is a re-deal, not the truth
    assert any(obs._world.loc[c] != st.loc[c] for c in hidden)


def test_agent_specs(gufo):
    assert make_agent("ismcts:300").iterations == 300
    assert make_agent("ismcts:200ms").millis == 200.0
    assert make_agent("greedy:2").samples == 2
    agents = parse_agents("radar=ismcts:50,invader=greedy", gufo)
    assert [a.name for a in agents] == ["greedy", "ismcts"]
    assert [a.name for a in parse_agents("2=greedy", gufo)] == ["random", "greedy"]
    for bad, message in [("radr=random", "did you mean 'radar'"), ("radar=smart", "unknown agent"),
                         ("grredy", r"unknown agent 'grredy'; did you mean 'greedy'\? \(the agents are: random, greedy"),
                         ("ismcts:fast", "iterations"), ("random:3", "no budget"), ("9=random", "seats are"),
                         # a seat or an option given twice (the last one quietly won)
                         ("radar=ismcts:50,2=greedy", r"the Radar Operator is given two bots \('radar=ismcts:50' and '2=greedy'\)"),
                         ("ismcts:100:depth=5:depth=6", "ismcts option depth is given twice"),
                         ("ismcts:100:random:playout=greedy", "ismcts option playout is given twice")]:
        with pytest.raises(ValueError, match=message):
            parse_agents(bad, gufo)


def test_a_seat_may_be_named_as_narration_names_it(ufology):
    """`--agents "player 3=greedy"`: the seat's name as the narration prints it, beside its
    number (found when a newcomer copied a name from the screen)."""
    assert [a.name for a in parse_agents("player 3=greedy,1=ismcts:10", ufology)] == \
        ["ismcts", "random", "greedy", "random"]
    with pytest.raises(ValueError, match="no seat or role 'player 5'"):
        parse_agents("player 5=greedy", ufology)



def test_a_role_may_be_named_by_its_title(gufo):
    # simulate.md: seats are named "by the name the narration gives them"; narration says
    # "Radar Operator", and `--agents "Radar Operator=greedy"` was refused
    for spec in ("Radar Operator=greedy", "the radar operator=greedy", "radar=greedy"):
        assert [a.name for a in parse_agents(spec, gufo)] == ["random", "greedy"], spec
    with pytest.raises(ValueError, match="no seat or role 'Radar Operators'"):
        parse_agents("Radar Operators=greedy", gufo)


def test_greedy_beats_random_at_four_players(ufology):
    wins = 0
    games = 120
    for i in range(games):
        agents = parse_agents("1=greedy", ufology)
        st = play_game(ufology, derive(31, i), agents)
        wins += st.result.winners == (0,)
    # a fair share would be a quarter; greedy takes most games
    assert wins / games > 0.6


def test_ismcts_radar_beats_random_radar(gufo):
    def radar_wins(spec, games=40):
        won = 0
        for i in range(games):
            st = play_game(gufo, derive(8, i), parse_agents(spec, gufo))
            won += st.result.winners == (1,)
        return won
    # a small check that search helps at all; docs/agents.md has the 500-game figures
    assert radar_wins("radar=ismcts:150") > radar_wins("random") + 4


def test_ismcts_playouts_follow_the_heuristic_when_there_is_one(ufology):
    from ruleforge.drivers.agents import best_next, heuristic_value
    assert IsmctsAgent().guided == 1.0
    assert make_agent("ismcts:300").guided == 1.0
    assert make_agent("ismcts:300:random").guided == 0.0
    assert make_agent("ismcts:50ms:random").millis == 50.0
    with pytest.raises(ValueError, match="random"):
        make_agent("ismcts:300:smart")
    # a guided playout step takes an action whose result the mover's heuristic likes best
    for seed in range(4):
        st = advance(ufology.new(seed), 6 + 5 * seed, seed)
        actions = st.legal_actions()
        mover = st.current_player

        def value(a):
            after = st.clone()
            after.apply(a)
            return heuristic_value(after, mover)

        chosen = best_next(st, actions, Random(seed))
        assert chosen in actions and value(chosen) == max(value(a) for a in actions)


def test_ismcts_is_reproducible(ufology):
    st = advance(ufology.new(9), 12, 9)
    seat = st.current_player
    choices = {decide_for(IsmctsAgent(iterations=30), st, seat, st.legal_actions(), Random(3)) for _ in range(2)}
    assert len(choices) == 1


def test_the_evaluator_example_of_agents_md_runs_as_written(capsys, monkeypatch):
    """docs/agents.md's own evaluator, run from the repository's folder: it prints what its
    comment says."""
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    text = (root / "docs" / "agents.md").read_text()
    block = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "to_the_end" in b)
    monkeypatch.chdir(root)
    exec(compile(block, "agents.md", "exec"), {})
    assert capsys.readouterr().out == "(1,)\n" and "# the game's last state: (1,), the Radar Operator won" in block
