"""Games of several value sets at once, on processes kept for a whole search.

`run_games` plays one game's seeds on a pool it starts and stops; a search plays a
few dozen games of each of many value sets, rung after rung, and would leave a core idle
at the tail of every value set. Here one pool lives as long as the search, and a batch
(the games of every value set of a rung) is cut into small parts that both cores take
from, whichever value set they belong to. Game i of a value set is dealt from
derive(seed, i) whoever plays it (drivers/simulate.py), so the outcomes are the same on
any number of processes.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from .simulate import COMPILED_GAMES, GameSpec, ignore_sigint, local_jobs, play_one

# compiled games a worker keeps: a rung's value sets, not a whole long search's
KEEP_COMPILED = 32


def _play_part(part: tuple) -> list:
    spec, indexes = part
    if len(COMPILED_GAMES) > KEEP_COMPILED:
        COMPILED_GAMES.clear()
    return [play_one(spec, i) for i in indexes]


class GamePool:
    """`play(batch)`: for each (spec, indexes) of the batch, its outcomes in index order."""

    def __init__(self, jobs: int):
        self.jobs = local_jobs(jobs)
        self._pool = None

    def __enter__(self) -> "GamePool":
        if self.jobs > 1:
            import multiprocessing as mp
            ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
            self._pool = ctx.Pool(self.jobs, initializer=ignore_sigint)
        return self

    def __exit__(self, *exc) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def play(self, batch: Sequence[tuple[GameSpec, Sequence[int]]],
             progress: Optional[Callable[[int], None]] = None) -> list[list]:
        total = sum(len(ix) for _, ix in batch)
        # parts small enough that every process has work to the end of the batch
        size = max(1, min(25, total // (self.jobs * 8)))
        parts, owners = [], []
        for b, (spec, indexes) in enumerate(batch):
            indexes = list(indexes)
            for i in range(0, len(indexes), size):
                parts.append((spec, indexes[i:i + size]))
                owners.append(b)
        out: list[list] = [[] for _ in batch]
        results = (self._pool.imap(_play_part, parts) if self._pool is not None
                   else map(_play_part, parts))
        for b, outcomes in zip(owners, results):
            out[b].extend(outcomes)
            if progress:
                progress(len(outcomes))
        return out
