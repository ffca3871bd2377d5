"""`ruleforge play`: a game at the terminal against bots, or hot seat."""

from __future__ import annotations

import os
import secrets
import sys

import click

from ..lang.overrides import set_text
from ..lang.plural import count
from ..lang.printable import plain
from .common import AtomicWriter, SEED, check_agents, load_rule_file, max_decisions_option, same_game
from .group import cli
from .resume_file import cut, log_rules_changed, logs_rule_file
from .seats import check_bots, people_seats, played_by, seated_as_logged


def a_number(ctx, param, value):
    """FloatRange lets nan through (nan is neither below 0 nor above 10)."""
    if value != value:
        raise click.BadParameter("nan is not a number of seconds (0 to 10)")
    return value


class _Seconds(click.FloatRange):
    """--delay: click's own words for a word that is no number ("not a valid float
    range") did not say what the option wants."""

    def convert(self, value, param, ctx):
        if isinstance(value, str):
            try:
                float(value)
            except ValueError:
                shown = plain(value if len(value) <= 30 else value[:27] + "...")
                self.fail(f"'{shown}' is not a number of seconds (0 to 10): --delay is the pause after each bot's "
                          "move, such as --delay 1.5", param, ctx)
        return super().convert(value, param, ctx)


class Signalled(Exception):
    """SIGHUP (the terminal closed) or SIGTERM came while the game was played."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


class Signals:
    """While a game is played, SIGHUP and SIGTERM stop it as a quit does, its log kept:
    without this a closed terminal lost the whole log. Once the game has stopped
    (`hold`), a signal only waits for the log to be written: the process then ends
    with its code (128 + the signal's number)."""

    def __init__(self):
        import signal
        self.signal, self.late, self.old = signal, None, {}
        self.kinds = [getattr(signal, "SIGHUP", None), signal.SIGTERM]

    def __enter__(self):
        import threading
        if threading.current_thread() is threading.main_thread():  # (only it may set handlers)
            for kind in filter(None, self.kinds):
                self.old[kind] = self.signal.signal(kind, self._stop)
        return self

    def _stop(self, signum, frame):
        self.hold()
        raise Signalled(signum)

    def _wait(self, signum, frame):
        self.late = self.late or signum

    def hold(self) -> None:
        for kind in self.old:
            self.signal.signal(kind, self._wait)

    def __exit__(self, kind, e, tb):
        for k, handler in self.old.items():
            self.signal.signal(k, handler)
        if self.late and kind is None:
            sys.exit(128 + self.late)


def closed_pipe():
    """rich ends the process with exit code 1 when its output's reader goes away; the
    command group turns BrokenPipeError into 141, as for every other command."""
    raise BrokenPipeError()


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False), required=False)
@click.option("--as", "as_", default=None, metavar="SEAT[,SEAT...]",
              help="The seat(s) people play: a role (north) or a seat number (1). Several: hot seat.")
@click.option("--humans", type=click.IntRange(0, 16), default=None, help="People at seats 1..N (hot seat).")
@click.option("--agents", default=None, metavar="SPEC", help="Bots for the other seats (default: random).")
@click.option("--seed", type=SEED, default=None, help="The game's seed (random when not given).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a parameter.")
@click.option("--players", type=click.IntRange(1, 16), default=None, help="Number of players.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), default=None, help="Write the game as JSON Lines.")
@click.option("--delay", type=_Seconds(0, 10), default=0.6, show_default=True, callback=a_number,
              help="Seconds to pause after each bot move (0: no pause).")
@click.option("--show-seed", is_flag=True,
              help="Show the seed at the start (it is shown at the end, and the log keeps it).")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False), default=None, metavar="LOG",
              help="Go on with a stopped game from its log (its seed, parameters, player count, people "
                   "and bots); the game is logged back to LOG, or to --log.")
@click.option("--match", is_flag=True,
              help="Play a whole match, as the rule file's match rule says: its games one after another.")
