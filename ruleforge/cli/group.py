"""The `ruleforge` command group; each command lives in a module of its own, imported
when the command is first asked for (so `check` does not wait for what `serve` needs)."""

import importlib

import click

# command -> the module of ruleforge.cli that defines it (importing it registers it)
COMMANDS = {"analyze": "analyze", "cards": "check", "check": "check", "compare": "compare", "compile": "check",
            "play": "play", "replay": "replay", "run": "run", "serve": "serve", "tune": "tune"}


# words other tools use, or a designer may guess -> (what they meant to do, what to type)
_SIMULATE = ("simulate", "run FILE --games N (docs/simulate.md)")
_TEST = ("test", "check FILE --deep (docs/testing.md)")
_CHECK = ("check", "check FILE")
_TUNE = ("tune", "tune FILE --param NAME=LO..HI --target EXPR (docs/analyze.md)")
_SERVE = ("serve", "serve FILE (docs/serve.md)")
_WATCH = ("watch a game", "run FILE --seed N, or replay LOG")
_COMPARE = ("compare", "compare FILE VARIANT (docs/simulate.md)")
OTHER_WORDS = {
    "simulate": _SIMULATE, "sim": _SIMULATE, "simulation": _SIMULATE, "bench": _SIMULATE, "stats": _SIMULATE,
    "sweep": ("sweep", "run FILE --games N --sweep NAME=A,B (docs/simulate.md)"),
    "test": _TEST, "fuzz": _TEST, "lint": _CHECK, "validate": _CHECK, "verify": _CHECK,
    "report": ("report", "analyze FILE (docs/analyze.md)"), "balance": _TUNE, "optimize": _TUNE, "optimise": _TUNE,
    "web": _SERVE, "server": _SERVE, "watch": _WATCH, "show": _WATCH, "view": _WATCH,
    "diff": _COMPARE, "variant": _COMPARE,
}


class ClosedPipe(Exception):
    """The reader of standard output went away (`ruleforge run f | head -3`)."""


class LazyGroup(click.Group):
    """A group whose commands are loaded on demand (the pattern of click's docs)."""

    def invoke(self, ctx):
        # click would end a closed pipe with exit code 1, which says "the rule file has
        # mistakes": raised past click instead, to end as a shell's SIGPIPE does (141)
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise ClosedPipe() from None

    def list_commands(self, ctx) -> list[str]:
        return sorted(set(self.commands) | set(COMMANDS))

    def resolve_command(self, ctx, args):
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            # click says only "No such command": say what to type
            import difflib  # (only for a mistyped command: every start spared its import)
            other = OTHER_WORDS.get(name.lower())
            close = difflib.get_close_matches(name.lower(), self.list_commands(ctx), n=1, cutoff=0.6)
            if other is not None:
                ctx.fail(f"No such command {name!r}: to {other[0]}, write: ruleforge {other[1]}")
            if close:
                ctx.fail(f"No such command {name!r}. Did you mean {close[0]!r}?")
        return super().resolve_command(ctx, args)

    def get_command(self, ctx, name: str):
        if name not in self.commands and name in COMMANDS:
            importlib.import_module(f"{__package__}.{COMMANDS[name]}")
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="ruleforge")
def cli() -> None:
    """Card games as rule files: check them, play them, simulate them.

    Exit codes: 0 done, 1 a rule file has mistakes (or a deep check or a replay fails),
    2 a usage error or a file that cannot be read, 130 interrupted, 141 the output's
    reader went away (a closed pipe). Shell completion
    (bash): eval "$(_RULEFORGE_COMPLETE=bash_source ruleforge)"; see the README.

    \b
    Examples:
      ruleforge check *.rules
      ruleforge run mygame.rules --seed 7
      ruleforge play mygame.rules --as north
      ruleforge serve mygame.rules --players 4 --humans 2
      ruleforge analyze mygame.rules
      ruleforge tune mygame.rules --param hand_size=3..7 --target "player 1 wins 50%"
      ruleforge COMMAND --help
    """
