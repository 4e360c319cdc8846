"""Read the numbering a hipDNN checkout already defines, from its three C headers.

The parser understands the headers' real style: `/** doc */` and `//` comments, `NAME = N,`,
`NAME\n    = N,` (clang-format's wrapped form), implicit values, hex, a last enumerator with or
without a trailing comma, preprocessor lines inside the body (`#if` blocks), aliases
(`X = OTHER_NAME`), and the attribute header's range list (`parse_range_list`). Every pass is a
single left-to-right scan, so the cost is linear in the header's size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from codegen.diagnostics import rules as R
from codegen.plumbing import storage
from codegen.diagnostics.diagnostics import Diagnostic, Loc, Note
from codegen.spec.model import OpSpec
from codegen.spec.registry import Registry
from codegen.pipeline.workspace import UsageError

HEADERS = {
    "attribute": "HipdnnBackendAttributeName.h",
    "descriptor type": "HipdnnBackendDescriptorType.h",
    "operation type": "HipdnnOperationType.h",
}
INCLUDE_DIRS = ("backend/include", "projects/hipdnn/backend/include")


@dataclass(frozen=True)
class Entry:
    name: str
    value: int
    loc: Loc
    alias_of: str | None = None


# an unclosed comment runs to the end of the text and an unclosed string to the end of its line, so
# every alternative matches where it starts and the scan stays linear (no rescans to the end)
_NOISE = re.compile(r'/\*.*?(?:\*/|\Z)|//[^\n]*|"(?:\\.?|[^"\\\n])*(?:"|$)|^[ \t]*#[^\n]*', re.S | re.M)


def _blank_comments(text: str) -> str:
    """Replace comments, string literals and preprocessor lines with spaces, keeping every newline
    so positions stay right."""

    def blank(match: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", match.group(0))

    return _NOISE.sub(blank, text)


@dataclass(frozen=True)
class DeclaredRange:
    """One item of the attribute header's range list: `first-last: title` (last is None for `N+`)."""

    first: int
    last: int | None
    title: str
    loc: Loc


RANGE_LIST_HEADING = "Attribute ranges by descriptor type:"
# ` * - 3600-3699: Title` (hipDNN's dash items); ` *   3600-3699: Title` is accepted too.
RANGE_ITEM = re.compile(r"^(\s*\*\s+(?:-\s+)?)(\d+)(?:-(\d+)|(\+))?:\s*(.*?)\s*$")


def range_list_lines(lines: list[str]) -> tuple[int, list[int]] | None:
    """(index of the heading line, indexes of the item lines) of the range list, or None."""
    for index, line in enumerate(lines):
        if line.strip().lstrip("*").strip() == RANGE_LIST_HEADING:
            items: list[int] = []
            for follow in range(index + 1, len(lines)):
                if RANGE_ITEM.match(lines[follow]) is None:
                    break
                items.append(follow)
            return index, items
    return None


def parse_range_list(text: str, path: str) -> list[DeclaredRange]:
    """The declared ranges of the attribute header, in file order, overlaps and gaps included."""
    lines = text.split("\n")
    found = range_list_lines(lines)
    if found is None:
        return []
    ranges = []
    for index in found[1]:
        match = RANGE_ITEM.match(lines[index])
        assert match is not None
        last = int(match.group(3)) if match.group(3) else None
        ranges.append(DeclaredRange(int(match.group(2)), last, match.group(5), Loc(path, index + 1, len(match.group(1)) + 1)))
    return ranges


_ENUM_HEAD = re.compile(r"\benum\b[^{;]{0,2000}\{")
_ITEM = re.compile(r"[^,]+")
_ENUMERATOR = re.compile(r"\s*([A-Za-z_]\w*)\s*(?:=(.*))?", re.S)


