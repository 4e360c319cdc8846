"""apply: copy an op's generated files into a hipDNN checkout and register it in the shared files.

Every edit is computed in memory first, from the file's structure (enum bodies, switch statements,
include blocks, CMake lists), never from line numbers; a conflict anywhere stops the whole apply
before any file is written. Entries already present with the same value are left alone, so
applying twice changes nothing.
"""

from __future__ import annotations

import bisect
import difflib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from codegen import families
from codegen.plumbing import formatting, storage
from codegen.views import fragments, naming, versions
from codegen.diagnostics import rules
from codegen.pipeline import stamp
from codegen.diagnostics.diagnostics import Diagnostic, Loc, Note
from codegen.hipdnn.hipdnn_headers import INCLUDE_DIRS, RANGE_ITEM, RANGE_LIST_HEADING, UNION, Entry, parse_enums, range_list_lines, union_members
from codegen.spec.model import OpSpec
from codegen.pipeline.workspace import UsageError, Workspace, builtin_templates

class ApplyError(Exception):
    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(f"{len(diagnostics)} problem(s)")
        self.diagnostics = diagnostics


# --- reading and writing checkout files ----------------------------------------------------------


@dataclass
class Line:
    text: str
    end: str  # "\n", "\r\n" or "" (last line without a newline)
    added: bool = False  # apply inserted it (only such lines may be formatted)


@dataclass
class Source:
    """One checkout file being edited, line by line: what apply adds is marked, nothing else moves."""

    path: str  # as shown in diagnostics
    lines: list[Line]
    newline: str  # the file's own line ending, for added lines
    encoding: str  # "utf-8" or "latin-1"; written back the same way

    @classmethod
    def read(cls, path: str, data: bytes) -> "Source":
        if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data:
            raise ApplyError([rules.APPLY_ENCODING(Loc(path), "the file is UTF-16 or binary; apply edits UTF-8 or Latin-1 text only")])
        try:
            text, encoding = data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            text, encoding = data.decode("latin-1"), "latin-1"  # every byte maps to one character and back
        parts = text.split("\n")
        lines = [Line(p[:-1], "\r\n") if p.endswith("\r") else Line(p, "\n") for p in parts[:-1]]
        if parts[-1]:
            lines.append(Line(parts[-1], ""))
        crlf = sum(1 for line in lines if line.end == "\r\n")
        return cls(path, lines, "\r\n" if crlf * 2 > len(lines) else "\n", encoding)

    def encode(self) -> bytes:
        return "".join(line.text + line.end for line in self.lines).encode(self.encoding)

    @property
    def texts(self) -> list[str]:
        return [line.text for line in self.lines]

    def insert(self, index: int, texts: list[str]) -> None:
        for text in texts:
            if self.encoding != "utf-8" and not all(ord(c) < 256 for c in text):
                raise ApplyError([rules.APPLY_ENCODING(self.loc(index), "the file is Latin-1 text and the entry has characters Latin-1 cannot hold")])
        if index == len(self.lines) and self.lines and not self.lines[-1].end:
            self.lines[-1].end = self.newline
        self.lines[index:index] = [Line(t, self.newline, True) for t in texts]

    def loc(self, index: int) -> Loc:
        return Loc(self.path, index + 1, 1)

    def structure(self, what: str, index: int | None = None) -> ApplyError:
        return ApplyError([rules.APPLY_STRUCTURE(Loc(self.path) if index is None else self.loc(index), f"cannot find {what}")])


def _mask(lines: list[str], in_comment: list[bool] | None = None) -> list[str]:
    """Lines with comments and string/char literals blanked, so brackets and keywords are code;
    `in_comment`, when given, gets whether each line starts inside a block comment."""
    out, in_block = [], False
    for text in lines:
        if in_comment is not None:
            in_comment.append(in_block)
        chars, i, n = list(text), 0, len(text)
        while i < n:
            if in_block:
                close = text.find("*/", i)
                stop = n if close < 0 else close + 2
                chars[i:stop] = " " * (stop - i)
                in_block, i = close < 0, stop
            elif text.startswith("//", i):
                chars[i:] = " " * (n - i)
                break
            elif text.startswith("/*", i):
                in_block = True
            elif text[i] in "\"'":
                j = i + 1
                while j < n and text[j] != text[i]:
                    j += 2 if text[j] == "\\" else 1
                chars[i : j + 1] = " " * (min(j + 1, n) - i)
                i = j + 1
            else:
                i += 1
        out.append("".join(chars))
    return out


def _match_brace(masked: list[str], row: int, col: int) -> tuple[int, int]:
    """Position of the bracket closing the one at (row, col)."""
    pairs = {"{": "}", "(": ")", "[": "]"}
    opener, depth = masked[row][col], 0
    closer = pairs[opener]
    for r in range(row, len(masked)):
        for c in range(col if r == row else 0, len(masked[r])):
            ch = masked[r][c]
            if ch == opener:
                depth += 1
            elif ch == closer:
                depth -= 1
                if depth == 0:
                    return r, c
    raise LookupError


def _find_body(source: Source, masked: list[str], pattern: str, what: str) -> tuple[int, int]:
    """(first, last) line of the `{ ... }` body following the first code match of `pattern`."""
    regex = re.compile(pattern)
    openers, closing = _braces(masked)
    for row, text in enumerate(masked):
        match = regex.search(text)
        if match is None:
            continue
        index = bisect.bisect_left(openers, (row, match.end()))  # the first `{` after the match
        if index == len(openers):
            break
        if openers[index] in closing:  # an unclosed `{`: try the next match
            return openers[index][0], closing[openers[index]]
    raise source.structure(what)


def _braces(masked: list[str]) -> tuple[list[tuple[int, int]], dict[tuple[int, int], int]]:
    """Every `{` in order, and the line of the `}` closing each closed one: one pass, so finding a
    body costs the same however many unclosed `{` the file holds."""
    openers: list[tuple[int, int]] = []
    closing: dict[tuple[int, int], int] = {}
    stack: list[tuple[int, int]] = []
    for row, text in enumerate(masked):
        if "{" not in text and "}" not in text:
            continue
        for bracket in re.finditer(r"[{}]", text):
            if bracket.group(0) == "{":
                openers.append((row, bracket.start()))
                stack.append((row, bracket.start()))
            elif stack:
                closing[stack.pop()] = row
    return openers, closing


def _spell(name: str, existing: list[str]) -> str:
    """`name` as the file spells such names: without `_EXT` when most of its names lack it."""
    if name in existing or not name.endswith("_EXT") or not existing:
        return name
    with_ext = sum(1 for e in existing if e.endswith("_EXT"))
    return name[: -len("_EXT")] if with_ext * 2 < len(existing) else name


def _respell(lines: list[str], old: str, new: str) -> list[str]:
    return lines if old == new else [re.sub(rf"\b{old}\b", new, line) for line in lines]


def _groups(lines: list[str], opener: str) -> list[list[str]]:
    """Split payload lines into entries, each starting at a line that begins with `opener`."""
    groups: list[list[str]] = []
    for line in lines:
        if line.strip().startswith(opener) or not groups:
            groups.append([])
        groups[-1].append(line)
    return [g for g in groups if any(x.strip() for x in g)]


# --- enum headers ----------------------------------------------------------------------------------


def _entries(source: Source) -> list[Entry]:
    return parse_enums("\n".join(source.texts) + "\n", source.path)


def _conflicts(source: Source, wanted: list[tuple[str, int, Loc]], kind: str) -> tuple[list[Diagnostic], int]:
    """Conflicting entries, and how many of `wanted` are already present with the same value."""
    entries = _entries(source)
    by_name = {e.name: e for e in entries}
    by_value: dict[int, list[Entry]] = {}
    for e in entries:
        by_value.setdefault(e.value, []).append(e)
    problems, present = [], 0
    for name, value, loc in wanted:
        existing = by_name.get(name)
        if existing is not None and existing.value != value:
            problems.append(rules.APPLY_CONFLICT(loc, f"{kind} {name} is {value} in the spec but {existing.value} in the checkout", Note("defined here", existing.loc)))
        elif existing is not None:
            present += 1
        holders = by_value.get(value, [])
        if holders and all(h.name != name for h in holders):
            problems.append(rules.APPLY_CONFLICT(loc, f"{kind} value {value} of {name} already belongs to {holders[0].name} in the checkout", Note("defined here", holders[0].loc)))
    return problems, present


