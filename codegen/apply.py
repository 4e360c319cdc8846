"""apply: copy an op's generated files into a hipDNN checkout and register it in the shared files.

Every edit is computed in memory first, from the file's structure (enum bodies, switch statements,
include blocks, CMake lists), never from line numbers; a conflict anywhere stops the whole apply
before any file is written. Entries already present with the same value are left alone, so
applying twice changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from codegen import formatting, naming, rules, stamp, storage
from codegen.diagnostics import Diagnostic, Loc, Note
from codegen.hipdnn_headers import INCLUDE_DIRS, parse_enums
from codegen.model import OpSpec
from codegen.workspace import UsageError, Workspace, builtin_templates

class ApplyError(Exception):
    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(f"{len(diagnostics)} problem(s)")
        self.diagnostics = diagnostics


def checkout_root(directory: Path) -> Path:
    """The checkout's projects/hipdnn directory: DIR itself, or DIR/projects/hipdnn."""
    for candidate in (directory, directory / "projects" / "hipdnn"):
        if (candidate / "backend" / "include").is_dir():
            return candidate
    raise UsageError(f"--hipdnn-root {directory}: no {' or '.join(INCLUDE_DIRS)} directory")


# --- generic structure helpers -------------------------------------------------------------------


@dataclass
class Source:
    """One checkout file being edited: its lines and how to name places in it."""

    path: str  # as shown in diagnostics
    lines: list[str]
    touched: list[tuple[int, int]] = field(default_factory=list)  # 0-based [start, stop) edited blocks

    def touch(self, start: int, stop: int) -> None:
        """Mark a structure as edited; its lines are re-formatted like the file's own formatter would."""
        self.touched.append((start, stop))

    def loc(self, index: int) -> Loc:
        return Loc(self.path, index + 1, 1)

    def structure(self, what: str) -> ApplyError:
        return ApplyError([rules.APPLY_STRUCTURE(Loc(self.path), f"cannot find {what}")])

    def find(self, predicate: Callable[[str], bool], start: int = 0, stop: int | None = None, what: str = "") -> int:
        stop = len(self.lines) if stop is None else stop
        for index in range(start, stop):
            if predicate(self.lines[index]):
                return index
        raise self.structure(what or "the insertion point")


def insert_sorted(lines: list[str], start: int, stop: int, entry: str) -> None:
    """Insert `entry` among lines[start:stop] (a sorted block) at its sorted position.

    A block may open with one out-of-order line (a source file's own header comes first);
    sorting starts after it."""
    if stop - start > 2 and lines[start].strip() > lines[start + 1].strip():
        start += 1
    key = entry.strip()
    position = next((i for i in range(start, stop) if lines[i].strip() > key), stop)
    lines.insert(position, entry)


def payload(ws: Workspace, spec: OpSpec, key: str) -> list[str]:
    """A registry fragment without its banner and instructions (the lines to paste)."""
    path = ws.generated_dir / spec.op / "registry" / naming.REGISTRY_FRAGMENTS[key]
    lines = path.read_text(encoding="utf-8").splitlines()
    body = [line for line in lines if not (line.startswith(("//", "# ")) or line == "#")]
    while body and not body[0].strip():
        body.pop(0)
    return body


def _squeeze(text: str) -> str:
    """Text without whitespace, so an entry is recognised however the file wrapped it."""
    return "".join(text.split())


def _groups(lines: list[str], opener: str) -> list[list[str]]:
    """Split payload lines into entries, each starting at a line that begins with `opener`."""
    groups: list[list[str]] = []
    for line in lines:
        if line.strip().startswith(opener) or not groups:
            groups.append([])
        groups[-1].append(line)
    return [g for g in groups if any(x.strip() for x in g)]


# --- enum headers ----------------------------------------------------------------------------------