@max_decisions_option
def play(file, as_, humans, agents, seed, sets, players, log_path, delay, show_seed, max_decisions,
         resume_path, match) -> None:
    """Play a game at the terminal against bots, or with friends on one screen.

    The seed is not shown until the game ends (`run --seed N` narrates the whole deal):
    ask for it with --show-seed. The end of the input (Ctrl-D, a file of moves that runs
    out) stops the game as `quit` does, exit code 0; a closed standard input (`<&-`: none
    at all) stops it with exit code 2, the log so far kept; so do SIGHUP (a closed
    terminal) and SIGTERM, with exit codes 129 and 143.

    \b
    A game stopped with a log (quit, Ctrl-C, a closed terminal) goes on with --resume
    LOG: its decisions are taken again, the bots thinking as they did, and the game goes
    on as if it had never stopped. The log says who played each seat: --as, --humans
    and --agents may be left out, and given, must say the same. It names its rule file
    too: FILE may be left out, and given, must hold the same rules.

    \b
    Examples:
      ruleforge play game.rules --as 1
      ruleforge play game.rules --as 1,2 --log game.jsonl
      ruleforge play game.rules --players 4 --humans 2 --agents greedy
      ruleforge play --resume game.jsonl
      ruleforge play game.rules --match --as 1 --log match.jsonl
    """
    from ..drivers.agents import parse_agents
    from rich.text import Text
    from ..drivers.terminal import Quit, ResumeError, TerminalGame, console_reader
    from ..drivers.play import error_record, hides_error
    from ..runtime.values import RuleError
    from ..drivers.report import new_console
    resume, start, shown = (), None, (sets, players)
    if match and resume_path is not None:
        raise click.UsageError("--match cannot go with --resume: play resumes one game, not a match (a match is "
                               "played from its first game; `ruleforge replay LOG` tells a match's log)")
    logged_back = resume_path is not None and log_path is None  # (the resumed game written over its log)
    if file is None and resume_path is None:
        # (FILE is optional only for --resume, whose log names it)
        raise click.UsageError("Missing argument 'FILE' (or --resume LOG, a stopped game's log, which names it).")
    if resume_path is not None:
        start, resume = _resumable(resume_path, seed, sets, players)
        seed, players = start["seed"], start["players"]
        from_log = file is None
        if from_log:
            file = logs_rule_file(start, resume_path)
        sets, shown = _logged_sets(file, start, resume_path, from_log)
        log_path = log_path if log_path is not None else resume_path
    game, checked = load_rule_file(file, sets, players)
    if start is not None:
        _same_rules(game, start, file, resume_path)
    if max_decisions is not None:
        game.decision_cap = max_decisions
    if len(resume) > game.decision_cap:
        raise click.BadParameter(f"the log holds {len(resume):,} decisions, more than the decision cap of "
                                 f"{game.decision_cap:,}: give --max-decisions {len(resume) + 1:,} or more",
                                 param_hint="'--resume'")
    check_agents(agents, game)
    if match and game.match is None:  # (as run --match says it)
        raise click.UsageError(plain(f"{file} declares no match"), ctx=click.get_current_context())
    if start is not None:  # the log says who played (and the flags not given are taken from it)
        as_, agents = seated_as_logged(start, resume_path, game, as_, humans, agents, checked.players)
    if log_path == "-":
        raise click.BadParameter("'-' is no file: standard output is the game's screen, so the log goes to a file, "
                                 "such as --log game.jsonl", param_hint="'--log'")
    seats = people_seats(as_, humans, game, players, checked.players)
    # (in a match whose loser chooses a role, a person's first seat may be a bot's later)
    check_bots(agents, seats if not (match and game.match.loser_chooses) or len(seats) == game.nplayers else [],
               game)
    seed = seed if seed is not None else secrets.randbelow(2**31)
    writer = log_writer(log_path, resume_path if logged_back else None)
    log: list | None = [] if writer else None
    console = new_console()
    console.on_broken_pipe = closed_pipe
    again = same_game("play", file, seed, [("--players", shown[1]), ("--as", as_), ("--humans", humans),
                                           ("--set", shown[0]), ("--agents", agents), ("--max-decisions", max_decisions),
                                           ("--match", match)])
    if match:
        from .play_match import play_a_match
        return play_a_match(game, seed, seats, agents, console, writer, log_path, delay, show_seed, again)
    # The seed is the whole deal (`run --seed N` tells it): a person sees it only at the
    # end, or when they ask. The log keeps it.
    console.print(Text(plain(f"{game.title} · " + (f"seed {seed} · " if show_seed else "") + "you play: "
                             + ", ".join(game.seat_titles[s] for s in seats) + "  (type help for help)")))
    tg = TerminalGame(game, seed, seats, parse_agents(agents, game), console, console_reader(console), delay, log,
                      height=console.height if console.is_terminal else None, resume=resume,
                      resume_path=resume_path or "", played_by=played_by(seats, agents, game))
    kept = f" The log so far is in {plain(log_path)}." if writer else ""

    def keep(last: dict) -> None:
        nonlocal kept
        if writer and not tg.resumed:  # stopped while the log was played again: it stays as it was
            writer.abandon()
            kept = f" {plain(resume_path)} is as it was" + (
                "." if log_path == resume_path else f", and {plain(log_path)} was not written.")
        elif writer:  # written first: the message says where it is only once it is there
            writer.write_records(log + [last])
            writer.commit()

    with Signals() as signals:
        try:
            tg.run()
            signals.hold()
        except ResumeError as e:  # nothing written: the log stays as it was
            signals.hold()
            if writer:
                writer.abandon()
            refused = click.ClickException(plain(f"--resume: {e}"))  # a usage error without the usage lines
            refused.exit_code = 2
            raise refused from None
        except Signalled as stop:
            signals.hold()
            keep({"type": "quit"})
            why = "the terminal closed (SIGHUP)" if stop.signum != signals.signal.SIGTERM else "told to stop (SIGTERM)"
            try:  # (a closed terminal cannot be written to: the log is what counts)
                console.print(Text(f"Game stopped: {why}.{kept}"))
            except OSError:  # nor flushed at exit, which would end with code 120
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(128 + stop.signum)
        except Quit as stop:
            signals.hold()
            if len(seats) > 1:
                tg.wipe()  # the screen shows one person's table
            keep({"type": "quit"})
            if tg.mid_line and console.is_terminal:  # (Ctrl-C or Ctrl-D at the prompt: not after it)
                console.print()
            console.print(Text("Game stopped." + kept))
            if stop.reason:
                raise click.ClickException(f"{stop.reason}: play reads the moves from it, so the game stopped"
                                           + (f"; the log so far is in {plain(log_path)}" if writer else "")) from None
            return
        except BaseException as e:
            signals.hold()
            if len(seats) > 1 and not isinstance(e, OSError):  # (not on a closed pipe: the log first)
                tg.wipe()
            failed = isinstance(e, RuleError)
            if failed:
                tg.tell_before_error()  # the error's message follows what led to it
                e.again = again  # shown with the error (cli.common.render_runtime_error)
                if hides_error(getattr(tg, "st", None), e, seats):  # the rule's name is the card's
                    e.told = hidden_error_told(log_path if writer else None, "game")
            # a rule error logged as `run` logs it: `replay` of the log stops on it
            keep(error_record(e) if failed else {"type": "quit"})
            raise
        close_log(console, writer, log, log_path, f"(the same deal again: {again})")