def _enum_span(source: Source, masked: list[str], typedef: str) -> tuple[int, int]:
    """(line of `{`, line of `} typedef;`) of the enum named `typedef`."""
    for row, text in enumerate(masked):
        if re.match(rf"\s*}}\s*{typedef}\s*;", text):
            for r in range(row - 1, -1, -1):
                if "{" in masked[r]:
                    return r, row
    raise source.structure(f"the end of enum {typedef}")


_IF = re.compile(r"#\s*if(?:n?def)?\b")
_ENDIF = re.compile(r"#\s*endif\b")
_ELSE = re.compile(r"#\s*(?:elif|else)\b")


def _conditional_depths(texts: list[str]) -> list[int]:
    """The #if nesting depth of each line (the directive lines themselves included: an `#if` line
    has the depth it opens, an `#endif` line the depth it closes). A conditional wrapping the whole
    file (a header guard, hipDNN's `#ifndef ..._SKIP_JSON_LIB` around a header's body) does not
    count: outside it the file has only comments, blank lines and `#pragma`s."""
    masked = [t.strip() for t in _mask(texts)]
    depths: list[int] = []
    depth = 0
    opened: list[tuple[int, bool]] = []  # (#if row, has #else/#elif) of each open block
    sections: list[tuple[int, int, bool]] = []  # the same, with the #endif row, of each closed one
    for row, text in enumerate(masked):
        if _IF.match(text):
            depth += 1
            opened.append((row, False))
            depths.append(depth)
        elif _ENDIF.match(text) and opened:
            depths.append(depth)
            start, branched = opened.pop()
            sections.append((start, row, branched))
            depth -= 1
        else:
            if _ELSE.match(text) and opened:
                opened[-1] = (opened[-1][0], True)
            depths.append(depth)
    first, last, level = 0, len(masked), 0
    while True:  # peel the wrapping conditionals, outermost first
        inner = [(a, b) for a, b, branched in sections if not branched and first <= a and b < last and depths[a] == level + 1]
        wrapper = next(((a, b) for a, b in inner if all(not masked[r] or masked[r].startswith("#pragma") for r in (*range(first, a), *range(b + 1, last)))), None)
        if wrapper is None:
            break
        first, last, level = wrapper[0] + 1, wrapper[1], level + 1
    return [max(0, d - level) for d in depths]


def _item_ends(masked: list[str], start: int, stop: int) -> list[tuple[int, int, bool]]:
    """For each enumerator in lines (start, stop): (first line, last line, has a trailing comma)."""
    items, first, last = [], None, None
    for row in range(start + 1, stop):
        code = masked[row].split("#")[0] if masked[row].lstrip().startswith("#") else masked[row]
        if masked[row].lstrip().startswith("#"):
            continue
        for c, ch in enumerate(code):
            if ch.isspace():
                continue
            if first is None:
                first = row
            last = row
            if ch == ",":
                items.append((first, row, True))
                first = last = None
    if first is not None and last is not None:
        items.append((first, last, False))
    return items


def _before_group_openers(source: Source, masked: list[str], open_row: int, position: int) -> int:
    """Move an insertion point above comment blocks that open a doxygen group (`@name ... @{`):
    the entry before which we insert may be the first of a group ours does not belong to."""
    while True:
        above = position
        while above > open_row + 1 and not source.texts[above - 1].strip():
            above -= 1
        start = above
        while start > open_row + 1 and masked[start - 1].strip() == "" and source.texts[start - 1].strip():
            start -= 1
        if start < above and any("@{" in source.texts[row] for row in range(start, above)):
            position = start
        else:
            return position


def insert_enum_entry(source: Source, typedef: str, wanted: tuple[str, int, Loc], entry: list[str], kind: str) -> list[Diagnostic]:
    problems, present = _conflicts(source, [wanted], kind)
    if problems or present:
        return problems
    masked = _mask(source.texts)
    open_row, close_row = _enum_span(source, masked, typedef)
    items = _item_ends(masked, open_row, close_row)
    if not items:
        raise source.structure(f"an enumerator in enum {typedef}")
    by_line = {e.loc.line - 1: e for e in _entries(source) if open_row < e.loc.line - 1 < close_row}
    values = [(first, last, comma, by_line.get(first)) for first, last, comma in items]
    depths = _conditional_depths(source.texts)
    documented = entry[0].strip().startswith("/**")
    later = [(first, last) for first, last, _, e in values if e is not None and e.alias_of is None and e.value > wanted[1]]
    if later:  # before the first entry with a greater value, and before its doc comment
        position = later[0][0]
        while position > open_row + 1 and masked[position - 1].strip() == "" and source.texts[position - 1].strip():
            position -= 1  # comment lines above it belong to it
        while depths[position] > 0 and position > open_row + 1:
            position -= 1  # never inside an #if block: move before it
        position = _before_group_openers(source, masked, open_row, position)
        source.insert(position, entry + ([""] if documented else []))
        return []
    first, last, comma, _ = values[-1]
    position = last + 1
    while position < close_row and depths[position - 1] > 0:
        position += 1  # the last entries are conditional: add after the #endif
    if not comma:  # the file's last entry has no trailing comma: give it one, keep the style for ours
        text = source.lines[last].text
        end = len(masked[last].rstrip())
        source.lines[last].text = text[:end] + "," + text[end:]
        entry = entry[:-1] + [re.sub(r",(\s*(//.*)?)$", r"\1", entry[-1])]
    source.insert(position, ([""] if documented else []) + entry)
    return []


def insert_attribute_block(source: Source, wanted: list[tuple[str, int, Loc]], block: list[str], range_line: str) -> list[Diagnostic]:
    problems, present = _conflicts(source, wanted, "attribute")
    if problems:
        return problems
    if present and present != len(wanted):
        return [rules.APPLY_CONFLICT(wanted[0][2], f"only {present} of {len(wanted)} attributes are in the checkout; finish or remove the partial block first", Note("checkout file", Loc(source.path)))]
    first_value = min(value for _, value, _ in wanted)
    if not present:
        masked = _mask(source.texts)
        open_row, close_row = _enum_span(source, masked, "hipdnnBackendAttributeName_t")
        entries = [e for e in _entries(source) if open_row < e.loc.line - 1 < close_row and e.alias_of is None]
        # @name groups: from a `@name` line to the `@}` line that closes it
        groups: list[tuple[int, int, int]] = []  # (start, end, smallest value)
        start = None
        for row in range(open_row + 1, close_row):
            text = source.texts[row]
            if "@name" in text:
                start = row
                while start > open_row + 1 and source.texts[start].strip() != "/**" and "/**" not in source.texts[start]:
                    start -= 1
            elif "@}" in text and start is not None:
                inside = [e.value for e in entries if start < e.loc.line - 1 < row]
                if inside:
                    groups.append((start, row, min(inside)))
                start = None
        before = [g for g in groups if g[2] < first_value]
        if before:
            after = before[-1][1]
            source.insert(after + 1, ["", *block])
        elif groups:
            source.insert(groups[0][0], [*block, ""])
        else:
            raise source.structure("an `@name ... @{ ... @}` attribute group in enum hipdnnBackendAttributeName_t")
    _insert_range_line(source, range_line)
    return []


def _insert_range_line(source: Source, range_line: str) -> None:
    wanted = RANGE_ITEM.match(range_line)
    assert wanted is not None, range_line
    found = range_list_lines(source.texts)
    if found is None or not found[1]:
        raise source.structure(f"the list under '{RANGE_LIST_HEADING}' in the enum's doc comment")
    items = [(i, RANGE_ITEM.match(source.texts[i])) for i in found[1]]
    low, high = int(wanted.group(2)), wanted.group(3)
    if any(m is not None and int(m.group(2)) == low and m.group(3) == high for _, m in items):
        return
    prefix = items[0][1].group(1)  # type: ignore[union-attr]
    text = f"{prefix}{low}-{high}: {wanted.group(5)}" if high else f"{prefix}{low}+: {wanted.group(5)}"
    smaller = [i for i, m in items if m is not None and int(m.group(2)) < low]
    source.insert(smaller[-1] + 1 if smaller else items[0][0], [text])