def _conflicts(source: Source, wanted: list[tuple[str, int, Loc]], kind: str) -> tuple[list[Diagnostic], int]:
    """Conflicting entries, and how many of `wanted` are already present with the same value."""
    entries = parse_enums("\n".join(source.lines) + "\n", source.path)
    by_name = {e.name: e for e in entries}
    by_value: dict[int, list] = {}
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


def _enum_close(source: Source, typedef: str) -> int:
    return source.find(lambda line: re.match(rf"\s*}}\s*{typedef}\s*;", line) is not None, what=f"the end of enum {typedef}")


def insert_enum_entry(source: Source, typedef: str, wanted: tuple[str, int, Loc], entry: list[str], kind: str) -> list[Diagnostic]:
    problems, present = _conflicts(source, [wanted], kind)
    if problems or present:
        return problems
    close = _enum_close(source, typedef)
    documented = entry[0].strip().startswith("/**")
    entries = [e for e in parse_enums("\n".join(source.lines) + "\n", source.path) if e.loc.line - 1 < close]
    later = [e for e in entries if e.value > wanted[1] and e.alias_of is None]
    if later:  # in value order: before the first entry with a greater value (and its doc comment)
        position = min(e.loc.line for e in later) - 1
        while position > 0 and source.lines[position - 1].strip().startswith(("/**", "*", "//")):
            position -= 1
        source.lines[position:position] = entry + ([""] if documented else [])
    else:
        last = max(i for i in range(close) if re.match(r"\s+[A-Z_][A-Z0-9_]*\s*(=|,|$)", source.lines[i]) or source.lines[i].strip().startswith("= "))
        source.lines[last + 1 : last + 1] = ([""] if documented else []) + entry
    start = source.find(lambda line: line.lstrip().startswith("typedef enum") or line.lstrip().startswith("enum"), what="the enum")
    source.touch(start, _enum_close(source, typedef) + 1)
    return []


def insert_attribute_block(source: Source, wanted: list[tuple[str, int, Loc]], block: list[str], range_line: str) -> list[Diagnostic]:
    problems, present = _conflicts(source, wanted, "attribute")
    if problems:
        return problems
    if present and present != len(wanted):
        return [rules.APPLY_CONFLICT(wanted[0][2], f"only {present} of {len(wanted)} attributes are in the checkout; finish or remove the partial block first", Note("checkout file", Loc(source.path)))]
    if not present:
        close = _enum_close(source, "hipdnnBackendAttributeName_t")
        after = None
        in_operation_group = False
        for index in range(close):
            text = source.lines[index]
            if "@name" in text:
                in_operation_group = "Operation Attributes" in text
            elif "@}" in text and in_operation_group:
                after, in_operation_group = index, False
        if after is None:
            after = close - 1
        source.lines[after + 1 : after + 1] = ["", *block]
        source.touch(after + 1, after + 2 + len(block))
    _insert_range_line(source, range_line)
    return []


def _insert_range_line(source: Source, range_line: str) -> None:
    if any(line.rstrip() == range_line.rstrip() for line in source.lines):
        return
    pattern = re.compile(r"^\s*\*\s+(\d+)(?:-\d+|\+)?:")
    listed = [i for i, line in enumerate(source.lines) if pattern.match(line)]
    if not listed:
        raise source.structure("the attribute range list in the header comment")
    low = int(pattern.match(range_line).group(1))  # type: ignore[union-attr]
    position = next((i for i in listed if int(pattern.match(source.lines[i]).group(1)) > low), listed[-1] + 1)  # type: ignore[union-attr]
    source.lines.insert(position, range_line)


# --- C++ sources -----------------------------------------------------------------------------------


def insert_cases(source: Source, anchor: str, cases: list[str]) -> None:
    """Paste `case` entries before `default:` in the switch that follows `anchor`."""
    start = source.find(lambda line: anchor in line, what=f"{anchor}")
    switch = source.find(lambda line: "switch(" in line, start, what=f"the switch after {anchor}")
    default = source.find(lambda line: line.strip() == "default:", switch, what=f"default: in the switch after {anchor}")
    body = _squeeze("\n".join(source.lines[switch:default]))
    missing = [group for group in _groups(cases, "case ") if _squeeze(group[0]) not in body]
    added = [line for group in missing for line in group]
    source.lines[default:default] = added
    if added:
        source.touch(default, default + len(added))


