"""`ruleforge play --log FILE` and `--resume LOG`: a log that cannot be written is refused
before the game starts, with exit code 2 and a message that names the file and what is
wrong with it, and no file is replaced, changed or left behind: a read-only log (which a
rename replaced whatever its mode), a folder's name, a missing folder, a folder that
cannot be written.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from test_play import GUFO, play, records

USAGE = "Usage: cli play [OPTIONS] [FILE]\nTry 'cli play --help' for help.\n\n"  # (CliRunner names the program cli)
RESUMED_ELSEWHERE = "give --log OTHER.jsonl: the resumed game is logged there, and {} only read"


def _files(folder: Path) -> dict:
    """Every file under `folder`, with its bytes and mode: a temporary file left behind, a
    log replaced or made writable, all show."""
    return {p: (p.read_bytes() if p.is_file() else None, p.lstat().st_mode) for p in sorted(folder.rglob("*"))}


def _refused(args, message: str, folder: Path) -> None:
    """Refused with exit code 2 and `message` before anything is played, every file under
    `folder` as it was."""
    before = _files(folder)
    result, _ = play(args, "1\n1\nquit\n")
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", USAGE + f"Error: {message}\n")
    assert _files(folder) == before


def _stopped_game(path: Path) -> Path:
    result, _ = play([GUFO, "--as", "radar", "--seed", 5, "--log", path], "1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    return path


def test_a_read_only_log_is_not_resumed_over_and_goes_on_in_another(tmp_path):
    log = _stopped_game(tmp_path / "a.jsonl")
    log.chmod(0o444)
    _refused([GUFO, "--as", "radar", "--resume", log], f"Invalid value for '--resume': '{log}' is read-only: "
             f"ruleforge does not write over a read-only file; make it writable (chmod u+w {log}) or "
             + RESUMED_ELSEWHERE.format(log), tmp_path)
    # the hint works: the log is only read
    before, other = log.read_bytes(), tmp_path / "b.jsonl"
    result, _ = play([GUFO, "--as", "radar", "--resume", log, "--log", other], "1\nquit\n")
    assert result.exit_code == 0, result.output
    assert log.read_bytes() == before and oct(log.stat().st_mode & 0o777) == "0o444"
    old, went_on = records(log), records(other)
    assert went_on[:len(old) - 1] == old[:-1]  # the old log's records but its quit, then more decisions
    assert {r["type"] for r in went_on[len(old) - 1:-1]} == {"decision"} and went_on[-1] == {"type": "quit"}
    assert len(went_on) > len(old)


def test_a_read_only_file_is_not_logged_over(tmp_path):
    kept = tmp_path / "kept.jsonl"
    kept.write_text("the previous game\n", encoding="utf-8")
    kept.chmod(0o444)
    read_only = "is read-only: ruleforge does not write over a read-only file; make it writable"
    _refused([GUFO, "--as", "radar", "--log", kept],
             f"Invalid value for '--log': '{kept}' {read_only} (chmod u+w {kept}) or write to another file", tmp_path)
    link = tmp_path / "link.jsonl"  # a link is followed: its target is what would be replaced
    link.symlink_to(kept)
    _refused([GUFO, "--as", "radar", "--log", link],
             f"Invalid value for '--log': '{link}' {read_only} (chmod u+w {link}) or write to another file", tmp_path)
    # and a game resumed into it (--resume's log is read, --log's is written)
    log = _stopped_game(tmp_path / "a.jsonl")
    _refused([GUFO, "--as", "radar", "--resume", log, "--log", kept],
             f"Invalid value for '--log': '{kept}' {read_only} (chmod u+w {kept}) or write to another file", tmp_path)


def test_a_folders_name_is_no_log(tmp_path):
    # a name ending in / named a file: --log logs/ wrote the game to a file named 'logs'
    _refused([GUFO, "--as", "radar", "--log", f"{tmp_path}/logs/"], f"Invalid value for '--log': '{tmp_path}/logs/' "
             "is a folder's name (it ends in /): ruleforge writes only ordinary files", tmp_path)
    assert not (tmp_path / "logs").exists()
    folder = tmp_path / "games"  # (a folder that is there: click says so, as it always did)
    folder.mkdir()
    _refused([GUFO, "--as", "radar", "--log", folder], f"Invalid value for '--log': File '{folder}' is a directory.",
             tmp_path)
    _refused([GUFO, "--as", "radar", "--resume", folder],
             f"Invalid value for '--resume': File '{folder}' is a directory.", tmp_path)


def test_a_log_in_a_missing_folder_or_in_a_file(tmp_path):
    missing = tmp_path / "no such folder" / "game.jsonl"
    _refused([GUFO, "--as", "radar", "--log", missing],
             f"Invalid value for '--log': there is no folder '{missing.parent}' to write '{missing}' in", tmp_path)
    log = _stopped_game(tmp_path / "a.jsonl")
    _refused([GUFO, "--as", "radar", "--resume", log, "--log", missing],
             f"Invalid value for '--log': there is no folder '{missing.parent}' to write '{missing}' in", tmp_path)
    inside = tmp_path / "a.jsonl" / "game.jsonl"
    _refused([GUFO, "--as", "radar", "--log", inside],
             f"Invalid value for '--log': cannot write '{inside}': '{log}' is a file, not a folder", tmp_path)


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder made read-only (chmod a-w), a stopped game's log in it; made writable again
    at the end, so that pytest can remove it."""
    folder = tmp_path / "kept"
    folder.mkdir()
    _stopped_game(folder / "a.jsonl")
    folder.chmod(0o555)
    yield folder
    folder.chmod(0o755)


