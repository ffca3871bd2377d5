"""A rule file's card list, for `ruleforge cards` and for documentation."""

from __future__ import annotations

from ..lang import ast as A
from ..lang.cards import standard_deck
from ..lang.const import fold
from ..lang.printable import markup, plain


def _source(files: dict, node) -> str:
    """The text a node was written as, in the file it was written in (a variant's card
    may come from the file it extends)."""
    s = node.span
    text_lines = files.get(s.file, files[None])
    if s.line == s.end_line:
        return text_lines[s.line - 1][s.column - 1:s.end_column - 1].strip()
    first = text_lines[s.line - 1][s.column - 1:]
    rest = [text_lines[i - 1] for i in range(s.line + 1, s.end_line + 1)]
    return " ".join(x.strip() for x in [first, *rest] if x.strip())


def card_rows(checked, text: str) -> list[dict]:
    """One row per listed card (copies counted, not repeated); a rule-valued attribute
    is shown as the rule's text."""
    lines = {None: text.splitlines(), **{f: t.splitlines() for f, t in getattr(checked, "sources", {}).items()}}
    if not checked.card_decls:
        return [{"name": c.name, "type": c.attrs["suit"], "value": str(c.attrs["value"]), "copies": 1,
                 "text": f"{c.attrs['rank']} of {c.attrs['suit']}" if c.attrs["suit"] else "a joker"}
                for c in standard_deck(*checked.deck)]
    rows = []
    for cd in checked.card_decls:
        attrs = {a.name.name: a.value for a in cd.attrs}

        def show(key):
            node = attrs.get(key)
            if node is None:
                return ""
            if isinstance(node, A.Text):
                return node.value
            # a generated card's values are plain values, made from its list's loops
            if isinstance(node, A.Bool):
                return "true" if node.value else "false"
            if isinstance(node, A.Number) and _source(lines, node) != str(node.value):
                return str(node.value)
            if isinstance(node, A.Name) and _source(lines, node) != node.name:
                return node.name
            return _source(lines, node)
        copies = attrs.get("copies")
        rows.append({"name": cd.title, "type": show("type"), "value": show("value"),
                     "copies": fold(copies, checked.params) if copies is not None else 1,
                     "text": show("text")})
    return rows


def render_table(rows: list[dict], title: str) -> None:
    from rich.console import Console
    from rich.table import Table
    table = Table(title=markup(title), show_lines=False)
    for col, kw in (("Name", {"style": "bold"}), ("Type", {}), ("Value", {}), ("Copies", {"justify": "right"}),
                    ("Text", {"overflow": "fold"})):
        table.add_column(col, **kw)
    for r in rows:
        # the rule file's text, escaped; a value already coloured (a rich Text) is not markup
        cell = lambda v: markup(v) if isinstance(v, str) else v  # noqa: E731
        table.add_row(cell(r["name"]), cell(r["type"]), cell(r["value"]), str(r["copies"]), cell(r["text"]))
    Console(emoji=False).print(table)  # a card named "Top:100:Secret" is printed as named


def render_markdown(rows: list[dict]) -> str:
    out = ["| Name | Type | Value | Copies | Text |", "|---|---|---|---:|---|"]
    for r in rows:
        cells = [plain(x) for x in (r["name"], r["type"], f"`{r['value']}`" if r["value"] else "",
                                    str(r["copies"]), r["text"])]
        out.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(out)