def hidden_error_told(log_path: str | None, what: str) -> str:
    """What a rule error whose rule is named by a hidden card tells a person instead:
    where to see it (the log at `log_path`, or a `what` played again with a log)."""
    from ..drivers.play import HIDDEN_RULE_FAILED
    return HIDDEN_RULE_FAILED + (f"; `ruleforge replay {plain(log_path)}` shows where" if log_path is not None
                                 else f"; play the same {what} again with --log FILE, and "
                                      "`ruleforge replay FILE` shows where")


def close_log(console, writer: AtomicWriter | None, log: list, log_path: str | None, again: str) -> None:
    """Write the finished log (if one was asked for) whole, and say how to play it again."""
    from rich.text import Text
    if writer:
        writer.write_records(log)
        writer.commit()
        console.print(Text(plain(f"log written to {log_path}")), soft_wrap=True)
    # one line however long its paths: the terminal wraps it, and a copy of it is the command
    console.print(Text(plain(again)), soft_wrap=True)


def log_writer(path: str | None, resumed: str | None) -> AtomicWriter | None:
    """The log's writer, made before the game starts, so that a log that cannot be
    written (a read-only file, a missing folder) is refused before anything is played,
    and no file is replaced. `resumed`: the --resume log the game is written back to."""
    if path is None:
        return None
    if resumed is None:
        return AtomicWriter(path)
    return AtomicWriter(path, "--resume", f"give --log OTHER.jsonl: the resumed game is logged there, and "
                                           f"{resumed} only read")


