"""Blocks of a state machine written again where they are jumped to.

A rule that can stop is a state machine (resumable.py): a jump `pc = k` sets the block
number and the loop tests block numbers until it finds block k. Most jumps go on at
once, on the common path: a loop's test, the block after a decision, the rule's end. So a
jump whose block is short is replaced by the block's own code, written again at the
jump (and the jumps in that code in turn, up to a depth and a size), so that the rule
runs straight on to its next stop without testing block numbers on the way.

Every block stays where it was while anything can still go to it: a block a stop goes on
at (`fr.pc = k`: a decision's answer, a rule called, a retry after a `runs out` rule), the
block of each decision (`engine.offer_again` makes a decision again from `fr.pc - 1`),
a jump not written straight (a loop going round again, a block too long to copy). So
`fr.pc` and the frame's list `L` mean what they meant (a clone copies them, a stopped
rule goes on where it did), and each statement runs as often as before, so the step
budget counts the same steps. A copy keeps its lines' rule-file positions, so an error
is shown where it was.
"""

from __future__ import annotations

import re

_HEADER = re.compile(r"^( *)if pc == (\d+):$")
_JUMP = re.compile(r"^( *)pc = (\d+)$")
_STOP_AT = re.compile(r"\bfr\.pc = (\d+)$")

MAX_DEPTH = 8    # blocks written one inside another at a jump
MAX_BLOCK = 24   # the lines of a block that may be written again
# The lines all copies may add to a machine: twice its own lines (at least 48). Measured on
# the launch games (docs/performance.md, 2026-12-06): twice gains nearly all that four times
# gains, and the generated source of games/ and examples/ grows from 8,608 lines to 10,029.
GROWTH, MIN_ADDED = 2, 48


