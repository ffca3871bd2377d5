"""The harness for hostile input catches what it is meant to catch."""

from hostile import assert_clean, hostile_run


def test_a_broken_rule_file_is_answered_cleanly(tmp_path):
    ran = hostile_run(["check", "x.rules"], {"x.rules": "game \"x\"\nplayers 2\nbogus line\n"}, cwd=tmp_path)
    assert ran.code is not None and "Traceback" not in ran.text and "x.rules:3:1" in ran.err


def test_a_traceback_fails_the_standard(tmp_path):
    ran = hostile_run(["check", "x.rules"], {"x.rules": "game \"x\"\n"}, cwd=tmp_path)
    bad = type(ran)(ran.code, ran.out, "Traceback (most recent call last):\n", ran.seconds)
    try:
        assert_clean(bad, ran.code)
    except AssertionError:
        return
    raise AssertionError("a traceback passed")
