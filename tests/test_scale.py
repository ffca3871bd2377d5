"""The same simulation on a Dask cluster gives exactly the local results."""

import pytest

distributed = pytest.importorskip("distributed")

from ruleforge.drivers.simulate import GameSpec, run_games  # noqa: E402


def test_dask_local_cluster_matches_the_local_run():
    spec = GameSpec("games/gufo.rules", {"reveal_count": 3}, None, "invader=greedy", 21)
    local = run_games(spec, 80, jobs=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            seen = []
            remote = run_games(spec, 80, scheduler=client, progress=seen.append)
            remote_by_address = run_games(spec, 80, scheduler=cluster.scheduler_address)
    assert [o.to_json() for o in remote] == [o.to_json() for o in local]
    assert [o.to_json() for o in remote_by_address] == [o.to_json() for o in local]
    assert sum(seen) == 80