# --- C++ sources -----------------------------------------------------------------------------------


@dataclass
class Case:
    label: str  # the label's last name (`X` of `case A::X:`)
    prefix: str  # what qualifies it (`A::`)
    first: int
    last: int  # last code line of its statements


def _function(anchor: str) -> str:
    """The regex finding a function by name, or by its own regex when `anchor` is one (`re:...`)."""
    return anchor[3:] if anchor.startswith("re:") else rf"\b{re.escape(anchor)}\s*\("


def _switch_cases(source: Source, anchor: str) -> tuple[list[Case], int, int, int | None, list[str]]:
    """The cases of the switch in the function `anchor`: (cases, body start, body end, default line, masked)."""
    masked = _mask(source.texts)
    fn_first, fn_last = _find_body(source, masked, _function(anchor), f"the function {anchor}")
    sub = masked[: fn_last + 1]
    row = next((r for r in range(fn_first, fn_last + 1) if re.search(r"\bswitch\s*\(", sub[r])), None)
    if row is None:
        raise source.structure(f"the switch in {anchor}", fn_first)
    first, last = _find_body(source, [("" if r < row else t) for r, t in enumerate(sub)], r"\bswitch\s*\(", f"the switch in {anchor}")
    cases: list[Case] = []
    default = None
    for r in range(first + 1, last):
        code = masked[r].strip()
        match = re.match(r"case\s+((?:[\w]+\s*::\s*)*)(\w+)\s*:", code)
        if match:
            cases.append(Case(match.group(2), re.sub(r"\s+", "", match.group(1)), r, r))
        elif re.match(r"default\s*:", code):
            default = r
            if cases and cases[-1].last == cases[-1].first:
                pass
        elif code and cases and default is None:
            cases[-1].last = r
    return cases, first, last, default, masked


def insert_cases(source: Source, anchor: str, payload_lines: list[str], order: str, values: dict[str, int]) -> None:
    """Add the payload's `case` entries to the switch in function `anchor` that lacks them.

    `order` is "value" (after the case with the greatest smaller value; `values` maps names to
    numbers), "name" (before the first case whose name, `_EXT` ignored, sorts after) or "end"
    (after the last case: files whose newest entries go last)."""
    cases, first, last, default, masked = _switch_cases(source, anchor)
    labels = {c.label for c in cases}
    groups = [g for g in _groups(payload_lines, "case ") if re.match(r"\s*case\s+(?:\w+\s*::\s*)*(\w+)", g[0])]
    missing = [g for g in groups if re.match(r"\s*case\s+(?:\w+\s*::\s*)*(\w+)", g[0]).group(1) not in labels]  # type: ignore[union-attr]
    if not missing:
        return
    prefixes = [c.prefix for c in cases if c.prefix]
    if prefixes:  # qualify as the file does (e.g. its local `using NodeAttributes = ...` alias)
        common = max(set(prefixes), key=prefixes.count)
        missing = [[re.sub(r"case\s+(?:\w+\s*::\s*)+", f"case {common}", g[0])] + g[1:] for g in missing]
    ours = re.match(r"\s*case\s+(?:\w+\s*::\s*)*(\w+)", missing[0][0]).group(1)  # type: ignore[union-attr]
    added = [line for g in missing for line in g]
    end_of_cases = default if default is not None else last
    if order == "end":
        source.insert(cases[-1].last + 1 if cases else end_of_cases, added)
        return
    if order == "name":
        key = lambda name: re.sub(r"_EXT$", "", name).lower()  # noqa: E731
        after = next((c for c in cases if key(c.label) > key(ours)), None)
        source.insert(after.first if after else (cases[-1].last + 1 if cases else end_of_cases), added)
        return
    value = values.get(ours)
    known = [c for c in cases if c.label in values]
    smaller = [c for c in known if value is not None and values[c.label] < value]
    if value is not None and smaller:
        prev = max(smaller, key=lambda c: (values[c.label], c.first))
        new_block = values[prev.label] // 100 != value // 100
        blank = new_block and any(not source.texts[r].strip() for r in range(first + 1, last)) and len(missing) > 1
        source.insert(prev.last + 1, ([""] if blank else []) + added)
        return
    greater = [c for c in known if value is not None and values[c.label] > value]
    source.insert(min(c.first for c in greater) if greater else (cases[-1].last + 1 if cases else end_of_cases), added)


_MAIN_INCLUDE = re.compile(r'#include\s+"([^"/]+)\.h(?:pp)?"')


def _include_key(line: str, main_stem: str) -> tuple[int, str]:
    """clang-format's sort key for an include: LLVM's default categories, the file's own header first."""
    target = line.split("include", 1)[1].strip()
    main = _MAIN_INCLUDE.match(line.strip())
    if main and main.group(1) == main_stem:
        return 0, target
    if re.match(r'"(llvm|llvm-c|clang|clang-c)/', target):
        return 2, target
    if re.match(r'<|"(gtest|gmock|isl|json)/', target):
        return 3, target
    return 1, target


def insert_include(source: Source, include: str, filename: str) -> None:
    """Add an #include where clang-format's include sorting would keep it (the file's includes are
    sorted), never inside an #if/#ifdef/#ifndef block: a run of includes interleaved with such
    blocks (hipDNN's Graph.hpp keeps its SDPA includes in `#ifdef HIPDNN_ENABLE_SDPA` at their
    sorted place) is one sorted list, and ours goes among its unconditional lines, before a block
    holding an include that sorts after it."""
    texts = [t.strip() for t in source.texts]
    if include in texts:
        return
    stem = Path(filename).stem
    depths = _conditional_depths(source.texts)

    def joins(row: int) -> bool:  # an include, or a directive of a block inside the run
        return texts[row].startswith("#include") or (depths[row] > 0 and bool(_IF.match(texts[row]) or _ELSE.match(texts[row]) or _ENDIF.match(texts[row])))

    runs: list[list[int]] = []
    for row in range(len(texts)):
        if joins(row):
            if runs and runs[-1][-1] == row - 1:
                runs[-1].append(row)
            else:
                runs.append([row])
    runs = [run for run in runs if any(texts[r].startswith("#include") and depths[r] == 0 for r in run)]
    if not runs:
        raise source.structure("an #include block outside #if blocks")
    ours = _include_key(include, stem)

    def shared(run: list[int]) -> int:  # how much of our path the run's unconditional includes share
        best = 0
        for r in run:
            if not (texts[r].startswith("#include") and depths[r] == 0):
                continue
            other = _include_key(texts[r], stem)[1]
            n = next((i for i, (a, b) in enumerate(zip(other, ours[1])) if a != b), min(len(other), len(ours[1])))
            best = max(best, n)
        return best

    run = max(runs, key=shared)
    includes = [r for r in run if texts[r].startswith("#include")]
    position = next((r for r in includes if _include_key(texts[r], stem) > ours), run[-1] + 1)
    if position < len(depths) and depths[position] > 0:  # the next include is inside a block
        while position > 0 and depths[position - 1] > 0:
            position -= 1  # ours goes before the block's (outermost) #if
    source.insert(position, [include])


