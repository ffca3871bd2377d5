"""Issue 12, files, logs, flags and the CLI: hostile files, text, logs and flags.

Each case of the issue is a test: run as a user would (`hostile_run`, a fresh process
with a time and a memory limit) where the process matters, in-process (`ruleforge_cmd`)
where it does not. Every one asserts the message, the exit code (1: the rule file has
problems; 2: usage, or a file that cannot be read; 130: interrupted) and no traceback.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from corrupt_logs import corrupt
from hostile import assert_clean, hostile_run

ROOT = Path(__file__).resolve().parents[1]
GUFO = ROOT / "games" / "gufo.rules"
GUFO_TEXT = GUFO.read_text(encoding="utf-8")
PASSWD_LINE = "root:x:0:0"  # the first line of /etc/passwd; it must never be printed
OSC52 = "\x1b]52;c;aGVsbG8=\x07"  # writes the clipboard on terminals that allow it


def gufo_with(*pairs: tuple[str, str]) -> str:
    text = GUFO_TEXT
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new)
    return text


def no_passwd(ran) -> None:
    assert PASSWD_LINE not in ran.text and "/bin/bash" not in ran.text and "nologin" not in ran.text, ran.text


# ---- Files (issue item 4) -------------------------------------------------------------

@pytest.mark.skipif(not Path("/etc/passwd").exists(), reason="needs /etc/passwd")
@pytest.mark.parametrize("path", ["/etc/passwd", "../../../../../../../../etc/passwd"])
def test_extends_a_file_that_is_not_a_rule_file(tmp_path, path):
    ran = hostile_run(["check", "v.rules"], {"v.rules": f'extends "{path}"\n'}, cwd=tmp_path)
    assert_clean(ran, 1)
    assert ran.err == (f"v.rules:1:1: error: cannot read '{path}': not a rule file: its name does not end in '.rules'\n"
                       f'    extends "{path}"\n    ^\n  hint: ruleforge reads only rule files, named NAME.rules\n'
                       "1 error in v.rules\n")
    no_passwd(ran)


def test_extends_a_link_named_rules_to_another_file(tmp_path):
    (tmp_path / "secret.txt").write_text("password: hunter2\nline two\n")
    (tmp_path / "base.rules").symlink_to(tmp_path / "secret.txt")
    ran = hostile_run(["check", "v.rules"], {"v.rules": 'extends "base.rules"\n'}, cwd=tmp_path)
    assert_clean(ran, 1, "v.rules:1:1: error: cannot read 'base.rules': not a rule file: it is a link to a file "
                         "whose name does not end in '.rules'")
    assert "hunter2" not in ran.text and "line two" not in ran.text
    ran = hostile_run(["check", "base.rules"], cwd=tmp_path)
    assert_clean(ran, 2, "base.rules: error: not a rule file: it is a link to a file whose name does not end in")
    assert "hunter2" not in ran.text


def test_extends_a_folder_named_rules(tmp_path):
    # once "error: Is a directory: 3", exit 2, with no file or line
    (tmp_path / "d.rules").mkdir()
    ran = hostile_run(["check", "v.rules"], {"v.rules": 'extends "d.rules"\n'}, cwd=tmp_path)
    assert_clean(ran, 1)
    assert ran.err == ("v.rules:1:1: error: cannot read 'd.rules': not a rule file: it is a folder\n"
                       '    extends "d.rules"\n    ^\n  hint: a rule file is a regular file\n1 error in v.rules\n')


@pytest.mark.skipif(not Path("/etc/passwd").exists(), reason="needs /etc/passwd")
def test_a_log_whose_rules_field_names_another_file(tmp_path):
    log = {"type": "start", "rules": "/etc/passwd", "sha256": "0" * 64, "seed": 1, "players": 2}
    ran = hostile_run(["replay", "g.jsonl"], {"g.jsonl": json.dumps(log) + "\n"}, cwd=tmp_path)
    assert_clean(ran, 2)
    assert ran.err == ("Error: the log's rule file /etc/passwd: not a rule file: its name does not end in '.rules'; "
                       "if it has moved, give its path with --rules FILE\n")
    no_passwd(ran)


def test_a_named_pipe_as_the_rule_file(tmp_path):
    os.mkfifo(tmp_path / "pipe.rules")
    ran = hostile_run(["check", "pipe.rules"], cwd=tmp_path)
    assert_clean(ran, 2)
    assert ran.err == ("pipe.rules: error: not a rule file: it is a named pipe\n  hint: a rule file is a regular file\n"
                       "1 error in the command line\n")


def test_a_named_pipe_as_the_base(tmp_path):
    os.mkfifo(tmp_path / "pipe.rules")
    ran = hostile_run(["run", "v.rules", "--seed", "1"], {"v.rules": 'extends "pipe.rules"\n'}, cwd=tmp_path)
    assert_clean(ran, 1, "v.rules:1:1: error: cannot read 'pipe.rules': not a rule file: it is a named pipe\n")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_as_the_rule_file_or_the_base(tmp_path, device):
    ran = hostile_run(["check", device], cwd=tmp_path)
    assert_clean(ran, 2, f"{device}: error: not a rule file: its name does not end in '.rules'")
    (tmp_path / "dev.rules").symlink_to(device)
    ran = hostile_run(["check", "dev.rules"], cwd=tmp_path)
    assert_clean(ran, 2, "dev.rules: error: not a rule file: it is a device\n")
    ran = hostile_run(["check", "v.rules"], {"v.rules": 'extends "dev.rules"\n'}, cwd=tmp_path)
    assert_clean(ran, 1, "v.rules:1:1: error: cannot read 'dev.rules': not a rule file: it is a device\n")


def test_a_symlink_loop(tmp_path):
    (tmp_path / "a.rules").symlink_to(tmp_path / "b.rules")
    (tmp_path / "b.rules").symlink_to(tmp_path / "a.rules")
    ran = hostile_run(["check", "a.rules"], cwd=tmp_path)
    assert_clean(ran, 2)
    assert ran.err == "a.rules: error: cannot read the file: Too many levels of symbolic links\n1 error in the command line\n"
    ran = hostile_run(["check", "v.rules"], {"v.rules": 'extends "a.rules"\n'}, cwd=tmp_path)
    assert_clean(ran, 1, "v.rules:1:1: error: cannot read 'a.rules': Too many levels of symbolic links\n")


def test_a_huge_file_is_refused_before_it_is_read(tmp_path):
    """3 GB (sparse): read, it would pass the memory limit; its size is checked first."""
    with open(tmp_path / "huge.rules", "wb") as f:
        f.truncate(3_000_000_000)
    ran = hostile_run(["check", "huge.rules"], cwd=tmp_path)
    assert_clean(ran, 2)
    assert ran.err == ("huge.rules:1:1: error: file is too large for a rule file (3,000,000,000 bytes)\n"
                       "  hint: rule files are limited to 2,000,000 bytes\n1 error in the command line\n")
    ran = hostile_run(["check", "v.rules"], {"v.rules": 'extends "huge.rules"\n'}, cwd=tmp_path)
    assert_clean(ran, 1, "v.rules:1:1: error: cannot read 'huge.rules': file is too large for a rule file "
                         "(3,000,000,000 bytes)\n")


def test_a_file_not_named_rules(ruleforge_cmd, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text(GUFO_TEXT)
    r = ruleforge_cmd("check", notes)
    assert r.code == 2
    assert r.err == (f"{notes}: error: not a rule file: its name does not end in '.rules'\n"
                     f"  hint: ruleforge reads only rule files, named NAME.rules\n1 error in the command line\n")


def test_extends_may_leave_the_variants_folder(ruleforge_cmd, tmp_path):
    """The designer's layout: games/variants/x.rules extends "../base.rules"."""
    (tmp_path / "variants").mkdir()
    (tmp_path / "gufo.rules").write_text(GUFO_TEXT, encoding="utf-8")
    v = tmp_path / "variants" / "three.rules"
    v.write_text('extends "../gufo.rules"\nparameter reveal_count = 3\n', encoding="utf-8")
    r = ruleforge_cmd("check", v)
    assert (r.code, r.out) == (0, f"{v}: ok: gUFO, 2 players, 4 actions, 5 endings, 8 invariants\n")
    for shipped in sorted((ROOT / "games" / "variants").glob("*.rules")):
        assert ruleforge_cmd("check", shipped).code == 0, shipped