def test_a_log_in_a_read_only_folder(tmp_path, read_only_folder):
    # (the folder's mode is read, so root is refused too: it would write there)
    log, new = read_only_folder / "a.jsonl", read_only_folder / "new.jsonl"
    _refused([GUFO, "--as", "radar", "--log", new],
             f"Invalid value for '--log': cannot write '{new}': the folder '{read_only_folder}' is read-only", tmp_path)
    _refused([GUFO, "--as", "radar", "--resume", log], f"Invalid value for '--resume': cannot write '{log}': the "
             f"folder '{read_only_folder}' is read-only; " + RESUMED_ELSEWHERE.format(log), tmp_path)


def test_a_log_the_user_may_not_write(tmp_path):
    # Writable by its group, not by its owner: not read-only for all, but this user may not
    # write it. The rename that replaces a log is not stopped by the file's mode, so the
    # permission is asked before the game (os.access).
    log = _stopped_game(tmp_path / "a.jsonl")
    log.chmod(0o464)
    if os.access(log, os.W_OK):
        pytest.skip("root may write any file whatever its mode bits say: only the read-only mode (no w at all) "
                    "stops it, tested above")
    _refused([GUFO, "--as", "radar", "--resume", log], f"Invalid value for '--resume': cannot write '{log}': "
             "Permission denied; " + RESUMED_ELSEWHERE.format(log), tmp_path)
    folder = tmp_path / "theirs"
    folder.mkdir()
    folder.chmod(0o575)  # (its group may write in it, not its owner)
    try:
        _refused([GUFO, "--as", "radar", "--log", folder / "b.jsonl"], f"Invalid value for '--log': cannot write "
                 f"'{folder / 'b.jsonl'}': the folder '{folder}' cannot be written in (Permission denied)", tmp_path)
    finally:
        folder.chmod(0o755)


def test_a_log_made_read_only_during_the_game_is_kept_and_the_game_logged_beside_it(tmp_path, monkeypatch):
    # (it was replaced at the game's end: the read-only mode was checked only before)
    from ruleforge.cli.common import AtomicWriter
    log = _stopped_game(tmp_path / "a.jsonl")
    before = log.read_bytes()
    (tmp_path / "a-2.jsonl").write_text("taken\n", encoding="utf-8")  # the first free name is a-3
    commit = AtomicWriter.commit

    def made_read_only_first(writer):  # the user's chmod a-w while the game was played
        log.chmod(0o444)
        commit(writer)
    monkeypatch.setattr(AtomicWriter, "commit", made_read_only_first)
    result, _ = play([GUFO, "--as", "radar", "--seed", 6, "--log", log], "1\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.stderr == (f"note: '{log}' was not written: it was made read-only meanwhile. It is as it was; "
                             f"what was to go there is in '{tmp_path / 'a-3.jsonl'}'.\n")
    assert log.read_bytes() == before and oct(log.stat().st_mode & 0o777) == "0o444"
    assert (tmp_path / "a-2.jsonl").read_text(encoding="utf-8") == "taken\n"
    kept = records(tmp_path / "a-3.jsonl")
    assert kept[0]["seed"] == 6 and kept[-1] == {"type": "quit"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-2.jsonl", "a-3.jsonl", "a.jsonl"]  # no temporary file