def _resumable(path: str, seed, sets, players) -> tuple[dict, list]:
    """The start record and the (line, decision) records of a stopped game's log, or a
    usage error saying why it cannot be resumed."""
    from ..drivers.logfile import LogError, read_log_lines
    from ..drivers.replay import log_end, split_games
    from ..runtime.engine import stopped_at_the_cap, stopped_at_the_game_limit
    from ..runtime.limits import GAME_WORK, from_environment
    for flag, value in (("--seed", seed), ("--set", sets), ("--players", players)):
        if value:
            raise click.UsageError(f"{flag} cannot go with --resume: a resumed game takes its seed, parameters "
                                   "and player count from its log")
    try:
        lines = read_log_lines(path)
    except LogError as e:
        raise click.BadParameter(plain(str(e)), param_hint="'--resume'") from None
    games = split_games(lines)
    if "game" in lines[0][1]:  # (a match's log, however many games it holds: its first is no game alone)
        raise click.BadParameter(plain(f"{path} holds a match of {count(len(games), 'game')}: play resumes one "
                                       "game"), param_hint="'--resume'")
    records = [rec for _, rec in lines]
    end = log_end(records)
    decisions = [(n, rec) for n, rec in lines if rec["type"] == "decision"]
    if end == "error" and stopped_at_the_cap(records[-1].get("message"), len(decisions)):
        end = None  # stopped by the decision cap, not by the rules: a higher cap goes on
    limit = stopped_at_the_game_limit(records[-1].get("message")) if end == "error" else None
    if limit is not None:  # stopped by the work limit of a game: a higher limit goes on
        if from_environment().get("game", GAME_WORK) <= limit:
            raise click.BadParameter(plain(
                f"the game in {path} was stopped at the work limit of a game ({limit:,} steps and units of work): "
                f"resumed, it would stop there again; a higher limit goes on with it: RULEFORGE_LIMITS=game=N "
                f"with N above {limit:,} (docs/limits.md)"), param_hint="'--resume'")
        end = None
    if end == "result":
        raise click.BadParameter(plain(f"the game in {path} is over: nothing to resume "
                                       f"(`ruleforge replay {path}` tells it)"), param_hint="'--resume'")
    if end == "error":
        raise click.BadParameter(plain(f"the game in {path} stopped when the rules failed: resumed, it would fail "
                                       f"again (`ruleforge replay {path}` shows where)"), param_hint="'--resume'")
    off = 0 if records[0].get("seats_from") == 1 else 1  # (older logs counted seats from 0)
    return records[0], [(n, {**rec, "player": rec["player"] + off}) for n, rec in decisions]


def _logged_sets(file: str, start: dict, path: str, from_log: bool = False) -> tuple[tuple, tuple]:
    """The --set flags that give the log's parameters, and (the --set and --players flags
    a command playing the same deal again shows: the parameters other than the rule
    file's own, the player count of a game of several). The rule file is first checked
    to be the log's, so that a log of another game is refused as such, not for a
    parameter the rule file does not have."""
    from ..lang.diagnostics import RuleFileError
    from ..load import check_source, read_source
    from ..runtime.game import params_json
    import hashlib
    logged = start.get("params", {})
    sets = tuple(f"{k}={set_text(v)}" for k, v in logged.items())
    try:
        name, data = read_source(file)
        _, checked = check_source(name, data, {})
    except RuleFileError as e:  # (UnreadableFile is one) load_rule_file says what is wrong with the file
        if from_log:  # ... but this one was checked when the log was written: it has changed
            raise log_rules_changed(file, path, f"it has mistakes now: `ruleforge check {file}`") from None
        return sets, (sets, start["players"])
    digest = hashlib.sha256(checked.source_bytes).hexdigest()
    if digest != start["sha256"]:
        if from_log:
            raise log_rules_changed(file, path, f"its sha256 was {start['sha256'][:12]}..., now {digest[:12]}...")
        raise _other_rules(file, start, path, digest)
    own = params_json(checked.params)
    low, high = checked.players
    return sets, (tuple(f"{k}={set_text(v)}" for k, v in logged.items() if own.get(k) != v),
                  start["players"] if low != high else None)


def _other_rules(file: str, start: dict, path: str, digest: str) -> click.BadParameter:
    logged = start["rules"]
    played = f", {cut(logged)}" if logged and os.path.normpath(logged) != os.path.normpath(file) else ""
    return click.BadParameter(plain(
        f"{file} is not the rule file {path} was played with{played} (its sha256 was {start['sha256'][:12]}..., "
        f"now {digest[:12]}...): a game goes on only with the rules it began with"), param_hint="'--resume'")


def _same_rules(game, start: dict, file: str, path: str) -> None:
    """A log is resumed only with the rules it was played with."""
    from ..runtime.game import params_json
    if game.source_hash != start["sha256"]:
        raise _other_rules(file, start, path, game.source_hash)
    if params_json(game.params) != start.get("params", {}):
        raise click.BadParameter(plain(f"the parameters of {path} do not fit {file}"), param_hint="'--resume'")