def test_a_chain_of_variants_is_bounded(ruleforge_cmd, tmp_path):
    (tmp_path / "v0.rules").write_text(GUFO_TEXT, encoding="utf-8")
    for i in range(1, 17):
        (tmp_path / f"v{i}.rules").write_text(f'extends "v{i - 1}.rules"\n', encoding="utf-8")
    assert ruleforge_cmd("check", tmp_path / "v15.rules").code == 0  # 16 files
    r = ruleforge_cmd("check", tmp_path / "v16.rules")
    assert r.code == 1
    assert r.headers == [f"{tmp_path / 'v1.rules'}:1:1: error: too many files extend one another: a chain of "
                         "variants is limited to 16 files"]


def test_a_named_pipe_as_a_log(tmp_path):
    os.mkfifo(tmp_path / "g.jsonl")
    ran = hostile_run(["replay", "g.jsonl"], cwd=tmp_path)
    assert_clean(ran, 2)
    assert ran.err == "Error: cannot read g.jsonl: it is not a regular file\n"


# ---- Text that reaches the terminal (issue item 5) -------------------------------------

MARKUP = gufo_with(('game "gUFO"', 'game "[/]"'), ('role radar "Radar Operator"', 'role radar "[/]"'),
                   ('"to be the Alien"', '"[/]"'))


def test_markup_in_titles_and_prompts_does_not_break_a_simulation(tmp_path):
    ran = hostile_run(["run", "m.rules", "--games", "5", "--jobs", "1", "--seed", "1"], {"m.rules": MARKUP},
                      cwd=tmp_path)
    assert_clean(ran, 0, "[/]: 5 games · agents random", "│ [/]     ")


def test_markup_in_titles_in_compare_and_sweep(ruleforge_cmd, tmp_path):
    f = tmp_path / "m.rules"
    f.write_text(MARKUP, encoding="utf-8")
    r = ruleforge_cmd("compare", f, f, "--games", 3, "--jobs", 1, "--seed", 1)
    assert r.code == 0
    assert any(line.startswith("│ ") and "│ [/]" in line for line in r.lines), r.out
    r = ruleforge_cmd("run", f, "--sweep", "reveal_count=1,2", "--games", 3, "--jobs", 1, "--seed", 1)
    assert r.code == 0 and "[/] wins" in r.out and "[/]: reveal_count swept" in r.out


def test_markup_in_titles_and_prompts_is_narrated_as_written(ruleforge_cmd, tmp_path):
    f = tmp_path / "m.rules"
    f.write_text(MARKUP, encoding="utf-8")
    r = ruleforge_cmd("run", f, "--seed", 1)
    assert r.code == 0
    assert r.lines[0].startswith("[/], 2 players · seed 1 · ")
    assert r.lines[1] == "Seats: Invader (seat 1, random), [/] (seat 2, random)"
    assert any(line.startswith("  ▸ Invader chooses ") and line.endswith(" ([/])") for line in r.lines)


def test_markup_in_a_card_name_in_the_card_list(ruleforge_cmd, tmp_path):
    f = tmp_path / "c.rules"
    f.write_text(ROOT.joinpath("examples", "courtiers.rules").read_text(encoding="utf-8")
                 .replace('card "Guard"', 'card "[/]Guard"', 1), encoding="utf-8")
    r = ruleforge_cmd("cards", f)
    assert r.code == 0 and any(line.startswith("│ [/]Guard ") for line in r.lines), r.out
    r = ruleforge_cmd("cards", f, "--markdown")
    assert r.code == 0 and any(line.startswith("| [/]Guard | ") for line in r.lines), r.out


def test_escape_sequences_in_a_quoted_line_are_shown_escaped(ruleforge_cmd, tmp_path):
    f = tmp_path / "e.rules"
    f.write_text(f'game "x"  # {OSC52}\nplayers 2\nbogus line\n', encoding="utf-8")
    r = ruleforge_cmd("check", f)
    assert r.code == 1 and "\x1b" not in r.err and "\x07" not in r.err
    assert "\\x1b]52;c;aGVsbG8=\\x07" in r.err or f"{f}:1:" not in r.err


