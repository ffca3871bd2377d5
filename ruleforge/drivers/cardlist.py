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
        return [{"name": c.name, "attrs": {"suit": c.attrs["suit"] or ""}, "rules": (), "value": str(c.attrs["value"]),
                 "copies": 1, "text": f"{c.attrs['rank']} of {c.attrs['suit']}" if c.attrs["suit"] else "a joker"}
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
        # every attribute the file gives its cards, each a column of its own ('colour' and
        # 'kind' were not shown: only 'type', 'value' and 'text' were)
        rows.append({"name": cd.title, "attrs": {k: show(k) for k in attrs if k not in _OWN_COLUMNS},
                     "rules": {k for k, node in attrs.items() if k not in _OWN_COLUMNS and _is_rule(node)},
                     "value": show("value"), "copies": fold(copies, checked.params) if copies is not None else 1,
                     "text": show("text")})
    return rows


def _is_rule(node) -> bool:
    """An attribute worked out by a rule (a goal, `this.order`), not a plain value."""
    return not isinstance(node, (A.Text, A.Bool, A.Number, A.Name))


_OWN_COLUMNS = ("value", "copies", "text")  # the columns every card list has (Name first)


def attr_columns(rows: list[dict]) -> list[str]:
    """The attributes shown, in the order the file first gives them: those some card has."""
    seen: dict[str, None] = {}
    for r in rows:
        for k, v in r["attrs"].items():
            if v:
                seen.setdefault(k, None)
    return list(seen)


def _title(attr: str) -> str:
    return attr[:1].upper() + attr[1:].replace("_", " ")


def render_table(rows: list[dict], title: str) -> None:
    from rich.console import Console
    from rich.table import Table
    table = Table(title=markup(title), show_lines=False)
    attrs = attr_columns(rows)
    texts, values = any(r["text"] for r in rows), _has_values(rows)
    for col, kw in (("Name", {"style": "bold"}), *((markup(_title(a)), {}) for a in attrs),
                    *((("Value", {}),) if values else ()),
                    ("Copies", {"justify": "right"}), *((("Text", {"overflow": "fold"}),) if texts else ())):
        table.add_column(col, **kw)
    for r in rows:
        # the rule file's text, escaped; a value already coloured (a rich Text) is not markup
        cell = lambda v: markup(v) if isinstance(v, str) else v  # noqa: E731
        table.add_row(cell(r["name"]), *(cell(r["attrs"].get(a, "")) for a in attrs),
                      *((cell(r["value"]),) if values else ()),
                      str(r["copies"]), *((cell(r["text"]),) if texts else ()))
    Console(emoji=False).print(table)  # a card named "Top:100:Secret" is printed as named


def render_markdown(rows: list[dict]) -> str:
    attrs = attr_columns(rows)
    texts, values = any(r["text"] for r in rows), _has_values(rows)
    out = ["| " + " | ".join(["Name", *map(_title, attrs), *(["Value"] if values else []), "Copies",
                              *(["Text"] if texts else [])]) + " |",
           "|" + "---|" * (1 + len(attrs) + values) + "---:|" + ("---|" if texts else "")]
    for r in rows:
        cells = [plain(x) for x in (r["name"], *(_code(r, a) for a in attrs),
                                    *([f"`{r['value']}`" if r["value"] else ""] if values else []), str(r["copies"]),
                                    *([r["text"]] if texts else []))]
        out.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(out)


def _has_values(rows: list[dict]) -> bool:
    """Whether some card has a value: a Value column empty for every card is left out, as
    an attribute's or the text's is."""
    return any(str(r["value"]) for r in rows)  # (a value coloured for the terminal is a rich Text)


def _code(r: dict, attr: str) -> str:
    """An attribute's markdown cell: a rule in code, as a value is."""
    v = r["attrs"].get(attr, "")
    return f"`{v}`" if v and attr in r["rules"] else v