def insert_expectations(source: Source, function: str, expectations: list[str], values: dict[str, int]) -> None:
    """Add EXPECT_STREQ statements on `function` to the test that checks it, in value order."""
    masked = _mask(source.texts)
    first, last = None, None
    for row, text in enumerate(source.texts):
        if re.search(rf"\b{function}\s*\(", text) and first is None:
            # the TEST body holding the first use of the function
            for r in range(row, -1, -1):
                if re.match(r"\s*TEST(_F)?\s*\(", masked[r]):
                    first, last = _find_body(source, [("" if i < r else t) for i, t in enumerate(masked)], r"TEST", f"the test of {function}")
                    break
    if first is None or last is None:
        raise source.structure(f"an EXPECT_STREQ on {function}")
    statements: list[tuple[int, int, str | None]] = []  # (first line, last line, enumerator)
    start = None
    for row in range(first + 1, last):
        if masked[row].strip() and start is None:
            start = row
        if start is not None and masked[row].rstrip().endswith(";"):
            joined = "".join("".join(source.texts[start : row + 1]).split())
            name = re.search(rf"{function}\((\w+)\)", joined)
            statements.append((start, row, name.group(1) if name else None))
            start = None
    present = {s[2] for s in statements}
    groups = _groups(expectations, "EXPECT_STREQ")
    missing = []
    for g in groups:
        name = re.search(rf"{function}\((\w+)\)", "".join("".join(g).split()))
        if name and name.group(1) not in present:
            missing.append((name.group(1), g))
    if not missing:
        return
    added = [line for _, g in missing for line in g]
    value = values.get(missing[0][0])
    keyed = [s for s in statements if s[2] in values]
    smaller = [s for s in keyed if value is not None and values[s[2]] < value]  # type: ignore[index]
    if smaller:
        prev = max(smaller, key=lambda s: (values[s[2]], s[0]))  # type: ignore[index]
        new_block = values[prev[2]] // 100 != value // 100  # type: ignore[index, operator]
        blank = new_block and len(missing) > 1 and any(not source.texts[r].strip() for r in range(first + 1, last))
        source.insert(prev[1] + 1, ([""] if blank else []) + added)
        return
    position = keyed[0][0] if keyed else (statements[-1][1] + 1 if statements else last)
    source.insert(position, added)


def insert_list_entries(source: Source, marker: re.Pattern[str], entries: list[str], at_end: bool = False) -> None:
    """Add CMake list entries next to the existing ones that match `marker`, in the list's local
    order (or after the last of them, for lists whose newest entries go last)."""
    listed = [i for i, line in enumerate(source.texts) if marker.search(line)]
    if not listed:
        raise source.structure(f"a CMake list entry like {marker.pattern}")
    indent = re.match(r"\s*", source.texts[listed[0]]).group(0)  # type: ignore[union-attr]
    for entry in entries:
        key = entry.strip()
        listed = [i for i, line in enumerate(source.texts) if marker.search(line)]
        if key in (source.texts[i].strip() for i in listed):
            continue
        keys = [source.texts[i].strip() for i in listed]
        # every place where the entry sorts between its neighbours; of those, the one among the most
        # similar names (`...OperationDescriptor.cpp` next to its kind), else the end of the list
        spots = [n for n in range(len(listed)) if keys[n] > key and (n == 0 or keys[n - 1] < key)]

        def kin(n: int) -> int:
            near = [keys[m] for m in (n - 1, n) if 0 <= m < len(keys)]
            return max(len(os.path.commonprefix([k[::-1], key[::-1]])) for k in near)

        position = listed[max(spots, key=kin)] if spots and not at_end else listed[-1] + 1
        source.insert(position, [indent + key])


WINDOW_FROM_LINES = 4000  # a file this long is formatted in windows around the added lines
WINDOW_CONTEXT = 30  # unchanged lines kept on each side of an added run in a window


def _format_added(source: Source, style: Path, filename: str) -> None:
    """Format exactly the lines apply added, as the file's clang-format would; never touch another line.

    A long file (WINDOW_FROM_LINES) is not handed to clang-format whole: each run of added lines
    goes with WINDOW_CONTEXT lines around it and the lines that open the braces and `#if` blocks
    enclosing it (closed after it), so the formatter sees the same context for the added lines
    while the cost follows the change, not the file (a 7 MB header of 300,000 enumerators took
    about 20 s and 1.7 GB when formatted whole)."""
    runs: list[tuple[int, int]] = []
    for index, line in enumerate(source.lines):
        if line.added:
            if runs and runs[-1][1] == index:
                runs[-1] = (runs[-1][0], index + 1)
            else:
                runs.append((index, index + 1))
    if not runs:
        return
    masked = ["".join(c if ord(c) < 128 else "?" for c in line.text) for line in source.lines]
    if len(masked) >= WINDOW_FROM_LINES:
        windowed = _format_windows(source, masked, runs, style, filename)
        if windowed is not None:
            source.lines = windowed
            return
    text = "\n".join(masked) + "\n"
    out = formatting.format_ranges(text, [(a + 1, b) for a, b in runs], style, filename).split("\n")
    if out and out[-1] == "":
        out.pop()
    source.lines = _splice(source.lines, masked, out, source.newline)


