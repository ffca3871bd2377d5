"""`play --resume LOG` without FILE: the rule file is the one the log names, used only
when it is still there and still holds the rules the log was played with (their sha256,
which the log records); otherwise a usage error says which file the log was written
from and why it cannot be used, moved or changed."""

from __future__ import annotations

import click

from ..lang.printable import plain

_LONGEST_SHOWN = 200  # characters of the log's path quoted in a message (the log may hold anything)


def cut(text: str) -> str:
    return text if len(text) <= _LONGEST_SHOWN else text[:_LONGEST_SHOWN - 3] + "..."


def logs_rule_file(start: dict, log: str) -> str:
    """The rule file named by the log's start record, when it can be read (whether its rules
    are the log's is `play._logged_sets`'s to say, once it has checked them)."""
    from ..load import UnreadableFile, read_source
    rules = start["rules"]
    if not rules or len(rules) > 4096 or "\0" in rules:  # (no path is so long: a message would quote it)
        raise _refused(f"{log} names no rule file it was played from: give it, "
                       f"`ruleforge play FILE --resume {log}`")
    try:
        read_source(rules)
    except UnreadableFile as e:
        reason = e.diagnostics[0].message if e.diagnostics else "it cannot be read"
        raise _refused(f"{log} was played with the rule file {cut(rules)}, which cannot be read now ({reason}): "
                       f"if it has moved, give it, `ruleforge play FILE --resume {log}`") from None
    return rules


def log_rules_changed(rules: str, log: str, why: str) -> click.BadParameter:
    """The log's own rule file, changed since the log was written (`why`)."""
    return _refused(f"{log} was played with the rule file {cut(rules)}, which has changed since ({why}): a game goes "
                    "on only with the rules it began with")


def _refused(message: str) -> click.BadParameter:
    return click.BadParameter(plain(message), param_hint="'--resume'")