def _enum_bodies(clean: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each `enum ... { body }` body: the first `}` after the `{` ends it (as the
    old `\\{(.*?)\\}` did), found once, so unclosed `enum {` lines cost nothing more each."""
    position = 0
    while True:
        head = _ENUM_HEAD.search(clean, position)
        if head is None:
            return
        close = clean.find("}", head.end())
        if close < 0:
            return  # no `}` is left: no later enum has a body either
        yield head.end(), close
        position = close + 1


def parse_enums(text: str, path: str) -> list[Entry]:
    """Every enumerator of every enum body in a C header, with resolved values."""
    clean = _blank_comments(text)
    entries: list[Entry] = []
    cursor = _Cursor(clean, path)
    for offset, stop in _enum_bodies(clean):
        values: dict[str, int] = {}
        previous = -1
        for item in _ITEM.finditer(clean, offset, stop):
            raw = item.group(0)
            if not raw.strip():
                continue
            start = item.start() + (len(raw) - len(raw.lstrip()))
            match = _ENUMERATOR.fullmatch(raw)
            if not match:
                continue
            name, expression = match.group(1), None if match.group(2) is None else match.group(2).strip()
            alias = None
            if expression is None:
                value = previous + 1
            elif re.fullmatch(r"-?(0x[0-9a-fA-F]{1,16}|\d{1,20})[uUlL]*", expression):
                value = int(expression.rstrip("uUlL"), 0)
            elif expression in values:
                value, alias = values[expression], expression
            else:
                continue  # an expression this reader does not evaluate
            values[name] = value
            previous = value
            entries.append(Entry(name, value, cursor.loc(start), alias))
    return entries


class _Cursor:
    """Line and column of increasing offsets into one text, counting each newline once."""

    def __init__(self, text: str, path: str):
        self.text, self.path = text, path
        self.offset, self.line, self.line_start = 0, 1, 0

    def loc(self, offset: int) -> Loc:
        assert offset >= self.offset, "offsets must not go backwards"
        newlines = self.text.count("\n", self.offset, offset)
        if newlines:
            self.line += newlines
            self.line_start = self.text.rfind("\n", self.offset, offset) + 1
        self.offset = offset
        return Loc(self.path, self.line, offset - self.line_start + 1)


def read_source(root: Path, path: Path) -> str:
    """A checkout file's text: reached from `root` without symbolic links, a regular file of at
    most storage.MAX_HEADER_BYTES (StorageError otherwise); bytes that are not UTF-8 become U+FFFD."""
    storage.guard(root, path.relative_to(root).as_posix())  # every caller's path lies under root
    return storage.read_input(path, storage.MAX_HEADER_BYTES).decode("utf-8", "replace")


def find_headers(root: Path) -> dict[str, Path]:
    for sub in INCLUDE_DIRS:
        directory = root / sub
        if directory.is_dir():
            found = {kind: directory / name for kind, name in HEADERS.items()}
            missing = [str(p) for p in found.values() if not p.is_file()]
            if missing:
                raise UsageError(f"--hipdnn-root {root}: missing {', '.join(missing)}")
            return found
    raise UsageError(f"--hipdnn-root {root}: no {' or '.join(INCLUDE_DIRS)} directory")


def numbers(root: Path) -> dict[str, list[int]]:
    """Every number each of the checkout's three headers defines."""
    headers = find_headers(root)
    return {kind: [e.value for e in parse_enums(read_source(root, path), str(path))] for kind, path in headers.items()}


def _ours(specs: list[OpSpec], registry: Registry | None) -> dict[str, list[tuple[str, int, Loc, bool]]]:
    """Every number of the workspace by header kind: (name, value, where, whether the registry says it)."""
    ours: dict[str, list[tuple[str, int, Loc, bool]]] = {kind: [] for kind in HEADERS}
    for s in specs:
        ours["attribute"] += [(a.name, a.id, a.span.at("id"), False) for a in s.attributes()]
        ours["descriptor type"].append((s.descriptor_type.name, s.descriptor_type.value, s.descriptor_type.span.at("value"), False))
        ours["operation type"].append((s.operation_type.name, s.operation_type.value, s.operation_type.span.at("value"), False))
    if registry is not None:
        ours["attribute"] += [(v.name, v.value, v.span.loc, True) for v in registry.attributes]
        ours["descriptor type"] += [(v.name, v.value, v.span.loc, True) for v in registry.descriptor_types]
        ours["operation type"] += [(v.name, v.value, v.span.loc, True) for v in registry.operation_types]
    return ours


def check(root: Path, specs: list[OpSpec], registry: Registry | None, display=str) -> list[Diagnostic]:  # type: ignore[no-untyped-def]
    """Every spec number the checkout's headers contradict (HDR-CONFLICT), and every registry entry
    they contradict (HDR-REGISTRY-STALE, a warning: no spec owns it, so the checkout wins)."""
    headers = find_headers(root)
    refresh = f"hipdnn-codegen registry --hipdnn-root {display(root)}"
    found: list[Diagnostic] = []
    for kind, items in _ours(specs, registry).items():
        path = headers[kind]
        entries = parse_enums(read_source(root, path), display(path))
        by_name = {e.name: e for e in entries}
        by_value: dict[int, list[Entry]] = {}
        for e in entries:
            by_value.setdefault(e.value, []).append(e)
        found.extend(_conflicts(kind, items, by_name, by_value, refresh))
    return found


def _conflicts(
    kind: str, items: list[tuple[str, int, Loc, bool]], by_name: dict[str, Entry], by_value: dict[int, list[Entry]], refresh: str
) -> Iterator[Diagnostic]:
    for name, value, loc, registered in items:
        header = by_name.get(name)
        holders = by_value.get(value, [])
        problems: list[tuple[str, Entry]] = []
        if header is not None and header.value != value:
            problems.append((f"{kind} {name} is {value} here but {header.value} in the checkout", header))
        if holders and all(h.name != name for h in holders):
            problems.append((f"{kind} value {value} of {name} is {holders[0].name} in the checkout", holders[0]))
        for message, entry in problems:
            if registered:  # no spec owns it: the registry is stale against this checkout, which wins
                yield R.HDR_REGISTRY_STALE(
                    loc,
                    f"{message}; no spec owns this registry entry, so the checkout's stands; refresh the registry: {refresh}",
                    Note("defined here", entry.loc),
                )
            else:
                yield R.HDR_CONFLICT(loc, message, Note("defined here", entry.loc))


def checkout_root(directory: Path) -> Path:
    """The checkout's projects/hipdnn directory: DIR itself, or DIR/projects/hipdnn."""
    for candidate in (directory, directory / "projects" / "hipdnn"):
        if (candidate / "backend" / "include").is_dir():
            return candidate
    raise UsageError(f"--hipdnn-root {directory}: no {' or '.join(INCLUDE_DIRS)} directory")


GRAPH_FBS = "flatbuffers_sdk/schemas/graph.fbs"
UNION = "NodeAttributes"


@dataclass(frozen=True)
class UnionMember:
    table: str
    position: int
    loc: Loc


def union_members(text: str, shown: str) -> dict[str, UnionMember]:
    """Table name -> position (NONE is 0, so the first member is 1) in graph.fbs's NodeAttributes."""
    clean = _blank_comments(text)
    body = re.search(r"\bunion\s+" + UNION + r"\b[^{]*\{([^}]*)\}", clean)
    members: dict[str, UnionMember] = {}
    if body is None:
        return members
    position = 0
    for item in re.finditer(r"[^,]+", body.group(1)):
        match = re.search(r"([A-Za-z_][\w.]*)(?:\s*:\s*([A-Za-z_][\w.]*))?", item.group(0))
        if match is None:
            continue
        position += 1
        start = body.start(1) + item.start() + match.start()
        line = clean.count("\n", 0, start) + 1
        col = start - (clean.rfind("\n", 0, start) + 1) + 1
        table = (match.group(2) or match.group(1)).rsplit(".", 1)[-1]
        members[table] = UnionMember(table, position, Loc(shown, line, col))
    return members


def union_loc(text: str, shown: str) -> Loc | None:
    """Where the NodeAttributes union starts in graph.fbs."""
    start = re.search(r"\bunion\s+" + UNION + r"\b", _blank_comments(text))
    if start is None:
        return None
    line = text.count("\n", 0, start.start()) + 1
    return Loc(shown, line, start.start() - (text.rfind("\n", 0, start.start()) + 1) + 1)