def insert_include(source: Source, include: str) -> None:
    """Add an #include to the block of includes of the same kind, in sorted position."""
    if include in (line.strip() for line in source.lines):
        return
    opener = include.split('"')[0] + '"' if '"' in include else include.rsplit("/", 1)[0]
    block = [i for i, line in enumerate(source.lines) if line.startswith(opener)]
    if not block:
        block = [i for i, line in enumerate(source.lines) if line.startswith("#include")]
    if not block:
        raise source.structure("an #include block")
    insert_sorted(source.lines, block[0], block[-1] + 1, include)
    source.touch(block[0], block[-1] + 2)


def insert_expectations(source: Source, function: str, expectations: list[str]) -> None:
    """Append EXPECT_STREQ lines after the last expectation on `function` in the test file."""
    text = _squeeze("\n".join(source.lines))
    missing = [group for group in _groups(expectations, "EXPECT_STREQ") if _squeeze("".join(group)) not in text]
    if not missing:
        return
    last = max((i for i, line in enumerate(source.lines) if f"EXPECT_STREQ({function}(" in line), default=None)
    if last is None:
        raise source.structure(f"an EXPECT_STREQ on {function}")
    while not source.lines[last].rstrip().endswith(";"):
        last += 1
    added = [line for group in missing for line in group]
    source.lines[last + 1 : last + 1] = added
    source.touch(last + 1, last + 1 + len(added))


def insert_list_entries(source: Source, marker: re.Pattern[str], entries: list[str]) -> None:
    """Add CMake list entries next to the existing ones that match `marker`, keeping order."""
    listed = [i for i, line in enumerate(source.lines) if marker.search(line)]
    if not listed:
        raise source.structure(f"a CMake list entry like {marker.pattern}")
    indent = source.lines[listed[0]][: len(source.lines[listed[0]]) - len(source.lines[listed[0]].lstrip())]
    present = {line.strip() for line in source.lines}
    for entry in entries:
        if entry.strip() not in present:
            listed = [i for i, line in enumerate(source.lines) if marker.search(line)]
            insert_sorted(source.lines, listed[0], listed[-1] + 1, indent + entry.strip())


# --- the plan ------------------------------------------------------------------------------------

TARGETS = {
    "attributes": "backend/include/HipdnnBackendAttributeName.h",
    "descriptor_types": "backend/include/HipdnnBackendDescriptorType.h",
    "operation_types": "backend/include/HipdnnOperationType.h",
    "strings": "backend/src/BackendEnumStringUtils.hpp",
    "descriptor_factory": "backend/src/descriptors/DescriptorFactory.cpp",
    "node_factory": "backend/src/descriptors/NodeFactory.cpp",
    "unpacker": "frontend/include/hipdnn_frontend/detail/OperationUnpacker.hpp",
    "cmake_sources": "backend/src/CMakeLists.txt",
    "cmake_tests": "backend/tests/CMakeLists.txt",
    "string_tests": "backend/tests/TestBackendEnumStringUtils.cpp",
}


