"""Safe YAML loading that remembers where every key and value came from.

PyYAML's own loaders silently keep the last of two duplicate keys and drop positions. Here the
document is composed into nodes and converted by hand, so every value gets a `Loc`, duplicate
keys become diagnostics, and no input (binary, non-UTF-8, nested junk) escapes as a traceback.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from codegen.diagnostics import rules
from codegen.plumbing import storage
from codegen.diagnostics.diagnostics import Diagnostic, Loc, SpecError

MAX_DEPTH = 32  # levels of mappings and lists; a spec needs 6
MAX_NODES = 100_000  # values in one document; a large spec has about 500
MAX_INT_DIGITS = 30  # int64's extremes have 19
# Below these sizes the document cannot hold more than MAX_NODES values, so the event pre-scan
# that counts them is skipped.
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

    def content_digest(self) -> str:
        """A digest of what the document says, not how it is written: comments, blank lines,
        quoting, flow or block style and key spacing leave it unchanged; any value or key, and
        the order of keys and items, change it."""
        text = json.dumps(self.data, ensure_ascii=False, separators=(",", ":"), default=repr)
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


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


_FLOW_TOKEN = re.compile(r"[\[\]{}\"'#,:?]")
_OPENERS = "[{"
_CLOSERS = "]}"


def _depth_scan(path: str, text: str) -> None:
    """The tool's own nesting limit, applied to the text before any YAML library sees it, so the
    diagnostic is the same whatever libyaml's own limits are (6.0.4's stops at 1,000 levels with
    its own message). One pass over the lines, no recursion: block collections are counted by
    their indentation (a `- ` item and a `key:` each open one), flow collections by their
    brackets outside quotes and comments, block scalars and quoted text skipped. The count can
    exceed the real depth only for odd layouts (it never misses a level), and the exact limit is
    enforced again on the composed nodes."""
    limit = MAX_DEPTH + 1  # collections, the top-level one included (the converter's level 0)
    stack: list[tuple[int, str]] = []  # open block collections: (column, "seq" | "map")
    flow = 0  # open flow collections
    quote = ""  # the quote character of a quoted scalar still open at the end of a line
    scalar_above = -1  # inside a block scalar: its content lines are indented more than this

    def too_deep(line: int, col: int) -> SpecError:
        return SpecError([rules.YAML_TOO_DEEP(Loc(path, line, col + 1), f"nesting deeper than {MAX_DEPTH} levels")])

    def scan(line_no: int, line: str, pos: int, value_start: bool) -> None:
        """Brackets and quotes from `pos` on; `value_start`: a quote or bracket here opens one."""
        nonlocal flow, quote
        if not quote and flow == 0 and (not value_start or line[pos : pos + 1] not in ("[", "{", "'", '"')):
            return  # a plain scalar, or nothing, in a block collection
        at_token = True
        i = pos
        while i < len(line):
            if quote:
                close = _quote_end(line, quote, i)
                if close == -1:
                    return
                quote, i, at_token = "", close + 1, False
                if flow == 0:
                    return  # the quoted value of a block collection is all there is
                continue
            match = _FLOW_TOKEN.search(line, i)
            if match is None:
                return
            j, char = match.start(), match.group()
            gap = line[i:j]
            if gap.strip():
                at_token = False
            if char == "#" and (j == 0 or line[j - 1] in " \t"):
                return  # a comment runs to the end of the line
            if char in _OPENERS and (at_token or flow > 0):  # in a flow collection, always an opener
                flow += 1
                if len(stack) + flow > limit:
                    raise too_deep(line_no, j)
                at_token = True
            elif char in _CLOSERS and flow > 0:
                flow -= 1
                at_token = False
                if flow == 0:
                    return  # the outermost flow collection closed: only a comment may follow
            elif char in "\"'" and at_token:
                quote, at_token = char, False
            elif char in ",:?" and flow > 0:
                at_token = True
            i = j + 1

    for line_no, line in enumerate(text.split("\n"), 1):
        content = line.lstrip(" ")
        indent = len(line) - len(content)
        if scalar_above >= 0:
            if not content.strip() or indent > scalar_above:
                continue
            scalar_above = -1
        if quote or flow:
            scan(line_no, line, 0, False)
            continue
        if not content.strip() or content.startswith("#"):
            continue
        if indent == 0 and (_indicator(line, 2, "-") and line.startswith("--") or _indicator(line, 2, ".") and line.startswith("..")):
            stack.clear()  # a document marker; `--- [...]` starts the document on its own line
            scan(line_no, line, len(line) - len(line[3:].lstrip(" \t")), True)
            continue
        if indent == 0 and content.startswith("%"):
            continue  # a directive
        while stack and stack[-1][0] > indent:
            stack.pop()
        pos = indent
        if not _indicator(line, pos, "-") and stack[-1:] == [(indent, "seq")]:
            stack.pop()  # a key at the column of the sequence that just ended
        while True:  # `- ` items, `? ` explicit keys and their `: ` values, compact on one line
            kind = "seq" if _indicator(line, pos, "-") else "map" if _indicator(line, pos, "?") or _indicator(line, pos, ":") else ""
            if not kind:
                break
            if stack[-1:] != [(pos, kind)]:  # else the next entry of an open collection
                stack.append((pos, kind))
                if len(stack) > limit:
                    raise too_deep(line_no, pos)
            pos += 1
            while pos < len(line) and line[pos] in " \t":
                pos += 1
        value = _key_end(line, pos)
        if value is not None:
            if stack[-1:] != [(pos, "map")]:
                stack.append((pos, "map"))
                if len(stack) > limit:
                    raise too_deep(line_no, pos)
            key_col, pos = pos, value
        else:
            key_col = pos
        rest = line[pos:].lstrip(" \t")
        pos = len(line) - len(rest)
        while rest[:1] in ("!", "&"):  # a tag or an anchor before the value
            skip = rest.find(" ")
            if skip == -1:
                rest = ""
                break
            rest = rest[skip:].lstrip(" \t")
            pos = len(line) - len(rest)
        if rest[:1] in ("|", ">"):
            scalar_above = key_col if value is not None else indent
            continue
        scan(line_no, line, pos, True)


def _indicator(line: str, pos: int, char: str) -> bool:
    """A block indicator (`-`, `?`, `:`) at `pos`: the character followed by a blank or the end."""
    return line.startswith(char, pos) and (pos + 1 == len(line) or line[pos + 1] in " \t")


def _quote_end(line: str, quote: str, start: int) -> int:
    """The index of the quote that closes a scalar opened before `start`, or -1 when it goes on
    past the line (`\\"` is escaped in double quotes, `''` in single quotes)."""
    i = start
    while True:
        close = line.find(quote, i)
        if close == -1:
            return -1
        if quote == "'" and line.startswith("''", close):
            i = close + 2
            continue
        if quote == '"':
            backslashes = 0
            while close - backslashes > start and line[close - backslashes - 1] == "\\":
                backslashes += 1
            if backslashes % 2:
                i = close + 1
                continue
        return close


def _key_end(line: str, pos: int) -> int | None:
    """Where the value of a block mapping key that starts at `pos` begins, or None when the line
    holds no key there (a quoted key is read whole; a plain one ends at `: ` or a final `:`)."""
    if pos >= len(line):
        return None
    i = pos
    if line[pos] in "\"'":
        close = _quote_end(line, line[pos], pos + 1)
        if close == -1:
            return None
        i = close + 1
        while i < len(line) and line[i] in " \t":
            i += 1
        return i + 1 if line.startswith(":", i) and (i + 1 == len(line) or line[i + 1] in " \t") else None
    if line[pos] in "[{#|>":
        return None
    while True:
        colon = line.find(":", i)
        if colon == -1:
            return None
        hash_at = line.find(" #", i, colon)
        if hash_at != -1:
            return None
        if colon + 1 == len(line) or line[colon + 1] in " \t":
            return colon + 1
        i = colon + 1


def _prescan(path: str, text: str) -> None:
    """The tool's limits before the library's: nesting (always, see _depth_scan), then the number
    of values, counted on the flat event stream for inputs large or bracket-heavy enough to hold
    that many."""
    _depth_scan(path, text)
    openers = text.count("[") + text.count("{") + text.count("- ") + text.count("? ")
    if len(text) < _SCAN_FROM_BYTES and openers < _SCAN_FROM_OPENERS:
        return
    nodes = 0
    for event in yaml.parse(text, Loader=_Loader):
        if not isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)):
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