def _with_title(monkeypatch, module, title: str):
    """Rule-file text that the checker may one day refuse, given to a print site anyway."""
    import ruleforge.cli.common as common
    real = common.load_rule_file

    def load(*args, **kwargs):
        game, checked = real(*args, **kwargs)
        if game is not None:  # `check` makes no game
            game.title = title
        checked.title = title
        return game, checked
    monkeypatch.setattr(module, "load_rule_file", load)
    monkeypatch.setattr(common, "load_rule_file", load)


def test_escape_sequences_in_a_title_are_escaped_by_check_and_run(ruleforge_cmd, monkeypatch):
    import ruleforge.cli.check as check_cmd
    import ruleforge.cli.run as run_cmd
    _with_title(monkeypatch, check_cmd, f"x{OSC52}y")
    _with_title(monkeypatch, run_cmd, f"x{OSC52}y")
    r = ruleforge_cmd("check", GUFO)
    assert r.out == f"{GUFO}: ok: x\\x1b]52;c;aGVsbG8=\\x07y, 2 players, 4 actions, 5 endings, 8 invariants\n"
    r = ruleforge_cmd("run", GUFO, "--seed", 1)
    assert r.lines[0].startswith("x\\x1b]52;c;aGVsbG8=\\x07y, 2 players · seed 1")
    r = ruleforge_cmd("run", GUFO, "--seed", 1, "--games", 3, "--jobs", 1)
    assert r.code == 0 and "\x1b" not in r.out and "x\\x1b]52;c;aGVsbG8=\\x07y: 3 games" in r.out


def test_escape_sequences_in_a_rule_files_text_never_reach_the_terminal(ruleforge_cmd, tmp_path):
    """A title and a `say` text holding OSC 52: the checker may refuse them (its diagnostic
    quotes the line, escaped) or accept them (then check and run print them escaped)."""
    f = tmp_path / "e.rules"
    f.write_text(gufo_with(('game "gUFO"', f'game "g{OSC52}"'), ('say "the descent busts"', f'say "bust{OSC52}"')),
                 encoding="utf-8")
    for args in (["check", f], ["run", f, "--seed", 1], ["run", f, "--games", 20, "--jobs", 1, "--seed", 1]):
        r = ruleforge_cmd(*args)
        assert "\x1b" not in r.out + r.err and "\x07" not in r.out + r.err, args
        assert "\\x1b]52;c;aGVsbG8=\\x07" in r.out + r.err, args
        assert r.code in (0, 1) and (r.code == 0 or r.headers), args


def test_escape_sequences_in_a_said_text_are_escaped():
    import ruleforge
    from ruleforge.drivers.narrate import Narrator
    from ruleforge.runtime.events import Said
    narrator = Narrator(ruleforge.load(GUFO))
    assert narrator.lines([Said(text=f"bust{OSC52}\x9b31m")]) == ["    — bust\\x1b]52;c;aGVsbG8=\\x07\\x9b31m"]


def test_escape_sequences_in_a_log_are_escaped_by_replay(tmp_path):
    start = {"type": "start", "rules": str(GUFO), "sha256": "0" * 64, "seed": 1, "players": 2,
             "title": f"evil{OSC52}"}
    ran = hostile_run(["replay", "g.jsonl"], {"g.jsonl": json.dumps(start) + "\n"}, cwd=tmp_path)
    assert_clean(ran, 2, "this is a log of another rule file: the log's game is 'evil\\x1b]52;c;aGVsbG8=\\x07'")
    assert "\x1b" not in ran.text


# ---- Logs (issue item 7) ----------------------------------------------------------------

@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """Three real logs: a game of gUFO, of UFO*logy at 3 players, a match of gUFO."""
    from ruleforge.cli import main
    folder = tmp_path_factory.mktemp("logs")
    out = []
    for k, args in enumerate([["run", GUFO, "--seed", 3], ["run", ROOT / "games" / "ufology.rules", "--seed", 4,
                                                              "--players", 3], ["run", GUFO, "--seed", 5, "--match"]]):
        path = folder / f"log{k}.jsonl"
        with pytest.raises(SystemExit) as e:
            main([str(a) for a in args] + ["--log", str(path)])
        assert e.value.code in (0, None)
        out.append(path.read_text(encoding="utf-8").splitlines())
    return out


def write_log(tmp_path, records) -> Path:
    p = tmp_path / "g.jsonl"
    p.write_text("".join((r if isinstance(r, str) else json.dumps(r, ensure_ascii=False)) + "\n" for r in records),
                 encoding="utf-8")
    return p


CORRUPT_LOGS = int(os.environ.get("RULEFORGE_CORRUPT_LOGS", "40"))


def test_corrupted_logs_get_a_message_never_a_traceback(ruleforge_cmd, tmp_path, logs, capsys):
    """The seeded corrupter (tests/corrupt_logs.py); a long run:
    RULEFORGE_CORRUPT_LOGS=5000 python -m pytest tests/test_hostile_files.py -k corrupt"""
    from ruleforge.cli import main
    seen = {0: 0, 1: 0, 2: 0}
    for i in range(CORRUPT_LOGS):
        rng = random.Random(i)
        data, what = corrupt(logs[i % len(logs)], rng)
        p = tmp_path / "c.jsonl"
        p.write_bytes(data)
        start = time.monotonic()
        try:
            with pytest.raises(SystemExit) as e:
                main(["replay", str(p), "--quiet"])
        except BaseException as crash:  # noqa: BLE001 - the point: name the case that crashed
            raise AssertionError(f"corrupted log {i} ({what}): {type(crash).__name__}: {crash}") from crash
        out, err = capsys.readouterr()
        code = e.value.code or 0
        assert time.monotonic() - start < 5, (i, what)
        assert "Traceback" not in out + err
        assert code in seen, (i, what, code, err)
        seen[code] += 1
        if code == 2:
            assert err.startswith("Error: ") and err.count("\n") == 1, (i, what, err)
        elif code == 1:
            assert " does not reproduce: " in err or " incomplete: " in err or err.startswith("error: "), (i, what, err)
        else:
            assert out.startswith(f"{p}: reproduced exactly"), (i, what, out)
    assert seen[2] > 0 and seen[1] > 0