def plan(ws: Workspace, root: Path, specs: list[OpSpec], display: Callable[[Path], str]) -> list[storage.Change]:
    """Every change the apply makes, relative to the checkout root; raises ApplyError."""
    sources: dict[str, Source] = {}
    originals: dict[str, bytes] = {}
    for key, rel in TARGETS.items():
        path = root / rel
        if not path.is_file():
            raise ApplyError([rules.APPLY_STRUCTURE(Loc(display(path)), "the checkout has no such file")])
        originals[rel] = path.read_bytes()
        sources[key] = Source(display(path), originals[rel].decode("utf-8").splitlines())
    problems: list[Diagnostic] = []
    copies: dict[str, bytes] = {}
    for spec in sorted(specs, key=lambda s: s.op):
        problems += _register(ws, spec, sources)
        copies.update(_copies(ws, spec))
    if problems:
        raise ApplyError(problems)
    changes: list[storage.Change] = []
    for rel, data in sorted(copies.items()):
        path = root / rel
        old = path.read_bytes() if path.is_file() else None
        if old != data:
            changes.append(storage.Change(rel, "create" if old is None else "update", old, data))
    style = _style(root)
    for key, rel in TARGETS.items():
        source = sources[key]
        text = "\n".join(source.lines) + "\n"
        if rel.endswith((".h", ".hpp", ".cpp")) and source.touched:
            text = formatting.format_ranges(text, [(a + 1, max(a + 1, b)) for a, b in source.touched], style, Path(rel).name)
        new = text.encode("utf-8")
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
    base = ws.generated_dir / spec.op
    found = storage.existing_files(base, [""])
    return {rel: path.read_bytes() for rel, path in found.items() if not rel.startswith("registry/") and rel != stamp.STAMP}


def _register(ws: Workspace, spec: OpSpec, sources: dict[str, Source]) -> list[Diagnostic]:
    wanted = [(a.name, a.id, a.span.at("id")) for a in spec.attributes()]
    problems = insert_attribute_block(
        sources["attributes"], wanted, payload(ws, spec, "attribute_names.inc"), payload(ws, spec, "attribute_range.txt")[0]
    )
    dt, ot = spec.descriptor_type, spec.operation_type
    problems += insert_enum_entry(sources["descriptor_types"], "hipdnnBackendDescriptorType_t", (dt.name, dt.value, dt.span.at("value")), payload(ws, spec, "descriptor_type.inc"), "descriptor type")
    problems += insert_enum_entry(sources["operation_types"], "hipdnnOperationType_ext_t", (ot.name, ot.value, ot.span.at("value")), payload(ws, spec, "operation_type.inc"), "operation type")
    if problems:
        return problems
    strings = sources["strings"]
    insert_cases(strings, "hipdnnGetBackendDescriptorTypeName(", payload(ws, spec, "string_descriptor_type.inc"))
    insert_cases(strings, "hipdnnGetAttributeNameString(", payload(ws, spec, "string_attribute_names.inc"))
    insert_cases(strings, "hipdnnGetOperationTypeString(", payload(ws, spec, "string_operation_type.inc"))
    insert_include(sources["descriptor_factory"], payload(ws, spec, "descriptor_factory_include.inc")[0])
    insert_cases(sources["descriptor_factory"], "privateDesc", payload(ws, spec, "descriptor_factory_case.inc"))
    insert_include(sources["node_factory"], payload(ws, spec, "node_factory_include.inc")[0])
    insert_cases(sources["node_factory"], "nodeT.attributes", payload(ws, spec, "node_factory_case.inc"))
    insert_include(sources["unpacker"], payload(ws, spec, "operation_unpacker_include.inc")[0])
    insert_cases(sources["unpacker"], "createNodeForType(", payload(ws, spec, "operation_unpacker_case.inc"))
    insert_list_entries(sources["cmake_sources"], re.compile(r"^\s+descriptors/\w+\.cpp\s*$"), payload(ws, spec, "cmake_backend_sources.txt"))
    insert_list_entries(sources["cmake_tests"], re.compile(r"^\s+descriptors/Test\w+\.cpp\s*$"), payload(ws, spec, "cmake_backend_tests.txt"))
    tests = sources["string_tests"]
    insert_expectations(tests, "hipdnnGetAttributeNameString", payload(ws, spec, "string_test_attribute_names.inc"))
    insert_expectations(tests, "hipdnnGetBackendDescriptorTypeName", payload(ws, spec, "string_test_descriptor_type.inc"))
    insert_expectations(tests, "hipdnnGetOperationTypeString", payload(ws, spec, "string_test_operation_type.inc"))
    return []