def _splice(lines: list[Line], masked: list[str], out: list[str], newline: str) -> list[Line]:
    """`lines` with the formatter's output for the added ones; any other line stays as it was."""
    result: list[Line] = []
    matcher = difflib.SequenceMatcher(None, masked, out, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            result.extend(lines[i1:i2])
        elif all(lines[i].added for i in range(i1, i2)) and (i2 > i1 or (result and result[-1].added)):
            result.extend(Line(t, newline, True) for t in out[j1:j2])
        else:  # the formatter wanted to change a line apply did not add: keep the file as it was
            result.extend(lines[i1:i2])
    return result


def _open_blocks(code: list[str], rows: list[int]) -> dict[int, list[tuple[int, str]]]:
    """For each of the sorted `rows`, the blocks open at its start, outermost first: (line of
    the opener, "{" or "#if"). One pass over the file."""
    wanted = sorted(set(rows))
    found: dict[int, list[tuple[int, str]]] = {}
    stack: list[tuple[int, str]] = []
    at = 0
    for row, text in enumerate(code):
        while at < len(wanted) and wanted[at] == row:
            found[row] = list(stack)
            at += 1
        if at == len(wanted):
            break
        directive = text.lstrip()
        if _IF.match(directive):
            stack.append((row, "#if"))
        elif _ENDIF.match(directive):
            while stack and stack[-1][1] != "#if":
                stack.pop()  # braces a conditional left open end with it
            if stack:
                stack.pop()
        elif "{" in text or "}" in text:
            for bracket in re.finditer(r"[{}]", text):
                if bracket.group(0) == "{":
                    stack.append((row, "{"))
                elif stack and stack[-1][1] == "{":
                    stack.pop()
    for row in wanted[at:]:
        found[row] = list(stack)
    return found


def _paren_depths(code: list[str]) -> list[int]:
    """How many parentheses and brackets are open at the start of each line (and after the last)."""
    depths = [0]
    depth = 0
    for text in code:
        if "(" in text or ")" in text or "[" in text or "]" in text:
            depth = max(0, depth + text.count("(") + text.count("[") - text.count(")") - text.count("]"))
        depths.append(depth)
    return depths


def _continues(code: str) -> bool:
    """Whether a line goes on with the statement above it: a member call chained on it."""
    return code.lstrip().startswith((".", "->"))


def _format_windows(source: Source, masked: list[str], runs: list[tuple[int, int]], style: Path, filename: str) -> list[Line] | None:
    """The file with each window formatted on its own (see _format_added), or None when a window's
    borrowed context did not come back unchanged (then the whole file is formatted)."""
    in_comment: list[bool] = []
    code = _mask(source.texts, in_comment)
    in_comment.append(False)  # after the last line
    depth = _paren_depths(code)
    windows: list[list[int]] = []
    for first, last in runs:
        start, stop = max(0, first - WINDOW_CONTEXT), min(len(masked), last + WINDOW_CONTEXT)
        # a window starts and ends between statements: never inside parentheses or a comment, nor
        # inside a chain of member calls (a line going on with `.def(...)`, as nanobind bindings do)
        while start > 0 and (depth[start] or in_comment[start] or _continues(code[start])):
            start -= 1
        while stop < len(masked) and (depth[stop] or in_comment[stop] or _continues(code[stop])):
            stop += 1
        if windows and start <= windows[-1][1]:
            windows[-1][1] = max(windows[-1][1], stop)
        else:
            windows.append([start, stop])
    opened = _open_blocks(code, [w[0] for w in windows] + [w[1] for w in windows])
    result: list[Line] = []
    done = 0
    for start, stop in windows:
        head: list[str] = []
        for row, _kind in opened[start]:
            if code[row].strip().startswith("{") and row > 0 and (not head or head[-1] != masked[row - 1]):
                head.append(masked[row - 1])  # the declaration a lone `{` belongs to
            head.append(masked[row])
        tail = ["#endif" if kind == "#if" else "}" for _row, kind in reversed(opened[stop])]
        body = masked[start:stop]
        added = [(a - start + len(head) + 1, b - start + len(head)) for a, b in runs if start <= a < stop]
        text = "\n".join(head + body + tail) + "\n"
        out = formatting.format_ranges(text, added, style, filename).split("\n")
        if out and out[-1] == "":
            out.pop()
        if out[: len(head)] != head or (tail and out[len(out) - len(tail) :] != tail):
            return None
        result.extend(source.lines[done:start])
        result.extend(_splice(source.lines[start:stop], body, out[len(head) : len(out) - len(tail)], source.newline))
        done = stop
    result.extend(source.lines[done:])
    return result


# --- frontend sources ---------------------------------------------------------------------------

_ENUMERATOR = re.compile(r"^\s*([A-Za-z_]\w*)\s*(?:=\s*(-?\d+))?\s*,?\s*(?://.*)?$")


def insert_enum_class_entry(source: Source, enum: str, name: str, value: int | None, loc: Loc) -> list[Diagnostic]:
    """Add `name [= value]` to `enum class <enum>` in value order (explicitly numbered enums) or at
    the end (implicitly numbered ones), keeping the file's trailing-comma style."""
    masked = _mask(source.texts)
    first, last = _find_body(source, masked, rf"\benum\s+class\s+{enum}\b", f"enum class {enum}")
    rows = []  # (row, name, value or None)
    for row in range(first + 1, last):
        code = masked[row].strip()
        if not code or code in ("{", "}"):
            continue
        match = _ENUMERATOR.match(masked[row])
        if match is None:
            raise source.structure(f"one enumerator per line in enum class {enum}", row)
        rows.append((row, match.group(1), None if match.group(2) is None else int(match.group(2))))
    if not rows:
        raise source.structure(f"an enumerator in enum class {enum}", first)
    explicit = all(v is not None for _, _, v in rows)
    for row, other, other_value in rows:
        if other == name:
            if explicit and value is not None and other_value != value:
                return [rules.APPLY_CONFLICT(loc, f"{enum} {name} is {value} in the spec but {other_value} in the checkout", Note("defined here", source.loc(row)))]
            return []
        if explicit and other_value == value:
            return [rules.APPLY_CONFLICT(loc, f"{enum} value {value} of {name} already belongs to {other} in the checkout", Note("defined here", source.loc(row)))]
    if explicit and value is None:
        return [rules.APPLY_CONFLICT(loc, f"the checkout numbers {enum} explicitly; give the spec a node_type with the value of {name}", Note(f"enum class {enum}", source.loc(first)))]
    indent = re.match(r"\s*", source.texts[rows[0][0]]).group(0)  # type: ignore[union-attr]
    text = f"{indent}{name} = {value}" if explicit else f"{indent}{name}"
    later = [r for r in rows if explicit and value is not None and r[2] is not None and r[2] > value]
    if later:
        source.insert(later[0][0], [text + ","])
        return []
    row = rows[-1][0]
    end = len(masked[row].rstrip())
    if masked[row].rstrip().endswith(","):
        source.insert(row + 1, [text + ","])
    else:  # the last enumerator has no comma: give it one, and leave ours without
        source.lines[row].text = source.lines[row].text[:end] + "," + source.lines[row].text[end:]
        source.insert(row + 1, [text])
    return []


def insert_graph_method(source: Source, method: str, lines: list[str]) -> None:
    """Add an op method to class Graph after the last op method outside #if blocks (each op method
    ends its node creation with `_sub_nodes.emplace_back(`), unless the class has the method."""
    masked = _mask(source.texts)
    first, last = _find_body(source, masked, r"\bclass\s+Graph\b", "class Graph")
    if any(re.search(rf"\b{re.escape(method)}\s*\(", masked[r]) for r in range(first, last)):
        return
    depths = _conditional_depths(source.texts)
    ends = []
    for row in range(first + 1, last):
        if "_sub_nodes.emplace_back(" in masked[row] and depths[row] == 0:
            # the method holding it: the closing brace of its body
            opener = next(r for r in range(row, first, -1) if re.match(r"\s{4}\{\s*$", masked[r]))
            ends.append(_match_brace(masked, opener, masked[opener].index("{"))[0])
    if not ends:
        raise source.structure("an op method of class Graph (one calling _sub_nodes.emplace_back)", first)
    source.insert(max(ends) + 1, ["", *lines])


_NAMESPACE_END = re.compile(r"^\s*}\s*//\s*namespace\b")


def append_block(source: Source, markers: list[str], lines: list[str]) -> None:
    """Add a block of declarations, definitions or tests where a file's newest additions go: before
    the namespace closings that end the file (else at its end), after a blank line. Skipped when
    every marker (a regex naming what the block defines) is already in the file."""
    masked = "\n".join(_mask(source.texts))
    present = [bool(re.search(m, masked)) for m in markers]
    if all(present):
        return
    if any(present):
        raise source.structure("a file defining all or none of " + ", ".join(markers))
    texts = source.texts
    end = len(texts)
    while end > 0 and not texts[end - 1].strip():
        end -= 1
    row = end
    while row > 0 and _NAMESPACE_END.match(texts[row - 1]):
        row -= 1
    if row == end:  # no namespace closes the file: append at its end
        source.insert(end, ["", *lines])
    elif row > 0 and not texts[row - 1].strip():  # the file leaves a blank line before its closings
        source.insert(row - 1, ["", *lines])
    else:
        source.insert(row, ["", *lines])


def _register_enums(ws: Workspace, spec: OpSpec, sources: dict[str, Source]) -> list[Diagnostic]:
    """An op introducing enums: their type tags, includes, conversions, set/get helpers, frontend
    enums and tests, each where hipDNN's newest enum put its own."""
    enums = spec.new_enums
    tags = _groups(payload(ws, spec, "enum_type_tag.inc"), "/**")
    problems = []
    for enum, entry in zip(enums, tags):
        assert enum.new_tag is not None
        tag = (enum.new_tag.name, enum.new_tag.value, enum.new_tag.span.at("value"))
        problems += insert_enum_entry(sources["type_tags"], "hipdnnBackendAttributeType_t", tag, entry, "type tag")
    if problems:
        return problems
    for key, fragment in (
        ("backend_api", "enum_backend_include.inc"),
        ("conversion_hpp", "enum_conversion_includes.inc"),
        ("attribute_utils_hpp", "enum_attribute_utils_include.inc"),
        ("frontend_types", "enum_types_include.inc"),
    ):
        for include in payload(ws, spec, fragment):
            insert_include(sources[key], include, Path(TARGETS[key]).name)
    to_sdk = [rf"\b{naming.to_sdk(e)}\s*\(" for e in enums]
    setters = [rf"\b{naming.attribute_setter(e)}\s*\(" for e in enums]
    for key, fragment, markers in (
        ("conversion_hpp", "enum_conversion_declarations.inc", to_sdk),
        ("conversion_cpp", "enum_conversion_definitions.inc", to_sdk),
        ("attribute_utils_hpp", "enum_attribute_utils_declarations.inc", setters),
        ("attribute_utils_cpp", "enum_attribute_utils_definitions.inc", setters),
        ("frontend_types", "enum_types.inc", [rf"\benum\s+class\s+{e.name}\b" for e in enums]),
        ("conversion_tests", "enum_test_conversion.inc", [rf"\b{naming.conversion_test_suite(e)}\b" for e in enums]),
        ("attribute_utils_tests", "enum_test_attribute_utils.inc", setters),
        ("frontend_type_tests", "enum_test_types.inc", [rf"\b{naming.to_backend(e)}\s*\(" for e in enums]),
    ):
        append_block(sources[key], markers, payload(ws, spec, fragment))
    return []


# --- the plan ------------------------------------------------------------------------------------

TARGETS = families.shared_files()  # key -> path under projects/hipdnn/, as the families declare (all)


def payload(ws: Workspace, spec: OpSpec, key: str) -> list[str]:
    """A registry fragment without its banner and instructions (the lines to paste)."""
    path = ws.generated_dir / spec.op / "registry" / naming.fragment_file(key)
    # the leading // banner and instructions go; so do CMake's `#` banner lines
    lines = fragments.split(path.read_text(encoding="utf-8"))[1].splitlines()
    body = [line for line in lines if not (line.startswith("# ") or line == "#")]
    while body and not body[0].strip():
        body.pop(0)
    while body and not body[-1].strip():
        body.pop()
    return body


BANNER = b"Generated by hipdnn-codegen"  # in the first lines of every file the tool writes

# More registration steps, each called with (ws, spec, sources) after an op's own: modules built
# on this one's file editing add theirs on import (codegen/hipdnn/apply_surfaces.py).
REGISTRARS: list[Callable[[Workspace, OpSpec, dict[str, Source]], None]] = []


def plan(ws: Workspace, root: Path, specs: list[OpSpec], display: Callable[[Path], str], force: bool = False) -> list[storage.Change]:
    """Every change the apply makes, relative to the checkout root; raises ApplyError.

    A file already at a generated file's path that does not carry the tool's banner was written by
    hand: it is replaced only with `force`."""
    sources: dict[str, Source] = {}
    originals: dict[str, bytes] = {}
    targets = families.shared_files(specs)  # the enum files only when an op introduces an enum
    for key, rel in targets.items():
        path = storage.guard(root, rel)
        if not path.is_file():
            raise ApplyError([rules.APPLY_STRUCTURE(Loc(display(path)), "the checkout has no such file")])
        originals[rel] = storage.read_input(path, storage.MAX_HEADER_BYTES, display(path))
        sources[key] = Source.read(display(path), originals[rel])
    problems: list[Diagnostic] = []
    copies: dict[str, bytes] = {}
    # by union position: members of graph.fbs's NodeAttributes are only ever appended
    for spec in sorted(specs, key=lambda s: (s.flatbuffers.union_position or 1 << 16, s.op)):
        problems += _register(ws, spec, sources)
        if not problems:
            for register in REGISTRARS:
                register(ws, spec, sources)
        copies.update(_copies(ws, spec))
    if problems:
        raise ApplyError(problems)
    changes: list[storage.Change] = []
    hand_written: list[Diagnostic] = []
    for rel, data in sorted(copies.items()):
        path = storage.guard(root, rel)
        old = path.read_bytes() if path.is_file() else None
        if old is not None and old != data and BANNER not in old[:2048] and not force:
            hand_written.append(
                rules.APPLY_HAND_WRITTEN(
                    Loc(display(path)),
                    "this file was not written by hipdnn-codegen (no banner); apply would replace it",
                    Note("keep your edits elsewhere, or run apply with --force to replace it"),
                )
            )
        if old != data:
            changes.append(storage.Change(rel, "create" if old is None else "update", old, data))
    if hand_written:
        raise ApplyError(hand_written)
    style = _style(root)
    for key, rel in targets.items():
        source = sources[key]
        if rel.endswith((".h", ".hpp", ".cpp")):
            _format_added(source, style, Path(rel).name)
        new = source.encode()
        if new != originals[rel]:
            changes.append(storage.Change(rel, "update", originals[rel], new))
    return changes


def _style(root: Path) -> Path:
    """The checkout's own .clang-format (nearest ancestor), else hipdnn-codegen's copy of it."""
    for directory in (root, *root.resolve().parents):
        if (directory / ".clang-format").is_file():
            return directory / ".clang-format"
    return builtin_templates() / formatting.STYLE_FILE


def _copies(ws: Workspace, spec: OpSpec) -> dict[str, bytes]:
    """The op's generated files the families copy into the checkout, by their checkout path."""
    base = ws.generated_dir / spec.op
    copies = {}
    for rel in families.copied_paths(naming.OpNames(spec)):
        path = storage.guard(base, rel)
        if not path.is_file():
            raise UsageError(f"{ws.display(path)} is missing; run: hipdnn-codegen generate {spec.op}")
        copies[rel] = storage.read_input(path, storage.MAX_HEADER_BYTES, ws.display(path))
    return copies


def _values(sources: dict[str, Source]) -> dict[str, int]:
    """Every enumerator of the three headers (as edited so far) with its value."""
    values: dict[str, int] = {}
    for key in ("attributes", "descriptor_types", "operation_types"):
        values.update((e.name, e.value) for e in _entries(sources[key]))
    return values


def _case_labels(source: Source, anchor: str) -> list[str]:
    return [c.label for c in _switch_cases(source, anchor)[0]]


def _registered(source: Source, anchor: str, cases: list[str]) -> bool:
    """Whether the switch already has every case of the payload (the op is wired in that file)."""
    labels = set(_case_labels(source, anchor))
    wanted = [m.group(1) for line in cases if (m := re.match(r"\s*case\s+(?:\w+\s*::\s*)*(\w+)\s*:", line))]
    return bool(wanted) and all(w in labels for w in wanted)


def _register(ws: Workspace, spec: OpSpec, sources: dict[str, Source]) -> list[Diagnostic]:
    wanted = [(a.name, a.id, a.span.at("id")) for a in spec.attributes()]
    problems = insert_attribute_block(
        sources["attributes"], wanted, payload(ws, spec, "attribute_names.inc"), payload(ws, spec, "attribute_range.txt")[0]
    )
    dt, ot = spec.descriptor_type, spec.operation_type
    problems += insert_enum_entry(sources["descriptor_types"], "hipdnnBackendDescriptorType_t", (dt.name, dt.value, dt.span.at("value")), payload(ws, spec, "descriptor_type.inc"), "descriptor type")
    # the operation type as the checkout spells it (older trees have no _EXT names)
    header_ops = [e.name for e in _entries(sources["operation_types"]) if e.name.startswith("HIPDNN_OPERATION_TYPE_")]
    ot_name = _spell(ot.name, header_ops)
    problems += insert_enum_entry(sources["operation_types"], "hipdnnOperationType_ext_t", (ot_name, ot.value, ot.span.at("value")), _respell(payload(ws, spec, "operation_type.inc"), ot.name, ot_name), "operation type")
    if problems:
        return problems
    values = _values(sources)

    def op_spelled(source: Source, anchor: str, lines: list[str]) -> list[str]:
        labels = [n for n in _case_labels(source, anchor) if n.startswith("HIPDNN_OPERATION_TYPE_")]
        return _respell(lines, ot.name, _spell(ot.name, labels) if labels else ot_name)

    strings = sources["strings"]
    insert_cases(strings, "hipdnnGetBackendDescriptorTypeName", payload(ws, spec, "string_descriptor_type.inc"), "value", values)
    insert_cases(strings, "hipdnnGetAttributeNameString", payload(ws, spec, "string_attribute_names.inc"), "value", values)
    anchor = "hipdnnGetOperationTypeString"
    insert_cases(strings, anchor, op_spelled(strings, anchor, payload(ws, spec, "string_operation_type.inc")), "value", values)
    for key, anchor, order, case, include in (
        ("descriptor_factory", "DescriptorFactory::create", "value", "descriptor_factory_case.inc", "descriptor_factory_include.inc"),
        ("node_factory", "NodeFactory::createOperationFromNode", "name", "node_factory_case.inc", "node_factory_include.inc"),
        ("unpacker", "createNodeForType", "name", "operation_unpacker_case.inc", "operation_unpacker_include.inc"),
    ):
        source = sources[key]
        cases = op_spelled(source, anchor, payload(ws, spec, case))
        if not _registered(source, anchor, cases):  # a file that already handles the op needs no include
            insert_include(source, payload(ws, spec, include)[0], Path(TARGETS[key]).name)
            insert_cases(source, anchor, cases, order, values)
    insert_list_entries(sources["cmake_sources"], re.compile(r"^\s+descriptors/\w+\.cpp\s*$"), payload(ws, spec, "cmake_backend_sources.txt"))
    insert_list_entries(sources["cmake_tests"], re.compile(r"^\s+descriptors/Test\w+\.cpp\s*$"), payload(ws, spec, "cmake_backend_tests.txt"))
    node_type = spec.node_type
    loc = node_type.span.at("value") if node_type is not None else spec.span.loc
    problems = insert_enum_class_entry(sources["node_types"], "NodeType", naming.OpNames(spec).node_type, node_type.value if node_type else None, loc)
    if problems:
        return problems
    graph = sources["graph"]
    for include in payload(ws, spec, "graph_include.inc"):
        insert_include(graph, include, Path(TARGETS["graph"]).name)
    insert_graph_method(graph, naming.OpNames(spec).graph_method, payload(ws, spec, "graph_method.inc"))
    insert_list_entries(sources["cmake_frontend_tests"], re.compile(r"^\s+Test\w+\.cpp\s*$"), payload(ws, spec, "cmake_frontend_tests.txt"))
    insert_list_entries(sources["cmake_integration_tests"], re.compile(r"^\s+Integration\w+\.cpp\s*$"), payload(ws, spec, "cmake_integration_tests.txt"))
    tests = sources["string_tests"]
    insert_expectations(tests, "hipdnnGetAttributeNameString", payload(ws, spec, "string_test_attribute_names.inc"), values)
    insert_expectations(tests, "hipdnnGetBackendDescriptorTypeName", payload(ws, spec, "string_test_descriptor_type.inc"), values)
    test_ops = [m.group(1) for t in tests.texts if (m := re.search(r"hipdnnGetOperationTypeString\((HIPDNN_OPERATION_TYPE_\w+)\)", t))]
    insert_expectations(tests, "hipdnnGetOperationTypeString", _respell(payload(ws, spec, "string_test_operation_type.inc"), ot.name, _spell(ot.name, test_ops) if test_ops else ot_name), values)
    problems = _register_schema(ws, spec, sources)
    if problems:
        return problems
    if spec.reference is not None and spec.dtypes is not None:
        _register_reference(ws, spec, sources)
    _register_graph_test_utils(ws, spec, sources)
    _register_cache_key_tests(ws, spec, sources)
    problems = _register_api_versions(ws, spec, sources) if "plugin_version_constants" in sources and versions.constants(spec) else []
    if problems:
        return problems
    return _register_enums(ws, spec, sources) if spec.new_enums else []


def _register_reference(ws: Workspace, spec: OpSpec, sources: dict[str, Source]) -> None:
    """The op's signature key in the plan registry's variant (and its include), its plan in the
    plan-builder registry's includes, its two tests in the test SDK's test list."""
    key = sources["plan_registry_key"]
    insert_include(key, payload(ws, spec, "plan_registry_key_include.inc")[0], Path(TARGETS["plan_registry_key"]).name)
    insert_variant_member(key, "PlanRegistrySignatureKey", payload(ws, spec, "plan_registry_key_member.inc")[0].strip())
    insert_include(sources["plan_builder_registry"], payload(ws, spec, "plan_builder_registry_include.inc")[0], Path(TARGETS["plan_builder_registry"]).name)
    insert_list_entries(sources["cmake_test_sdk_tests"], re.compile(r"^\s+utilities/[\w/]+\.cpp\s*$"), payload(ws, spec, "cmake_test_sdk_tests.txt"))


def _register_graph_test_utils(ws: Workspace, spec: OpSpec, sources: dict[str, Source]) -> None:
    """The op's createValid<Op>Graph() at the end of the graph test utilities' namespace, with the
    includes it needs (the op's test constants) among the header's includes; nothing when the
    function is already there."""
    source = sources["graph_test_utils"]
    function = naming.OpNames(spec).graph_test_utility
    if re.search(rf"\b{function}\s*\(", "\n".join(_mask(source.texts))):
        return
    for include in payload(ws, spec, "include.inc"):
        if include.strip() not in {t.strip() for t in source.texts}:
            insert_include(source, include, Path(TARGETS["graph_test_utils"]).name)
    append_block(source, [rf"\b{function}\s*\("], payload(ws, spec, "function.inc"))


def _register_cache_key_tests(ws: Workspace, spec: OpSpec, sources: dict[str, Source]) -> None:
    """The op's TestGraphContentKey cases at the end of the test's anonymous namespace, with the
    includes they need among the test's includes; nothing when the op's cases are already there."""
    source = sources["cache_key_test"]
    marker = rf"\b{spec.stem[0].lower()}{spec.stem[1:]}KeyTestGraph\s*\("
    if re.search(marker, "\n".join(_mask(source.texts))):
        return
    for include in payload(ws, spec, "cache_key_include.inc"):
        if include.strip() not in {t.strip() for t in source.texts}:
            insert_include(source, include, Path(TARGETS["cache_key_test"]).name)
    append_block(source, [marker], payload(ws, spec, "cache_key_cases.inc"))


_VERSION_CONSTANT = re.compile(r'inline\s+constexpr\s+std::string_view\s+(K_\w+)\s*=\s*("(\d+\.\d+\.\d+)"|K_\w+)\s*;')


def _version_constants(source: Source) -> dict[str, tuple[str, int]]:
    """PluginVersionConstants.hpp's constants: name -> (version, index of the declaring line),
    an alias (`= K_OTHER`) resolved to its target's version."""
    starts, text = [], ""
    for line in source.texts:  # whole-line comments blanked (the file's comments are all such)
        starts.append(len(text))
        text += ("" if line.lstrip().startswith("//") else line) + "\n"
    found: dict[str, tuple[str, int]] = {}
    aliases: dict[str, tuple[str, int]] = {}
    for m in _VERSION_CONSTANT.finditer(text):
        row = max(i for i, start in enumerate(starts) if start <= m.start())
        if m.group(3) is not None:
            found[m.group(1)] = (m.group(3), row)
        else:
            aliases[m.group(1)] = (m.group(2), row)
    for _ in range(len(aliases)):
        for name, (target, row) in aliases.items():
            if target in found and name not in found:
                found[name] = (found[target][0], row)
    return found


def _register_api_versions(ws: Workspace, spec: OpSpec, sources: dict[str, Source]) -> list[Diagnostic]:
    """The op's engine-API feature constants before K_MAX_SUPPORTED_API_VERSION (and its comment),
    each one the header lacks; then K_MAX_SUPPORTED_API_VERSION names the highest constant, as
    hipDNN requires (the deserialize ceiling equals the highest feature-gated version)."""
    source = sources["plugin_version_constants"]
    present = _version_constants(source)
    declares_max = re.compile(rf"std::string_view\s+{versions.MAX_CONSTANT}\b")
    maximum = next((i for i, t in enumerate(_mask(source.texts)) if declares_max.search(t)), None)
    if maximum is None:
        raise source.structure(f"inline constexpr std::string_view {versions.MAX_CONSTANT} = ...;")
    blocks: list[list[str]] = [[]]
    for line in payload(ws, spec, "api_version_constants.inc"):
        if line.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    problems = []
    new: list[str] = []
    for constant, block in zip(versions.constants(spec), [b for b in blocks if b]):
        if constant.name in present:
            version, row = present[constant.name]
            if version != constant.version:
                problems.append(rules.APPLY_CONFLICT(
                    spec.span.loc, f"engine API version constant {constant.name} is {constant.version} in the spec but {version} in the checkout",
                    Note("defined here", source.loc(row)),
                ))
            continue
        new += ["", *block]
    if problems:
        return problems
    top = maximum
    while top > 0 and source.texts[top - 1].lstrip().startswith("//"):
        top -= 1
    if new:
        if top > 0 and not source.texts[top - 1].strip():
            source.insert(top - 1, new)
        else:
            source.insert(top, [*new[1:], ""])
    everything = {n: v for n, (v, _) in _version_constants(source).items() if n != versions.MAX_CONSTANT}
    highest = max(everything.items(), key=lambda item: versions.key(item[1]))
    current = _version_constants(source).get(versions.MAX_CONSTANT)
    if current is None or versions.key(current[0]) < versions.key(highest[1]):
        masked = _mask(source.texts)
        row = next(i for i, t in enumerate(masked) if declares_max.search(t))
        end = next((i for i in range(row, len(masked)) if ";" in masked[i]), None)
        if end is None:
            raise source.structure(f"the end (;) of {versions.MAX_CONSTANT}", row)
        line = source.texts[row]
        head = line[: line.index(versions.MAX_CONSTANT) + len(versions.MAX_CONSTANT)]
        del source.lines[row : end + 1]
        source.insert(row, [f"{head} = {highest[0]};"])
    return []


def insert_variant_member(source: Source, alias: str, member: str) -> None:
    """Add `member` to `using <alias> = std::variant<A, B, ...>;` (one alternative per line),
    after the alternative whose name shares the longest prefix with it (its op family), else last."""
    texts = source.texts
    start = next((i for i, t in enumerate(texts) if re.match(rf"\s*using\s+{alias}\s*=\s*std::variant<", t)), None)
    if start is None:
        raise source.structure(f"using {alias} = std::variant<...>")
    end = next((i for i in range(start, len(texts)) if ">;" in texts[i]), None)
    if end is None:
        raise source.structure(f"the end (>;) of {alias}'s alternatives", start)
    rows: list[tuple[int, str]] = []
    for i in range(start, end + 1):
        body = texts[i].split("<", 1)[1] if i == start else texts[i]
        for name in re.findall(r"\b[A-Za-z_]\w*\b", body.split(">;")[0]):
            rows.append((i, name))
    if any(name == member for _, name in rows):
        return
    if not rows or len({i for i, _ in rows}) != len(rows):
        raise source.structure(f"{alias}'s alternatives one per line", start)
    best = max(range(len(rows)), key=lambda n: (len(os.path.commonprefix([rows[n][1], member])), n))
    row, name = rows[best]
    ref_row, ref_name = rows[1] if len(rows) > 1 else rows[0]
    indent = " " * texts[ref_row].index(ref_name)
    if row == end:  # the new alternative becomes the last one: the old last one gains a comma
        source.lines[row].text = texts[row].replace(f"{name}>;", f"{name},", 1)
        source.insert(row + 1, [f"{indent}{member}>;"])
    else:
        source.insert(row + 1, [f"{indent}{member},"])


_FBS_INCLUDE = re.compile(r'^\s*include\s+"[^"]+"\s*;')
JSON_NODE_TO_JSON = r"re:\bto_json\s*\([^)]*\bNode\s*&"  # to_json(nlohmann::json&, const data_objects::Node&)
JSON_NODE_FROM_JSON = r"re:\bto\s*<\s*(?:data_objects\s*::\s*)?Node\s*>\s*\("  # json::to<data_objects::Node>(...)


def insert_fbs_include(source: Source, line: str) -> None:
    """Add `include "x.fbs";` after graph.fbs's last include (its includes are in the order ops came)."""
    if line.strip() in (t.strip() for t in source.texts):
        return
    rows = [r for r, text in enumerate(source.texts) if _FBS_INCLUDE.match(text)]
    if not rows:
        raise source.structure('an `include "...";` line')
    source.insert(rows[-1] + 1, [line.strip()])


def insert_union_member(source: Source, table: str, position: int | None, loc: Loc) -> list[Diagnostic]:
    """Append `table` to graph.fbs's NodeAttributes union at `position` (the union type value is the
    member's position, so a member only ever goes last); a conflict when the table sits elsewhere,
    the position is taken or it would leave a gap."""
    members = union_members("\n".join(source.texts), source.path)
    if not members:
        raise source.structure(f"union {UNION} with at least one member")
    if table in members:
        held = members[table]
        if position is not None and held.position != position:
            return [rules.APPLY_CONFLICT(loc, f"{table} is member {held.position} of union {UNION}, not {position}", Note("member here", held.loc))]
        return []
    count = len(members)
    wanted = count + 1 if position is None else position
    if wanted <= count:
        other = next(m for m in members.values() if m.position == wanted)
        return [
            rules.APPLY_CONFLICT(
                loc,
                f"union position {wanted} of {table} is taken by {other.table} in {UNION}",
                Note("member here", other.loc),
                Note(f"give this op the next free position: union_position: {count + 1}"),
            )
        ]
    if wanted > count + 1:
        return [rules.APPLY_CONFLICT(loc, f"union position {wanted} of {table} would leave a gap: {UNION} has {count} members, so the next is {count + 1}")]
    last = max(members.values(), key=lambda m: m.position)
    row = last.loc.line - 1
    text = source.texts[row]
    end = last.loc.col - 1 + len(re.match(r"[\w.]+(?:\s*:\s*[\w.]+)?", text[last.loc.col - 1 :]).group(0))  # type: ignore[union-attr]
    if not text[end:].lstrip().startswith(","):
        source.lines[row].text = text[:end] + "," + text[end:]  # the member before the new one needs its comma
    indent = re.match(r"\s*", text).group(0)  # type: ignore[union-attr]
    source.insert(row + 1, [indent + table])
    return []


def insert_enum_name(source: Source, entry: str) -> None:
    """Add a `{NodeAttributes::X, "X"},` JSON name before the list's `NONE` entry, qualified as that
    entry is."""
    name = re.search(r"NodeAttributes\s*::\s*(\w+)", entry).group(1)  # type: ignore[union-attr]
    if any(re.search(rf"NodeAttributes\s*::\s*{name}\s*,", text) for text in source.texts):
        return
    row = next((r for r, text in enumerate(source.texts) if re.search(r"\{\s*(?:\w+\s*::\s*)*NodeAttributes\s*::\s*NONE\s*,", text)), None)
    if row is None:
        raise source.structure("the NONE entry of NLOHMANN_JSON_SERIALIZE_ENUM(NodeAttributes, ...)")
    none = source.texts[row]
    qualifier = re.search(r"\{\s*((?:\w+\s*::\s*)*)NodeAttributes", none).group(1)  # type: ignore[union-attr]
    indent = re.match(r"\s*", none).group(0)  # type: ignore[union-attr]
    source.insert(row, [indent + re.sub(r"\{\s*(?:\w+\s*::\s*)*NodeAttributes", "{" + qualifier + "NodeAttributes", entry.strip())])


def _register_schema(ws: Workspace, spec: OpSpec, sources: dict[str, Source]) -> list[Diagnostic]:
    """The op's schema in graph.fbs (include and union member) and the flatbuffers CMake list; its
    JSON utility and test in json/Graph.hpp and the flatbuffers tests' CMake list."""
    fb = spec.flatbuffers
    graph_fbs = sources["graph_fbs"]
    (member,) = payload(ws, spec, "schema_union_member.txt")
    problems = insert_union_member(graph_fbs, member.strip(), fb.union_position, fb.span.at("union_position"))
    if problems:
        return problems
    for line in payload(ws, spec, "schema_include.txt"):
        insert_fbs_include(graph_fbs, line)
    insert_list_entries(sources["cmake_schemas"], re.compile(r"^\s+schemas/\w+\.fbs\s*$"), payload(ws, spec, "cmake_schemas.txt"), at_end=True)
    insert_list_entries(sources["cmake_flatbuffers_tests"], re.compile(r"^\s+utilities/Test\w+\.cpp\s*$"), payload(ws, spec, "cmake_flatbuffers_tests.txt"), at_end=True)
    json_graph = sources["json_graph"]
    for line in payload(ws, spec, "json_graph_enum_name.inc"):
        insert_enum_name(json_graph, line)
    cases = payload(ws, spec, "json_graph_to_json_case.inc")
    if not _registered(json_graph, JSON_NODE_TO_JSON, cases):
        insert_include(json_graph, payload(ws, spec, "json_graph_include.inc")[0], Path(TARGETS["json_graph"]).name)
        insert_cases(json_graph, JSON_NODE_TO_JSON, cases, "end", {})
    insert_cases(json_graph, JSON_NODE_FROM_JSON, payload(ws, spec, "json_graph_from_json_case.inc"), "end", {})
    return []
