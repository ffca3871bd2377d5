"""Make docs/play-gufo.png and docs/play-ufology.png again: each game is played in a
120 x 40 tmux pane by sending keys, the pane is captured with its colours, and the capture
becomes an SVG (rich) and a PNG (cairosvg, which this script needs: pip install cairosvg).
The games run with this Python, or with $RULEFORGE_PYTHON (one where ruleforge is installed).

    python docs/play-screenshots.py            # both
    python docs/play-screenshots.py ufology    # one
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = os.environ.get("RULEFORGE_PYTHON", sys.executable)
# name: (the command's arguments, the lines typed, the prompt each waits for)
SHOTS = {
    "gufo": ("play games/gufo.rules --as radar --seed 5", ["5", "scan j 5"], "Radar Operator>"),
    "ufology": ("play games/ufology.rules --players 4 --as 1 --seed 11", ["1", "1", "1"], "player 1>"),
}


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def capture(args: str, keys: list[str], prompt: str) -> str:
    """The pane, with its colours, at the prompt after the last of `keys`."""
    name = f"ruleforge-shot-{uuid.uuid4().hex[:8]}"
    command = (f"cd {shlex.quote(str(ROOT))} && unset NO_COLOR COLUMNS LINES && TERM=xterm-256color "
               f"PYTHONPATH={shlex.quote(str(ROOT))} {shlex.quote(PYTHON)} -m ruleforge {args}; sleep 600")
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", command)
    try:
        for count in range(1, len(keys) + 2):
            deadline = time.monotonic() + 60
            while not (tmux("capture-pane", "-p", "-S", "-", "-t", name).count(prompt) >= count
                       and tmux("capture-pane", "-p", "-t", name).rstrip().endswith(prompt)):
                if time.monotonic() > deadline:
                    raise SystemExit(f"no prompt {count}:\n" + tmux("capture-pane", "-p", "-t", name))
                time.sleep(0.2)
            if count <= len(keys):
                tmux("send-keys", "-t", name, keys[count - 1], "Enter")
        return tmux("capture-pane", "-e", "-p", "-t", name)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def to_png(ansi: str, title: str, path: Path) -> None:
    import cairosvg
    from rich._export_format import CONSOLE_SVG_FORMAT
    from rich.console import Console
    from rich.text import Text

    console = Console(record=True, width=120, file=open(os.devnull, "w"), color_system="truecolor",
                      force_terminal=True)
    for line in ansi.rstrip("\n").split("\n"):
        console.print(Text.from_ansi(line), soft_wrap=True)  # each captured line as it was
    # DejaVu Sans Mono, installed here, rather than Fira Code fetched from the web
    form = re.sub(r"@font-face \{\{.*?\}\}\s*", "", CONSOLE_SVG_FORMAT, flags=re.S)
    form = form.replace("font-family: Fira Code, monospace", "font-family: DejaVu Sans Mono, monospace")
    svg = console.export_svg(title=title, code_format=form)
    cairosvg.svg2png(bytestring=svg.encode(), write_to=str(path))


def main(names: list[str]) -> None:
    for name in names or SHOTS:
        args, keys, prompt = SHOTS[name]
        to_png(capture(args, keys, prompt), f"ruleforge {args}", ROOT / "docs" / f"play-{name}.png")
        print(f"docs/play-{name}.png")


if __name__ == "__main__":
    main(sys.argv[1:])
