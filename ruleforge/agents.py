"""Agents: given one seat's view and the legal actions, pick an action.

An agent never receives the state, only `state.view(seat)`; it brings its own seeded
random generator so that a game is reproducible from its seed.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from .rng import Random
from .values import Action


class Agent(Protocol):
    def act(self, view, actions: Sequence[Action], rng: Random) -> Action: ...


class RandomAgent:
    """Uniformly random among the legal actions."""

    name = "random"

    def act(self, view, actions: Sequence[Action], rng: Random) -> Action:
        return actions[rng.below(len(actions))]


AGENTS = {"random": RandomAgent}


def make_agent(spec: str) -> Agent:
    name = spec.split(":", 1)[0]
    if name not in AGENTS:
        raise ValueError(f"unknown agent '{spec}'; known: {', '.join(sorted(AGENTS))}")
    return AGENTS[name]()
