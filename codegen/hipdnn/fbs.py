"""A reader for the subset of FlatBuffers schema language hipDNN's attribute tables use.

It understands `namespace`, `include`, `attribute`, `enum`, `table`, `root_type`, metadata in
parentheses on tables, enums and fields (`table T (umd_opcode: "x") {`, `x: long (cache_uid);`)
and the field forms `name: type [= default] [(metadata)];`. Anything else (structs, unions,
rpc services) is reported with its position, never skipped; which field types the spec can
express is decided by the caller (codegen/scaffold.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from codegen.diagnostics import rules
from codegen.plumbing import storage
from codegen.diagnostics.diagnostics import Diagnostic, Loc, SpecError

TOKEN = re.compile(
    r"""(?P<space>\s+)|(?P<comment>//[^\n]*|/\*.*?\*/)|(?P<string>"[^"\n]*")|(?P<number>-?\d+(\.\d+)?([eE][-+]?\d+)?)
        |(?P<name>[A-Za-z_][A-Za-z0-9_.]*)|(?P<punct>[{}()\[\]:;=,])""",
    re.S | re.X,
)


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    loc: Loc


@dataclass
class FbsField:
    name: str
    type: str  # "long", "[long]", an enum name, ...
    default: str | None
    attributes: list[str]  # metadata names, e.g. ["cache_uid", "umd_name"]
    loc: Loc
    metadata: dict[str, str | None] = field(default_factory=dict)  # name -> value (None for flags)
    type_loc: Loc | None = None
    metadata_items: list[str] = field(default_factory=list)  # as written: `name`, `name: "text"`, `name: 3`


@dataclass
class FbsEnum:
    name: str
    base: str
    values: list[tuple[str, int]]
    loc: Loc
    file: str | None = None  # the included schema defining it (None: this schema)


@dataclass
class FbsTable:
    name: str
    fields: list[FbsField]
    loc: Loc
    metadata: dict[str, str | None] = field(default_factory=dict)
    name_loc: Loc | None = None
    metadata_items: list[str] = field(default_factory=list)


@dataclass
class Schema:
    tables: dict[str, FbsTable] = field(default_factory=dict)
    enums: dict[str, FbsEnum] = field(default_factory=dict)
    root_type: tuple[str, Loc] | None = None
    includes: list[tuple[str, Loc]] = field(default_factory=list)
    missing_includes: list[tuple[str, Loc]] = field(default_factory=list)  # not found next to the schema
    problems: list[Diagnostic] = field(default_factory=list)  # includes not followed (FBS-INCLUDE)


def tokenize(path: str, text: str) -> list[Token]:
    tokens: list[Token] = []
    position = 0
    line, line_start = 1, 0
    while position < len(text):
        match = TOKEN.match(text, position)
        if match is None:
            loc = Loc(path, line, position - line_start + 1)
            raise SpecError([rules.FBS_SYNTAX(loc, f"unexpected character {text[position]!r}")])
        kind = match.lastgroup or ""
        if kind not in ("space", "comment"):
            tokens.append(Token(kind, match.group(0), Loc(path, line, position - line_start + 1)))
        chunk = match.group(0)
        newlines = chunk.count("\n")
        if newlines:
            line += newlines
            line_start = position + chunk.rfind("\n") + 1
        position = match.end()
    return tokens


class _Parser:
    def __init__(self, path: str, tokens: list[Token]):
        self.path = path
        self.tokens = tokens
        self.index = 0
        self.schema = Schema()

    def peek(self) -> Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def next(self, expected: str | None = None) -> Token:
        token = self.peek()
        if token is None:
            end = self.tokens[-1].loc if self.tokens else Loc(self.path)
            raise SpecError([rules.FBS_SYNTAX(end, f"unexpected end of file{f', expected {expected!r}' if expected else ''}")])
        if expected is not None and token.text != expected and token.kind != expected:
            raise SpecError([rules.FBS_SYNTAX(token.loc, f"expected {expected!r}, found {token.text!r}")])
        self.index += 1
        return token

    def skip_statement(self) -> None:
        while self.next().text != ";":
            pass

    def parse(self) -> Schema:
        while (token := self.peek()) is not None:
            if token.text == "root_type":
                self.next()
                name = self.next("name")
                self.next(";")
                self.schema.root_type = (name.text, name.loc)
            elif token.text == "include":
                self.next()
                target = self.next("string")
                self.next(";")
                self.schema.includes.append((target.text.strip('"'), target.loc))
            elif token.text in ("namespace", "attribute", "file_identifier", "file_extension", "native_include"):
                self.skip_statement()
            elif token.text == "enum":
                self.enum()
            elif token.text == "table":
                self.table()
            elif token.text in ("struct", "union", "rpc_service"):
                raise SpecError([rules.FBS_UNSUPPORTED(token.loc, f"'{token.text}' declarations are not supported; hipDNN attribute tables use tables and enums")])
            else:
                raise SpecError([rules.FBS_SYNTAX(token.loc, f"unexpected {token.text!r} at top level")])
        return self.schema

    def enum(self) -> None:
        start = self.next("enum")
        name = self.next("name")
        self.next(":")
        base = self.next("name").text
        self.metadata()
        self.next("{")
        values: list[tuple[str, int]] = []
        value = -1
        while self.peek() is not None and self.peek().text != "}":  # type: ignore[union-attr]
            member = self.next("name")
            if self.peek() is not None and self.peek().text == "=":  # type: ignore[union-attr]
                self.next("=")
                number = self.next("number")
                try:
                    value = int(number.text, 0)
                except ValueError:
                    raise SpecError([rules.FBS_SYNTAX(number.loc, f"enum value {number.text!r} is not an integer")]) from None
            else:
                value += 1
            values.append((member.text, value))
            if self.peek() is not None and self.peek().text == ",":  # type: ignore[union-attr]
                self.next(",")
        self.next("}")
        self.schema.enums[name.text] = FbsEnum(name.text, base, values, start.loc)

    def table(self) -> None:
        start = self.next("table")
        name = self.next("name")
        metadata, items = self.metadata_with_items()
        self.next("{")
        fields: list[FbsField] = []
        while self.peek() is not None and self.peek().text != "}":  # type: ignore[union-attr]
            fields.append(self.field())
        self.next("}")
        self.schema.tables[name.text] = FbsTable(name.text, fields, start.loc, metadata, name.loc, items)

    def metadata(self) -> dict[str, str | None]:
        return self.metadata_with_items()[0]

    def metadata_with_items(self) -> tuple[dict[str, str | None], list[str]]:
        """`(a, b: "text", c: 3)` after a table, enum or field, as name -> value and as written;
        absent means empty."""
        found: dict[str, str | None] = {}
        items: list[str] = []
        if self.peek() is None or self.peek().text != "(":  # type: ignore[union-attr]
            return found, items
        self.next("(")
        while True:
            key = self.next("name")
            value = None
            if self.peek() is not None and self.peek().text == ":":  # type: ignore[union-attr]
                self.next(":")
                token = self.next()
                if token.kind not in ("string", "number", "name"):
                    raise SpecError([rules.FBS_SYNTAX(token.loc, f"expected a metadata value, found {token.text!r}")])
                value = token.text.strip('"') if token.kind == "string" else token.text
                items.append(f"{key.text}: {token.text}")
            else:
                items.append(key.text)
            found[key.text] = value
            if self.peek() is not None and self.peek().text == ",":  # type: ignore[union-attr]
                self.next(",")
                continue
            self.next(")")
            return found, items

    def field(self) -> FbsField:
        name = self.next("name")
        self.next(":")
        type_token = self.peek()
        if type_token is not None and type_token.text == "[":
            self.next("[")
            element = self.next("name").text
            if self.peek() is not None and self.peek().text == ":":  # type: ignore[union-attr]
                self.next(":")  # a fixed-length array [T:N] (structs only)
                element += ":" + self.next("number").text
            type_text = "[" + element + "]"
            self.next("]")
        else:
            type_text = self.next("name").text
        default = None
        if self.peek() is not None and self.peek().text == "=":  # type: ignore[union-attr]
            self.next("=")
            token = self.next()
            if token.kind not in ("number", "name", "string"):
                raise SpecError([rules.FBS_SYNTAX(token.loc, f"expected a default value, found {token.text!r}")])
            default = token.text
        metadata, items = self.metadata_with_items()
        self.next(";")
        return FbsField(name.text, type_text, default, list(metadata), name.loc, metadata, type_token.loc if type_token else None, items)


def parse(path: str, text: str) -> Schema:
    return _Parser(path, tokenize(path, text)).parse()


# an include names a schema in the including schema's directory (hipDNN's schemas include their
# shared ones by bare name); the spec records it as such a name
INCLUDE_NAME = re.compile(r"[a-z][a-z0-9_]{0,80}\.fbs")
MAX_INCLUDE_DEPTH = 64  # schemas in one chain of includes (hipDNN's deepest is 2)


def load(path: Path, shown: str) -> Schema:
    """Parse a schema and the enums of the files it includes. An include is a bare file name found
    in the schema's directory (never a path, so nothing outside that directory is read); any other
    form, and a chain of includes deeper than MAX_INCLUDE_DEPTH, is an FBS-INCLUDE problem of the
    schema, at the include."""
    return _load(path, shown, set(), 1)


def _include_problem(include: str) -> str | None:
    if "/" in include or "\\" in include or include in (".", ".."):
        return (
            f"include \"{include}\" is a path; includes are looked up only in the schema's directory (as flatc "
            f"does with -I naming it): copy the included schema there and include it by its file name"
        )
    if not INCLUDE_NAME.fullmatch(include):
        return f"include \"{include}\" is not a lower snake_case .fbs file name (as hipDNN names its schemas); rename the schema it names"
    return None


def _load(path: Path, shown: str, seen: set[Path], depth: int) -> Schema:
    try:
        text = storage.read_input(path, storage.MAX_SPEC_BYTES, shown).decode("utf-8")
    except (storage.StorageError, UnicodeDecodeError) as exc:
        raise SpecError([rules.FBS_SYNTAX(Loc(shown), f"cannot read the schema: {exc}")]) from None
    seen.add(path.resolve())
    schema = parse(shown, text)
    for include, loc in schema.includes:
        problem = _include_problem(include)
        if problem is not None:
            schema.problems.append(rules.FBS_INCLUDE(loc, problem))
            continue
        other = path.parent / include
        if not other.is_file():
            schema.missing_includes.append((include, loc))
        elif other.resolve() not in seen:
            if depth >= MAX_INCLUDE_DEPTH:
                schema.problems.append(rules.FBS_INCLUDE(loc, f"include \"{include}\" is more than {MAX_INCLUDE_DEPTH} schemas deep in a chain of includes; flatten the chain"))
                continue
            shown_other = str(Path(shown).parent / include) if Path(shown).parent != Path(".") else include
            included = _load(other, shown_other, seen, depth + 1)
            for name, enum in included.enums.items():
                if enum.file is None:
                    enum.file = include
                schema.enums.setdefault(name, enum)
            schema.missing_includes += included.missing_includes
            schema.problems += included.problems
    return schema


def pick_table(schema: Schema, wanted: str | None, shown: str) -> FbsTable:
    if wanted is not None:
        if wanted not in schema.tables:
            known = ", ".join(sorted(schema.tables)) or "none"
            raise SpecError([rules.FBS_TABLE(Loc(shown), f"no table {wanted} in the schema (tables: {known})")])
        return schema.tables[wanted]
    if schema.root_type is not None:
        root, loc = schema.root_type
        if root not in schema.tables:
            known = ", ".join(sorted(schema.tables)) or "none"
            raise SpecError([rules.FBS_TABLE(loc, f"root_type {root} is not a table of this schema (tables: {known})")])
        return schema.tables[root]
    if len(schema.tables) != 1:
        known = ", ".join(sorted(schema.tables)) or "none"
        raise SpecError([rules.FBS_TABLE(Loc(shown), f"name the table with FILE:TABLE (tables: {known})")])
    return next(iter(schema.tables.values()))


def unsupported(loc: Loc, message: str) -> Diagnostic:
    return rules.FBS_UNSUPPORTED(loc, message)