def test_deeply_nested_json_in_a_log(ruleforge_cmd, tmp_path, logs):
    lines = list(logs[0])
    lines[2] = '{"type": "decision", "player": ' + "[" * 100_000 + "]" * 100_000 + "}"
    r = ruleforge_cmd("replay", write_log(tmp_path, lines))
    assert r.code == 2
    assert r.err == f"Error: {tmp_path / 'g.jsonl'}:3: not a ruleforge log record (JSON nested too deeply)\n"


def test_a_missing_key_in_a_log(ruleforge_cmd, tmp_path, logs):
    records = [json.loads(line) for line in logs[0]]
    del records[4]["choice"]
    r = ruleforge_cmd("replay", write_log(tmp_path, records))
    assert r.code == 2
    assert r.err == f"Error: {tmp_path / 'g.jsonl'}:5: the 'decision' record has no field 'choice'\n"


@pytest.mark.parametrize("line, field, value, words", [
    (5, "choice", "2", "should be a whole number, not a text"),
    (5, "legal", True, "should be a whole number, not true/false"),
    (1, "params", [1], "should be an object of parameter values, not a list"),
    (1, "seed", None, "should be a whole number, not null"),
    (2, "zones", {"box": [1]}, "should be an object of zone -> list of card names, not an object"),
    (33, "winners", "invader", "should be a list of texts, not a text"),
])
def test_a_wrong_type_in_a_log(ruleforge_cmd, tmp_path, logs, line, field, value, words):
    records = [json.loads(text) for text in logs[0]]
    records[line - 1][field] = value
    kind = records[line - 1]["type"]
    r = ruleforge_cmd("replay", write_log(tmp_path, records))
    assert r.code == 2
    assert r.err == f"Error: {tmp_path / 'g.jsonl'}:{line}: the '{kind}' record's field '{field}' {words}\n"


def test_an_unknown_record_type(ruleforge_cmd, tmp_path, logs):
    r = ruleforge_cmd("replay", write_log(tmp_path, logs[0][:3] + ['{"type": "teleport"}']))
    assert r.code == 2
    assert r.err.startswith(f"Error: {tmp_path / 'g.jsonl'}:4: unknown record type (a text of 8 characters) "
                            "(a log holds start, ")
    # the text is never quoted (the file may be no log: "root:x:0:0:..."), only a type it is close to
    r = ruleforge_cmd("replay", write_log(tmp_path, logs[0][:3] + ['{"type": "root:x:0:0:SECRET"}']))
    assert "SECRET" not in r.err and "unknown record type (a text of 17 characters) (a log" in r.err
    r = ruleforge_cmd("replay", write_log(tmp_path, logs[0][:3] + ['{"type": "decison"}']))
    assert "unknown record type (a text of 7 characters); did you mean 'decision'? (a log holds" in r.err


def test_a_huge_line_in_a_log(ruleforge_cmd, tmp_path, logs, monkeypatch):
    import ruleforge.drivers.logfile as logfile
    monkeypatch.setattr(logfile, "MAX_LINE_BYTES", 1000)
    lines = list(logs[0])
    lines[3] = json.dumps(dict(json.loads(lines[3]), prompt="x" * 2000))
    r = ruleforge_cmd("replay", write_log(tmp_path, lines))
    assert r.code == 2
    assert r.err == (f"Error: {tmp_path / 'g.jsonl'}:4: line 4 is longer than 1,000 bytes (the limit is "
                     "MAX_LINE_BYTES or MAX_LOG_BYTES in ruleforge/drivers/logfile.py)\n")


def test_a_huge_log_is_refused_before_it_is_read(tmp_path):
    with open(tmp_path / "g.jsonl", "wb") as f:
        f.truncate(3_000_000_000)
    ran = hostile_run(["replay", "g.jsonl"], cwd=tmp_path)
    assert_clean(ran, 2)
    assert ran.err == ("Error: g.jsonl is too large for a log (3,000,000,000 bytes; logs are limited to 67,108,864 "
                       "bytes, MAX_LOG_BYTES in ruleforge/drivers/logfile.py)\n")


def test_a_log_of_very_many_records(tmp_path, logs):
    """200,001 small records, 3.6 MB: read whole, they would take over 200 MB."""
    data = logs[0][0] + "\n" + '{"type": "quit"}\n' * 200_000
    ran = hostile_run(["replay", "g.jsonl"], {"g.jsonl": data}, cwd=tmp_path)
    assert_clean(ran, 2)
    assert ran.err == ("Error: g.jsonl:200001: more than 200,000 records (the limit is MAX_LOG_RECORDS in "
                       "ruleforge/drivers/logfile.py)\n")


def test_a_named_pipe_as_a_logs_rule_file(tmp_path):
    os.mkfifo(tmp_path / "pipe.rules")
    start = {"type": "start", "rules": "pipe.rules", "sha256": "0" * 64, "seed": 1, "players": 2}
    ran = hostile_run(["replay", "g.jsonl"], {"g.jsonl": json.dumps(start) + "\n"}, cwd=tmp_path)
    assert_clean(ran, 2)
    assert ran.err == ("Error: the log's rule file pipe.rules: not a rule file: it is a named pipe; if it has moved, "
                       "give its path with --rules FILE\n")


def test_numbers_json_does_not_have(ruleforge_cmd, tmp_path, logs):
    for bad, said in (("NaN", "NaN is not a JSON number"), ("9" * 5000, "Exceeds the limit (4300 digits) for "
                                                                        "integer string conversion")):
        lines = list(logs[0])
        lines[0] = lines[0].replace('"seed": 3', f'"seed": {bad}')
        r = ruleforge_cmd("replay", write_log(tmp_path, lines))
        assert r.code == 2
        assert r.err == f"Error: {tmp_path / 'g.jsonl'}:1: not a JSON line ({said})\n"


# ---- Replay messages (issue: what a new user hits first) ---------------------------------