def straighten(w, first: int, deciding=frozenset()) -> None:
    """After thread_jumps and drop_dead_blocks, before group_blocks: write short blocks
    again at the jumps to them, then drop the blocks nothing goes to any more."""
    lines, where = w.lines, w.where
    heads = [i for i in range(first, len(lines)) if _HEADER.match(lines[i])]
    if len(heads) < 2:
        return
    pad = _HEADER.match(lines[heads[0]]).group(1)
    heads = [i for i in heads if _HEADER.match(lines[i]).group(1) == pad]
    inner = len(pad) + 4
    blocks: dict[int, list[tuple[str, object]]] = {}
    head_at: dict[int, object] = {}
    order: list[int] = []
    for n, i in enumerate(heads):
        end = heads[n + 1] if n + 1 < len(heads) else len(lines)
        body = []
        for j in range(i + 1, end):
            text = lines[j]
            m = _JUMP.match(body[-1][0]) if body else None
            if m is not None and text == " " * inner + m.group(1) + "continue":
                continue  # (worked out again below, where the jump ends up)
            if text and not text.startswith(" " * inner):
                return  # (not a block of this machine: leave the machine as it is)
            body.append((text[inner:], where[j]))
        k = int(_HEADER.match(lines[i]).group(2))
        blocks[k], head_at[k] = body, where[i]
        order.append(k)
    # The blocks a rule goes on at: its start, and where a stop goes on (a decision's
    # answer, a rule called, a retry). Each is written with copies of the blocks it
    # jumps to, a depth at a time over all of them (every block's own jumps first, then
    # the jumps in those copies...), so that the bound on the lines added reaches first
    # the jumps nearest each block's start, which every run through the block takes.
    # A block still jumped to after that is written the same way, and so on.
    stops = {int(m.group(1)) for k in order for text, _ in blocks[k] if (m := _STOP_AT.search(text)) is not None}
    budget = [max(GROWTH * (len(lines) - first), MIN_ADDED)]
    written: dict[int, list] = {}
    targets: set[int] = set()  # the blocks jumped to from what is written
    place = {k: n for n, k in enumerate(order)}

    def grow(ks) -> None:
        for k in ks:
            written[k] = [(text, at, (k,)) for text, at in blocks[k]]
        for depth in range(1, MAX_DEPTH + 1):
            for k in ks:
                out = []
                for text, at, chain in written[k]:
                    m = _JUMP.match(text)
                    if m is not None and len(chain) == depth:
                        t = int(m.group(2))
                        copy = blocks.get(t)
                        if copy is not None and t not in chain and len(copy) <= MAX_BLOCK and budget[0] >= len(copy):
                            budget[0] -= len(copy)
                            ind = m.group(1)
                            out.extend((ind + c if c else c, a, chain + (t,)) for c, a in copy)
                            continue
                    out.append((text, at, chain))
                written[k] = out
        for k in ks:  # (a block's lines change only while it is grown: kept as they come)
            targets.update(int(m.group(2)) for text, _, _ in written[k] if (m := _JUMP.match(text)) is not None)

    def more() -> list[int]:
        return sorted(targets - written.keys(), key=place.__getitem__)

    # first the rule's start and the answers to its decisions (a resume at each decision),
    # then the other places a stop goes on at (a rule called, a retry: fewer)
    answers = [k for k in order if k == order[0] or k - 1 in deciding]
    grow(answers)
    grow([k for k in order if k in stops and k not in answers])
    while (ks := more()):
        grow(ks)
    # a decision's block, now written straight where it is reached, is kept for
    # offer_again alone (check --deep): entered only there, its test comes after every other
    cold = [k for k in order if k not in written and k in deciding]
    grow(cold)
    while (ks := more()):
        grow(ks)
    cold = [k for k in cold if k not in targets]
    kept = [k for k in order if k in written and k not in cold] + cold
    written = {k: [(text, at) for text, at, _ in body] for k, body in written.items()}
    out, out_where = [], []
    at_line: dict[int, int] = {}
    position = {k: n for n, k in enumerate(kept)}
    for k in kept:
        at_line[k] = len(out)
        out.append(f"{pad}if pc == {k}:")
        out_where.append(head_at[k])
        body = written[k]
        if any((m := _JUMP.match(t)) is not None and int(m.group(2)) == k for t, _ in body):
            # a loop that goes round within one block (a draw loop, a loop over the
            # discards) goes round as a Python loop, with no block test; a jump out of
            # it leaves the loop and goes on as any jump does
            out.append(f"{pad}    while True:")
            out_where.append(head_at[k])
            for text, at in body:
                m = _JUMP.match(text)
                if m is not None and int(m.group(2)) == k:
                    out.append(f"{pad}        {m.group(1)}continue")
                    out_where.append(at)
                elif m is not None:
                    out.extend((f"{pad}        {text}", f"{pad}        {m.group(1)}break"))
                    out_where.extend((at, at))
                else:
                    out.append(f"{pad}        {text}" if text else text)
                    out_where.append(at)
            # a jump back out of it starts the machine's loop again, as every jump back
            # does: nothing may fall through past the last block (that end is reached
            # only at a block number the rule does not have: resumable.sm_body)
            exits = {int(m.group(2)) for t, _ in body if (m := _JUMP.match(t)) is not None} - {k}
            back = sorted(t for t in exits if position[t] < position[k])
            if back:
                test = "" if len(back) == len(exits) else \
                    f"if pc == {back[0]}: " if len(back) == 1 else f"if pc in ({', '.join(map(str, back))}): "
                out.append(f"{pad}    {test}continue")
                out_where.append(head_at[k])
            continue
        for text, at in body:
            out.append(" " * inner + text if text else text)
            out_where.append(at)
    # a jump back starts the loop again at once; a jump on falls through to its block
    final, final_where = lines[:first], where[:first]
    for i, (text, at) in enumerate(zip(out, out_where)):
        final.append(text)
        final_where.append(at)
        m = _JUMP.match(text)
        if m is not None and at_line[int(m.group(2))] < i and (i + 1 == len(out) or out[i + 1] != m.group(1) + "break"):
            final.append(f"{m.group(1)}continue")
            final_where.append(at)
    lines[:], where[:] = final, final_where
