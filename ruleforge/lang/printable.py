"""Text from a rule file or a log, made safe to print.

Rule files and logs are untrusted: a title may hold ESC sequences (OSC 52 writes the
clipboard; CSI moves the cursor) or rich markup such as `[/]`. Every place that prints
such text passes it through `plain` (a plain stream) or `markup` (a rich console).
"""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, and the C1 block (U+0080-U+009F, where CSI and
# OSC have one-character forms); also bidi overrides, which reorder what a reader sees.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def plain(text: str) -> str:
    """`text` with control characters shown as `\\x1b`-style escapes."""
    return CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def markup(text: str) -> str:
    """`text` for a rich console: control characters escaped, `[` not read as markup."""
    from rich.markup import escape
    return escape(plain(text))


def cut(text: str, most: int = 80) -> str:
    """`text` from a log, at most `most` characters of it, to quote in a message (a log may
    hold a line of megabytes)."""
    if len(text) <= most:
        return text
    return f"{text[:most]}... ({len(text) - most:,} more characters)"