def test_a_log_cut_in_half_is_incomplete(ruleforge_cmd, tmp_path, logs):
    log = write_log(tmp_path, logs[0][:len(logs[0]) // 2])
    decisions = sum(1 for line in logs[0][:len(logs[0]) // 2] if '"type": "decision"' in line)
    r = ruleforge_cmd("replay", log, "--quiet")
    assert (r.code, r.out) == (1, "")
    assert r.err == (f"{log}: incomplete: the log ends after {decisions} decisions, before the result of the game "
                     "(was it cut short?); what it holds reproduces exactly\n")

    # cut in the middle of a line (a copy stopped there): incomplete too, not 'not a JSON line'
    half = logs[0][:len(logs[0]) // 2]
    log.write_text("\n".join(half) + "\n" + logs[0][len(half)][:25], encoding="utf-8")
    r = ruleforge_cmd("replay", log, "--quiet")
    assert (r.code, r.out) == (1, "") and r.err.startswith(f"{log}: incomplete: the log ends after {decisions} ")

def test_a_log_of_a_game_left_with_quit_is_not_incomplete(ruleforge_cmd, tmp_path, logs):
    log = write_log(tmp_path, logs[0][:5] + ['{"type": "quit"}'])
    r = ruleforge_cmd("replay", log, "--quiet")
    assert (r.code, r.err) == (0, "")
    assert r.out == (f"{log}: reproduced exactly: the game, 3 decisions, the same deal, up to where the game was "
                     "left (quit)\n")


def test_a_match_log_cut_between_games_is_incomplete(ruleforge_cmd, tmp_path, logs):
    lines = logs[2]
    assert json.loads(lines[-1])["type"] == "match"
    log = write_log(tmp_path, lines[:-1])
    r = ruleforge_cmd("replay", log, "--quiet")
    games = json.loads(lines[-1])["games"]
    assert r.code == 1
    assert r.err == (f"{log}: incomplete: the match log ends after game {games}, before the match's result "
                     "(was it cut short?); what it holds reproduces exactly\n")
    assert ruleforge_cmd("replay", write_log(tmp_path, lines), "--quiet").code == 0


def test_a_match_game_without_its_start_record(ruleforge_cmd, tmp_path, logs):
    lines = list(logs[2])
    at = next(k for k, line in enumerate(lines) if '"game": 2' in line and '"type": "start"' in line)
    del lines[at]
    r = ruleforge_cmd("replay", write_log(tmp_path, lines), "--quiet")
    assert (r.code, r.out) == (2, "")
    assert r.err == f"Error: line {at + 1}: a game's records begin with a 'start' record, not a 'setup'\n"


def test_a_log_of_another_rule_file(ruleforge_cmd, tmp_path, logs):
    log = write_log(tmp_path, logs[0])
    ufology = ROOT / "games" / "ufology.rules"
    r = ruleforge_cmd("replay", log, "--rules", ufology)
    assert r.code == 2 and "--set" not in r.err
    assert r.err.startswith("Error: this is a log of another rule file: the log's game is 'gUFO' (sha256 ")
    assert f"but {ufology} is 'UFO*logy' (sha256 " in r.err


def test_a_log_replayed_from_another_folder_suggests_rules(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "g.rules").write_text(GUFO_TEXT, encoding="utf-8")
    ran = hostile_run(["run", "games/g.rules", "--seed", "2", "--log", "g.jsonl"], cwd=tmp_path)
    assert_clean(ran, 0)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "g.jsonl").rename(tmp_path / "elsewhere" / "g.jsonl")
    ran = hostile_run(["replay", "g.jsonl", "--quiet"], cwd=tmp_path / "elsewhere")
    assert_clean(ran, 2)
    assert ran.err == ("Error: the log's rule file games/g.rules: cannot read the file: No such file or directory; "
                       "if it has moved, give its path with --rules FILE\n")
    ran = hostile_run(["replay", "g.jsonl", "--quiet", "--rules", "../games/g.rules"], cwd=tmp_path / "elsewhere")
    assert_clean(ran, 0, "g.jsonl: reproduced exactly: the game, ")


# ---- Flags (issue item 7) ---------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    (["--sweep", "reveal_count=,,,"], "Error: Invalid value for '--sweep': 'reveal_count=,,,' gives no values for "
                                      "reveal_count: write NAME=V1,V2,...\n"),
    # the same simulation twice, shown as two points (found by a reader of simulate.md)
    (["--sweep", "reveal_count=2,2"], "Error: Invalid value for '--sweep': 'reveal_count=2,2' gives reveal_count=2 "
                                      "twice: give each value once\n"),
    # random bots, as if the flag were left out
    (["--games", "5", "--agents", ""], "Error: Invalid value for '--agents': '' names no bot: write a bot (random, "
                                       "greedy, ismcts:200) or SEAT=BOT,...\n"),
    (["--games", "5", "--scheduler", "garbage"], "Error: Invalid value for '--scheduler': 'garbage' is not a "
                                                  "scheduler address such as tcp://HOST:8786\n"),
    (["--games", "5", "--agents", "ismcts:99999999"], "Error: Invalid value for '--agents': ismcts:99999999 is past "
     "the bound of 1,000,000 iterations a decision (MAX_ISMCTS_ITERATIONS in ruleforge/cli/common.py)\n"),
    (["--games", "5", "--agents", "radar=greedy:20000"], "Error: Invalid value for '--agents': greedy:20000 is past "
     "the bound of 10,000 sampled worlds a decision (MAX_GREEDY_SAMPLES in ruleforge/cli/common.py)\n"),
    (["--agents", "ismcts:700000ms"], "Error: Invalid value for '--agents': ismcts:700000ms is past the bound of "
                                      "600,000 ms a decision (MAX_AGENT_MILLIS in ruleforge/cli/common.py)\n"),
    # shown as written: it said 'ismcts:1e+08ms'
    (["--agents", "ismcts:99999999ms"], "Error: Invalid value for '--agents': ismcts:99999999ms is past the bound of "
                                        "600,000 ms a decision (MAX_AGENT_MILLIS in ruleforge/cli/common.py)\n"),
])
def test_flags_that_raised_tracebacks(tmp_path, args, message):
    ran = hostile_run(["run", str(GUFO), *args], cwd=tmp_path)
    assert_clean(ran, 2)
    assert ran.out == "" and ran.err.endswith(message)


def test_a_log_over_the_rule_file_is_refused(tmp_path):
    ran = hostile_run(["run", "g.rules", "--seed", "1", "--log", "g.rules"], {"g.rules": GUFO_TEXT}, cwd=tmp_path)
    assert_clean(ran, 2)
    assert ran.err.endswith("Error: Invalid value for '--log': 'g.rules' is a rule file's name: ruleforge writes "
                            "no *.rules file\n")
    assert (tmp_path / "g.rules").read_text(encoding="utf-8") == GUFO_TEXT
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "g.rules")
    ran = hostile_run(["run", "g.rules", "--seed", "1", "--log", "link.jsonl"], cwd=tmp_path)
    assert_clean(ran, 2, "Error: Invalid value for '--log': 'link.jsonl' is the file being read: it would be "
                         "written over\n")
    assert (tmp_path / "g.rules").read_text(encoding="utf-8") == GUFO_TEXT


