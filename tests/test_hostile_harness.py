"""The harness for hostile input catches what it is meant to catch."""

from hostile import assert_clean, hostile_run


def test_a_broken_rule_file_is_answered_cleanly(tmp_path):
    ran = hostile_run(["check", "x.rules"], {"x.rules": "game \"x\"\nplayers 2\nbogus line\n"}, cwd=tmp_path)
    assert ran.code is not None and "Traceback" not in ran.text and "x.rules:3:1" in ran.err


def test_a_traceback_fails_the_standard(tmp_path):
    ran = hostile_run(["check", "x.rules"], {"x.rules": "game \"x\"\n"}, cwd=tmp_path)
    bad = type(ran)(ran.code, ran.out, "Traceback (most recent call last):\n", ran.seconds, ran.cpu)
    try:
        assert_clean(bad, ran.code)
    except AssertionError:
        return
    raise AssertionError("a traceback passed")


def test_a_case_is_held_to_the_processor_time_it_used(tmp_path):
    # wall time failed cases on a busy machine (two test workers, the suite's own load):
    # `run` of a loop stopped at 100,000 steps took 7.6 s of wall time, under 3 of work
    ran = hostile_run(["check", "x.rules"], {"x.rules": "game \"x\"\n"}, cwd=tmp_path)
    assert 0 < ran.cpu < ran.seconds + 1
    slow = type(ran)(ran.code, ran.out, ran.err, 60.0, ran.cpu)
    assert_clean(slow, ran.code)  # a minute of waiting for a core is not a hang
    busy = type(ran)(ran.code, ran.out, ran.err, ran.seconds, 6.0)
    try:
        assert_clean(busy, ran.code)
    except AssertionError as e:
        assert "took 6.0 s of processor time (limit 5.0 s" in str(e)
        return
    raise AssertionError("6 s of processor time passed")
