"""Safe YAML loading that remembers where every key and value came from.

PyYAML's own loaders silently keep the last of two duplicate keys and drop positions. Here the
document is composed into nodes and converted by hand, so every value gets a `Loc`, duplicate
keys become diagnostics, and no input (binary, non-UTF-8, nested junk) escapes as a traceback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from codegen import rules, storage
from codegen.diagnostics import Diagnostic, Loc, SpecError

MAX_DEPTH = 32  # levels of mappings and lists; a spec needs 6
MAX_NODES = 100_000  # values in one document; a large spec has about 500
MAX_INT_DIGITS = 30  # int64's extremes have 19
# Below these sizes the document cannot nest deeper than the C composer's stack allows, so the
# event pre-scan (which measures depth and counts nodes without recursion) is skipped.
_SCAN_FROM_BYTES = 64 << 10
_SCAN_FROM_OPENERS = 1_000
_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)")

Path = tuple[str | int, ...]


@dataclass
class Document:
    """Plain Python data plus the location of every value and every mapping key."""

    path: str
    data: Any
    values: dict[Path, Loc] = field(default_factory=dict)
    keys: dict[Path, Loc] = field(default_factory=dict)

    def loc(self, path: Path) -> Loc:
        """Location of the value at `path`, or of its nearest ancestor that exists."""
        while path not in self.values and path:
            path = path[:-1]
        return self.values.get(path, Loc(self.path))

    def key_loc(self, path: Path) -> Loc:
        return self.keys.get(path) or self.loc(path)


# libyaml composes about ten times faster than the pure-Python loader; both give node marks.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _mark_loc(path: str, mark: yaml.Mark | None) -> Loc:
    if mark is None:
        return Loc(path)
    return Loc(path, mark.line + 1, mark.column + 1)


def _node_loc(path: str, node: Node) -> Loc:
    """Where a node starts and ends (block collections end where their last value does; their
    own end mark is the start of whatever follows them)."""
    start, end = node.start_mark, node.end_mark
    return Loc(path, start.line + 1, start.column + 1, end.line + 1, end.column + 1)


def _offset_loc(path: str, text: str | bytes, offset: int) -> Loc:
    head = text[:offset]
    newline = b"\n" if isinstance(head, bytes) else "\n"
    line = head.count(newline) + 1  # type: ignore[arg-type]
    col = offset - (head.rfind(newline) + 1) + 1  # type: ignore[arg-type]
    return Loc(path, line, col)


def _char(character: int | str) -> str:
    code = character if isinstance(character, int) else ord(character)
    return f"U+{code:04X}"


def decode(path: str, raw: bytes) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SpecError(
            [
                rules.YAML_ENCODING(
                    _offset_loc(path, raw, exc.start),
                    f"byte 0x{raw[exc.start]:02x} is not valid UTF-8; save the file as UTF-8",
                )
            ]
        ) from None
    return text.removeprefix("\ufeff")


def _prescan(path: str, text: str) -> None:
    """Reject documents nested deeper than MAX_DEPTH or holding more than MAX_NODES values before
    composing them: libyaml's composer recurses once per level and overflows the C stack near
    25,000 levels (a crash no exception handler can catch). The event stream is flat, so this
    scan is safe at any depth; it only runs for inputs large or bracket-heavy enough to matter."""
    openers = text.count("[") + text.count("{") + text.count("- ") + text.count("? ")
    if len(text) < _SCAN_FROM_BYTES and openers < _SCAN_FROM_OPENERS:
        return
    depth = nodes = 0
    starts = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
    ends = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, starts):
            depth += 1
            if depth > MAX_DEPTH + 1:  # the top-level mapping is level 0 for the converter
                raise SpecError([rules.YAML_TOO_DEEP(_mark_loc(path, event.start_mark), f"nesting deeper than {MAX_DEPTH} levels")])
        elif isinstance(event, ends):
            depth -= 1
            continue
        elif not isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent)):
            continue
        nodes += 1
        if nodes > MAX_NODES:
            raise SpecError([rules.YAML_TOO_LARGE(_mark_loc(path, event.start_mark), f"more than {MAX_NODES} values in one document")])


def load_text(path: str, text: str) -> Document:
    """Parse one YAML document; raises SpecError with every problem found."""
    try:
        _prescan(path, text)
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "malformed YAML"
        if exc.context and exc.problem:
            problem = f"{problem} ({exc.context})"
        raise SpecError([rules.YAML_SYNTAX(_mark_loc(path, mark), problem)]) from None
    except yaml.reader.ReaderError as exc:
        raise SpecError(
            [
                rules.YAML_SYNTAX(
                    _offset_loc(path, text, exc.position),
                    f"character {_char(exc.character)} is not allowed in YAML text",
                )
            ]
        ) from None
    except yaml.YAMLError as exc:
        raise SpecError([rules.YAML_SYNTAX(Loc(path), str(exc).splitlines()[0])]) from None
    except RecursionError:
        raise SpecError([rules.YAML_TOO_DEEP(Loc(path), "nesting is too deep to read")]) from None
    if root is None:
        raise SpecError([rules.YAML_EMPTY(Loc(path), "the file is empty; an op spec is a YAML mapping")])
    doc = Document(path, None)
    problems: list[Diagnostic] = []
    doc.data = _Converter(doc, problems).convert(root, (), 0)
    if problems:
        raise SpecError(problems)
    return doc


def load_file(path: str, raw: bytes) -> Document:
    if len(raw) > storage.MAX_SPEC_BYTES:  # bytes from git (a base revision) bypass read_input
        raise SpecError([rules.INPUT_FILE(Loc(path), f"the file is {len(raw)} bytes; the limit is {storage.MAX_SPEC_BYTES} bytes")])
    return load_text(path, decode(path, raw))


class _Converter:
    def __init__(self, doc: Document, problems: list[Diagnostic]):
        self.doc = doc
        self.problems = problems
        self.constructor = yaml.SafeLoader("")
        self.seen: set[int] = set()

    def convert(self, node: Node, path: Path, depth: int) -> Any:
        loc = _node_loc(self.doc.path, node)
        if isinstance(node, (MappingNode, SequenceNode)) and not node.flow_style:
            loc = loc._replace(end_line=None, end_col=None)  # _end_with sets it once the last value is read
        self.doc.values[path] = loc
        if id(node) in self.seen:  # the composer hands an aliased node out a second time
            self.problems.append(
                rules.YAML_ALIAS(loc, "this anchored value is reused by an alias (*name); aliases are not allowed, write the value out")
            )
            return None
        self.seen.add(id(node))
        if depth > MAX_DEPTH:
            self.problems.append(rules.YAML_TOO_DEEP(loc, f"nesting deeper than {MAX_DEPTH} levels"))
            return None
        if isinstance(node, MappingNode):
            mapping = self._mapping(node, path, depth)
            last = next(reversed(mapping), None)
            self._end_with(path, None if last is None else path + (last,))
            return mapping
        if isinstance(node, SequenceNode):
            items = [self.convert(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
            self._end_with(path, path + (len(items) - 1,) if items else None)
            return items
        if node.tag == "tag:yaml.org,2002:str":
            return node.value
        if node.tag == "tag:yaml.org,2002:int" and len(node.value) > MAX_INT_DIGITS:
            self.problems.append(rules.YAML_VALUE(loc, f"integer has {len(node.value)} characters; at most {MAX_INT_DIGITS} are allowed"))
            return None
        if node.tag == "tag:yaml.org,2002:int" and _DECIMAL.fullmatch(node.value):
            return int(node.value)  # the common case, without the generic constructor
        if node.tag == "tag:yaml.org,2002:timestamp":
            return str(node.value)  # dates stay text (ISO 8601); schemas check their pattern
        try:
            return self.constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            self.problems.append(rules.YAML_VALUE(loc, f"cannot read value {node.value!r}: {reason}"))
            return None

    def _end_with(self, path: Path, last: Path | None) -> None:
        """A block collection ends where its last value ends."""
        loc = self.doc.values[path]
        end = None if last is None else self.doc.values.get(last)
        if not loc.has_end and end is not None and end.has_end:
            self.doc.values[path] = loc._replace(end_line=end.end_line, end_col=end.end_col)

    def _mapping(self, node: MappingNode, path: Path, depth: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key_loc = _node_loc(self.doc.path, key_node)
            if not isinstance(key_node, ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                self.problems.append(rules.YAML_KEY_TYPE(key_loc, "a mapping key must be a plain name"))
                continue
            key = str(key_node.value)
            if key in result:
                first = self.doc.keys[path + (key,)]
                self.problems.append(
                    rules.YAML_DUPLICATE_KEY(
                        key_loc,
                        f"duplicate key '{key}' (first defined at {first.line}:{first.col})",
                    )
                )
                continue
            self.doc.keys[path + (key,)] = key_loc
            result[key] = self.convert(value_node, path + (key,), depth + 1)
        return result