def _unwritable_folder() -> str:
    for folder in ("/proc", "/sys"):
        if os.path.isdir(folder) and not os.access(folder, os.W_OK | os.X_OK) or folder == "/proc":
            return folder
    pytest.skip("no folder that cannot be written")


@pytest.mark.parametrize("command, flag, name", [
    (["run", str(GUFO), "--games", "3000", "--jobs", "1"], "--out", "r.csv"),
    (["run", str(GUFO), "--games", "3000", "--jobs", "1"], "--plot", "r.png"),
    (["run", str(GUFO), "--sweep", "reveal_count=1,2", "--games", "3000", "--jobs", "1"], "--out", "r.json"),
    (["compare", str(GUFO), str(GUFO), "--games", "3000", "--jobs", "1"], "--plot", "r.png"),
])
def test_an_unwritable_out_folder_is_found_before_playing(tmp_path, command, flag, name):
    target = f"{_unwritable_folder()}/{name}"
    ran = hostile_run([*command, flag, target], cwd=tmp_path)
    assert_clean(ran, 2, f"Error: Invalid value for '{flag}': cannot write '{target}': ")
    assert ran.out == ""  # nothing was played


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs /proc, a folder no one can write")
def test_the_default_counterexample_log_is_checked_before_the_deep_check():
    ran = hostile_run(["check", str(GUFO), "--deep", "--examples", "500"], cwd=Path("/proc"))
    assert_clean(ran, 2)
    assert ran.err.endswith("Error: cannot write 'gufo.counterexample.jsonl': the folder '/proc' is read-only: a "
                            "counterexample's log would go there; give another place with --out FILE.jsonl\n")


def test_a_write_error_names_the_users_file(monkeypatch, tmp_path):
    from ruleforge.drivers import report

    def fail(*args, **kwargs):
        raise OSError(28, "No space left on device", str(tmp_path / ".r.csv.x8y"))
    monkeypatch.setattr(report.os, "replace", fail)
    with pytest.raises(OSError) as e:
        report.atomic_write(str(tmp_path / "r.csv"), b"x")
    assert (e.value.filename, e.value.strerror) == (str(tmp_path / "r.csv"), "cannot write the file (No space left "
                                                                            "on device)")
    assert os.listdir(tmp_path) == []


# ---- Exit codes, several files, --version, --help, completion (issue: a new user) -------------

def test_check_takes_several_files(ruleforge_cmd, tmp_path):
    bad = tmp_path / "bad.rules"
    bad.write_text('game "x"\nplayers 2\nbogus line\n', encoding="utf-8")
    games = sorted(str(p) for p in (ROOT / "games").glob("*.rules"))
    r = ruleforge_cmd("check", *games)
    assert r.code == 0
    assert r.lines[-1] == "2 files checked: 2 ok"
    r = ruleforge_cmd("check", games[0], bad, games[1])
    assert r.code == 1
    assert [line.split(": ok: ")[0] for line in r.lines] == [games[0], games[1]]
    assert f"{bad}:3:1: error: " in r.err and r.err.endswith("3 files checked: 2 ok, 1 with problems\n")
    r = ruleforge_cmd("check", games[0], tmp_path / "missing.rules", bad)
    assert r.code == 2  # a file that cannot be read outranks one with mistakes
    assert r.err.endswith("3 files checked: 1 ok, 2 with problems\n")


def test_exit_codes_follow_the_convention(ruleforge_cmd, tmp_path):
    bad = tmp_path / "bad.rules"
    bad.write_text('game "x"\nplayers 2\nbogus line\n', encoding="utf-8")
    assert ruleforge_cmd("check", bad).code == 1                          # mistakes in the file
    assert ruleforge_cmd("check", tmp_path / "none.rules").code == 2       # cannot be read
    assert ruleforge_cmd("check", GUFO, "--examples", "0").code == 2       # a usage error
    assert ruleforge_cmd("run", GUFO, "--players", "3").code == 2           # the game's range: a usage error
    assert ruleforge_cmd("check", GUFO).code == 0


def test_version(ruleforge_cmd):
    from importlib.metadata import version
    r = ruleforge_cmd("--version")
    assert (r.code, r.out) == (0, f"ruleforge, version {version('ruleforge')}\n")


@pytest.mark.parametrize("command", [[], ["check"], ["cards"], ["compile"], ["run"], ["compare"], ["tune"], ["replay"], ["play"],
                                     ["analyze"], ["serve"]])
def test_every_help_has_examples(ruleforge_cmd, command):
    r = ruleforge_cmd(*command, "--help")
    assert r.code == 0
    lines = r.out.splitlines()
    at = lines.index("  Examples:")
    examples = [line.strip() for line in lines[at + 1:] if line.startswith("    ruleforge ")]
    assert examples and any(e.split()[1] == (command or [e.split()[1]])[0] for e in examples), examples


