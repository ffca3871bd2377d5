"""Playing a simulation on a Dask distributed cluster.

The chunks of games go to the cluster's workers as they are, and come back in game
order, so a run gives exactly the results it gives on one machine. Workers must be
able to import ruleforge and read the rule files at the same paths (run them from the
same checkout, or a shared folder). Install with `pip install ruleforge[dask]`.
"""

from __future__ import annotations

from typing import Callable, Iterator, Optional

from .simulate import GameSpec, play_chunk


def run_on_dask(scheduler, spec: GameSpec, parts: list, progress: Optional[Callable[[int], None]] = None) -> Iterator[list]:
    """`scheduler` is an address ('tcp://host:8786') or a distributed.Client."""
    try:
        from distributed import Client, as_completed
    except ImportError:  # pragma: no cover - depends on the install
        raise RuntimeError("--scheduler needs Dask: pip install 'ruleforge[dask]'") from None
    own = not hasattr(scheduler, "submit")
    client = Client(scheduler, timeout="10s") if own else scheduler
    try:
        futures = [client.submit(play_chunk, spec, part, pure=False) for part in parts]
        results: dict = {}
        index = {f.key: i for i, f in enumerate(futures)}
        for fut in as_completed(futures):
            results[index[fut.key]] = fut.result()
            if progress:
                progress(len(results[index[fut.key]]))
        for i in range(len(parts)):
            yield results[i]
    finally:
        if own:
            client.close()