def test_shell_completion_works_as_documented(tmp_path):
    env = dict(os.environ, _RULEFORGE_COMPLETE="bash_source", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "ruleforge"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "_ruleforge_completion()" in done.stdout
    env = dict(env, _RULEFORGE_COMPLETE="bash_complete", COMP_WORDS="ruleforge rep", COMP_CWORD="1")
    done = subprocess.run([sys.executable, "-m", "ruleforge"], env=env, capture_output=True, text=True, timeout=60)
    assert done.stdout == "plain,replay\n"
    assert "_RULEFORGE_COMPLETE=bash_source ruleforge" in (ROOT / "README.md").read_text(encoding="utf-8")


# ---- Ctrl-C during a simulation (issue: a new user) --------------------------------------------

def test_an_interrupt_keeps_the_games_played(ruleforge_cmd, tmp_path, monkeypatch):
    """An injected Ctrl-C during game 7: games 0-6 are summarised and written, marked partial."""
    from ruleforge.drivers import simulate
    real = simulate.play_one

    def play_one(spec, index):
        if index == 7:
            raise KeyboardInterrupt
        return real(spec, index)
    monkeypatch.setattr(simulate, "play_one", play_one)
    out = tmp_path / "big.csv"
    r = ruleforge_cmd("run", GUFO, "--games", 20000, "--jobs", 1, "--seed", 4, "--out", out)
    assert r.code == 130
    assert r.err == "interrupted: partial results of the 7 games played of 20000\n"
    assert [line.rstrip() for line in r.lines[1:3]] == ["Partial results: interrupted after 7 of 20000 games",
                                                         "gUFO: 7 games · agents random"]
    assert r.lines[-1] == f"partial results written to {out}"
    rows = out.read_text(encoding="utf-8").splitlines()
    assert rows[0] == "# partial: interrupted after 7 of 20000 games"
    assert rows[1] == "game,seed,winners,ending,decisions,rounds,turns"
    assert [int(row.split(",")[0]) for row in rows[2:]] == list(range(7))
    whole = tmp_path / "whole.json"
    monkeypatch.setattr(simulate, "play_one", real)
    assert ruleforge_cmd("run", GUFO, "--games", 7, "--jobs", 1, "--seed", 4, "--out", whole).code == 0
    expected = {o["index"]: o for o in json.loads(whole.read_text())["outcomes"]}
    for row in rows[2:]:  # the same games the same seed plays without the interrupt
        index, seed, winners, ending, decisions, rounds, turns = row.split(",")
        game = expected[int(index)]
        assert (int(seed), ending, int(decisions), int(rounds), int(turns)) == (
            game["seed"], game["ending"], game["decisions"], game["rounds"], game["turns"])


def test_an_interrupt_before_any_game_ends_writes_nothing(ruleforge_cmd, tmp_path, monkeypatch):
    from ruleforge.drivers import simulate

    def play_one(spec, index):
        raise KeyboardInterrupt
    monkeypatch.setattr(simulate, "play_one", play_one)
    r = ruleforge_cmd("run", GUFO, "--games", 10, "--jobs", 1, "--out", tmp_path / "r.csv")
    assert (r.code, r.out) == (130, "")
    assert r.err == "interrupted before the first game ended: nothing to summarise or write\n"
    assert os.listdir(tmp_path) == []


def _interrupt_the_parent(spec, index):
    """A worker's game that stops the run as Ctrl-C does, then takes its time: no game
    comes back before the interrupt."""
    import signal
    import time
    if index == 0:
        os.kill(os.getppid(), signal.SIGINT)
    time.sleep(2)
    raise AssertionError("the pool was not stopped")


def test_an_interrupt_says_that_worker_processes_hand_games_back_in_batches(ruleforge_cmd, tmp_path, monkeypatch):
    """With --jobs 2, Ctrl-C 15 s into a greedy run said 'interrupted before the first game
    ended', though the workers had finished games: they hand them back 50 at a time, and
    the games under way are lost. The message now says so, and how to keep them."""
    from ruleforge.drivers import simulate
    monkeypatch.setattr(simulate, "play_one", _interrupt_the_parent)
    r = ruleforge_cmd("run", GUFO, "--games", 2000, "--jobs", 2, "--out", tmp_path / "r.csv")
    assert (r.code, r.out) == (130, "")
    assert r.err == ("interrupted before any game came back from the worker processes: nothing to summarise or "
                     "write (the worker processes hand games back 50 at a time: the games under way in them are "
                     "lost; --jobs 1 keeps every game that ended)\n")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_in_a_real_run(tmp_path, jobs):
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="120")
    # Ctrl-C as at a terminal: a suite started in the background by a shell without job
    # control has SIGINT ignored, and the child would inherit that (and never stop)
    proc = subprocess.Popen([sys.executable, "-m", "ruleforge", "run", str(GUFO), "--games", "1000000", "--jobs", jobs,
                             "--seed", "1", "--out", "big.json"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(6)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in out + err
    doc = json.loads((tmp_path / "big.json").read_text(encoding="utf-8"))
    played = doc["partial"]["played"]
    assert 0 < played < 1000000 and doc["partial"]["requested"] == 1000000
    assert doc["games"] == len(doc["outcomes"]) == played
    assert [o["index"] for o in doc["outcomes"]] == list(range(played))
    if jobs == "1":
        assert err.startswith(f"interrupted: partial results of the {played} games played of 1000000\n")
    else:  # (the games under way in the worker processes are lost, and the message says so)
        assert err.startswith(f"interrupted: partial results of the {played} games that came back of 1000000 (the "
                              "worker processes hand games back 50 at a time: the games under way in them are lost; "
                              "--jobs 1 keeps every game that ended)\n")
    assert out.splitlines()[-1] == "partial results written to big.json"


def test_a_log_of_very_many_json_values(tmp_path, logs):
    """A record of 2,700,000 empty objects (5.4 MB, under the line limit) took 250 MB, and
    seven of them 1.4 GB: values are counted before a line is parsed."""
    many = '{"type": "quit", "x": [' + ",".join(["{}"] * 2_700_000) + "]}\n"
    ran = hostile_run(["replay", "g.jsonl"], {"g.jsonl": logs[0][0] + "\n" + many}, cwd=tmp_path)
    assert_clean(ran, 2)
    assert ran.err == ("Error: g.jsonl:2: more than 200,000 JSON values in one record (the limit is MAX_LINE_VALUES "
                       "in ruleforge/drivers/logfile.py; a real record holds tens)\n")
    some = '{"type": "quit", "x": [' + ",".join(["{}"] * 90_000) + "]}\n"
    ran = hostile_run(["replay", "g.jsonl"], {"g.jsonl": logs[0][0] + "\n" + some * 30}, cwd=tmp_path)
    assert_clean(ran, 2)
    assert ran.err.startswith("Error: g.jsonl:24: more than 4,000,000 JSON values in the log (the limit is "
                              "MAX_LOG_VALUES")


def test_a_name_with_an_emoji_code_is_printed_as_written(ruleforge_cmd, tmp_path):
    """rich reads ':100:' as an emoji code: a bot spec (`ismcts:100:depth=6`) or a card's
    name printed through a rich console must come out as written."""
    r = ruleforge_cmd("run", ROOT / "games" / "gufo.rules", "--games", 2, "--seed", 1, "--jobs", 1,
                      "--agents", "ismcts:100:depth=6")
    assert r.code == 0 and r.lines[1].rstrip() == "gUFO: 2 games · agents ismcts:100:depth=6", r.out
    f = tmp_path / "c.rules"
    f.write_text(ROOT.joinpath("examples", "courtiers.rules").read_text(encoding="utf-8")
                 .replace('card "Guard"', 'card "Guard:100:x"', 1), encoding="utf-8")
    r = ruleforge_cmd("cards", f)
    assert r.code == 0 and any(line.startswith("│ Guard:100:x ") for line in r.lines), r.out


def test_an_interrupt_in_compare_compares_the_pairs_played(ruleforge_cmd, tmp_path, monkeypatch):
    """Ctrl-C during the variant's game 5: the first 5 pairs are compared and written,
    marked partial (compare printed 'aborted' and kept nothing)."""
    from ruleforge.drivers import simulate
    real = simulate.play_one
    variant = str(ROOT / "games" / "variants" / "gufo-three-reveals.rules")

    def play_one(spec, index):
        if index == 5 and spec.path == variant:
            raise KeyboardInterrupt
        return real(spec, index)
    monkeypatch.setattr(simulate, "play_one", play_one)
    out = tmp_path / "cmp.json"
    r = ruleforge_cmd("compare", GUFO, variant, "--games", 200, "--jobs", 1, "--seed", 4, "--agents", "random",
                      "--out", out)
    assert r.code == 130
    assert r.err.splitlines()[0] == "interrupted: partial results of the 5 pairs played in every file, of 200"
    assert r.lines[0] == "seed 4; 5 paired games per file (game i uses the same seed in every file)"
    assert r.lines[-1] == f"partial results written to {out}"
    doc = json.loads(out.read_text())
    assert doc["games"] == 5 and all(s["partial"] == {"played": 5, "requested": 200}
                                     for s in doc["summaries"].values())
    assert all(s["games"] == 5 for s in doc["summaries"].values())
    # Ctrl-C in the base's run: nothing was played in both, nothing to compare
    monkeypatch.setattr(simulate, "play_one", lambda spec, index: (_ for _ in ()).throw(KeyboardInterrupt))
    r = ruleforge_cmd("compare", GUFO, variant, "--games", 20, "--jobs", 1, "--seed", 4, "--agents", "random")
    assert (r.code, r.err) == (130, "interrupted: no game was played in every file, so there is nothing to compare\n")


def test_an_interrupt_in_a_sweep_keeps_the_values_played_through(ruleforge_cmd, tmp_path, monkeypatch):
    """Ctrl-C during the third value: the first two are shown and written, marked partial
    (a sweep printed 'aborted' and kept nothing)."""
    from ruleforge.drivers import simulate
    real = simulate.play_one

    def play_one(spec, index):
        if dict(spec.params).get("reveal_count") in ("3", 3) and index == 4:
            raise KeyboardInterrupt
        return real(spec, index)
    monkeypatch.setattr(simulate, "play_one", play_one)
    out = tmp_path / "sweep.csv"
    r = ruleforge_cmd("run", GUFO, "--games", 10, "--jobs", 1, "--seed", 4, "--sweep", "reveal_count=1,2,3,4",
                      "--out", out)
    assert r.code == 130
    assert r.err == "interrupted: partial results, 2 values of 4 played through (reveal_count=1, 2)\n"
    assert r.lines[-1] == f"partial results written to {out}"
    rows = out.read_text(encoding="utf-8").splitlines()
    assert rows[0] == "# partial: interrupted after 2 of 4 values"
    assert [row.split(",")[0] for row in rows[2:]] == ["1", "2"]


def test_a_log_is_never_written_over_a_pipe_or_a_device_and_follows_a_link(tmp_path):
    """`--log /dev/null`, run as root, made /dev/null an ordinary file (a temporary file
    renamed over it); a named pipe the same. Now each is refused before the game, and
    left as it was; a link is followed, not replaced; a log's mode follows the umask."""
    os.mkfifo(tmp_path / "pipe.jsonl")
    for command in (["run", str(GUFO), "--seed", "1"], ["play", str(GUFO), "--as", "radar"]):
        ran = hostile_run(command + ["--log", "pipe.jsonl"], cwd=tmp_path, stdin="quit\n")
        assert_clean(ran, 2, "Error: Invalid value for '--log': 'pipe.jsonl' is a named pipe: ruleforge writes only "
                             "ordinary files\n")
        assert (tmp_path / "pipe.jsonl").is_fifo()
    os.mkfifo(tmp_path / "pipe.json")
    ran = hostile_run(["run", str(GUFO), "--games", "3", "--out", "pipe.json"], cwd=tmp_path)
    assert_clean(ran, 2, "'pipe.json' is a named pipe")
    (tmp_path / "link.jsonl").symlink_to("real.jsonl")
    ran = hostile_run(["run", str(GUFO), "--seed", "1", "--log", "link.jsonl"], cwd=tmp_path)
    assert_clean(ran, 0, "log written to link.jsonl")
    assert (tmp_path / "link.jsonl").is_symlink() and json.loads(
        (tmp_path / "real.jsonl").read_text(encoding="utf-8").splitlines()[0])["type"] == "start"
    assert (tmp_path / "real.jsonl").stat().st_mode & 0o777 == 0o666 & ~_umask()
    ran = hostile_run(["run", str(GUFO), "--seed", "1", "--log", ""], cwd=tmp_path)
    assert_clean(ran, 2, "Error: Invalid value for '--log': an empty name is no file\n")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_sigterm_while_a_log_is_written_leaves_no_file_behind(tmp_path):
    """The hidden temporary file beside the log was left behind (0 bytes, mode 0600)."""
    rules = ('game "Shuf"\nplayers 2\ncards: 40 standard decks in deck\nzone deck "the deck": pile\n'
             'counter x = 0\nturn:\n    repeat 99000 times:\n        shuffle deck\n    increase x by 1\n'
             'ending done "done": nobody wins when x > 0\n')
    (tmp_path / "s.rules").write_text(rules, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "ruleforge", "run", "s.rules", "--seed", "1", "--log", "t.jsonl"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not any(p.name.startswith(".t.jsonl.") for p in tmp_path.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.05)  # until the log's temporary file is made
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert (proc.returncode, err.splitlines()[-1]) == (143, "stopped (SIGTERM)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.rules"]
