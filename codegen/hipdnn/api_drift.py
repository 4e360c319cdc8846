"""The drift gate (check --hipdnn-root): each op's generated C++ against the checkout's file at the
same path, compared at API level.

For every per-op file a spec generates that `apply` copies into a checkout (families' declared
destinations), the checkout's file at the same path is read with the C++ API reader and compared
with the generated one: a public class, base, data member, accessor or method signature, nested
enum or enumerator, alias, free function or constant present on one side only or different is a
DRIFT-API finding; a gtest test case the checkout's file has and the generated one lacks is a
DRIFT-TEST finding; regions of the checkout's file the reader cannot parse are one DRIFT-UNREADABLE
warning per file. Every finding sits on the spec, with the checkout's file:line (and the generated
file's, where the item is there) as notes. A file the checkout lacks is not compared (the op, or
that file, is new); files equal byte for byte are not parsed. Formatting, comments, the order of
declarations and tests the generated file has beyond the checkout's are not drift; in a test
source (a file under a tests/ directory) only the test cases are compared, and what has internal
linkage (an unnamed namespace's contents, static free functions) is no API anywhere.

The capped text diff of each drifted file is returned too; `check --diff` prints it.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Hashable, Iterable, Iterator

from codegen import families
from codegen.diagnostics import rules
from codegen.diagnostics.diagnostics import Diagnostic, Loc, Note
from codegen.hipdnn import cxx_api
from codegen.pipeline.workspace import Workspace
from codegen.plumbing import storage
from codegen.spec.model import Field, OpSpec, Tensor
from codegen.views import naming

CXX_SUFFIXES = (".h", ".hpp", ".cpp", ".hxx", ".cxx", ".cc", ".inc")
PROBLEMS_SHOWN = 3  # unreadable regions named per file


@dataclass(frozen=True)
class Delta:
    """One API difference: its rule, message, and the line on each side (0: not on that side)."""

    rule: rules.Rule
    message: str
    theirs: int
    ours: int
    subject: str = ""  # the accessor, member, enumerator or test it is about, to blame the spec's entry


def check(ws: Workspace, root: Path, specs: Iterable[OpSpec], display: Callable[[Path], str]) -> tuple[list[Diagnostic], str]:
    """(findings, the capped diffs of drifted files) for every spec against checkout `root` (the
    directory holding backend/, frontend/, ...)."""
    found: list[Diagnostic] = []
    diffs: list[str] = []
    for spec in sorted(specs, key=lambda s: s.op):
        entries = _entries(spec)
        for rel in families.copied_paths(naming.OpNames(spec)):
            if not rel.endswith(CXX_SUFFIXES):
                continue  # schemas: schema_drift compares them field by field
            theirs_path, ours_path = root / rel, ws.generated_dir / spec.op / rel
            if not theirs_path.is_file() or not ours_path.is_file():
                continue  # new to the checkout; or not generated yet, which GEN-STALE reports
            theirs_shown, ours_shown = display(theirs_path), ws.display(ours_path)
            try:
                theirs = storage.read_input(theirs_path, storage.MAX_HEADER_BYTES, theirs_shown)
                ours = storage.read_input(ours_path, storage.MAX_HEADER_BYTES, ours_shown)
            except storage.StorageError as exc:
                found.append(rules.DRIFT_UNREADABLE(spec.span.loc, f"{Path(rel).name}: not compared: {exc}", Note("hipDNN's file", Loc(theirs_shown))))
                continue
            if theirs == ours:
                continue
            theirs_api, ours_api = cxx_api.parse(theirs), cxx_api.parse(ours)
            name = Path(rel).name
            if theirs_api.problems:
                shown = [Note(p.message, Loc(theirs_shown, p.line, p.col)) for p in theirs_api.problems[:PROBLEMS_SHOWN]]
                more = len(theirs_api.problems) - PROBLEMS_SHOWN
                if more > 0:
                    shown.append(Note(f"and {more} more region(s)"))
                found.append(
                    rules.DRIFT_UNREADABLE(
                        spec.span.loc, f"{name}: {len(theirs_api.problems)} region(s) of hipDNN's file could not be parsed; the API there was not compared", *shown
                    )
                )
            deltas = list(compare(theirs_api, ours_api, tests_only="tests" in Path(rel).parts))
            for delta in deltas:
                notes = [Note("hipDNN's file", Loc(theirs_shown, delta.theirs or 1))]
                if delta.ours:
                    notes.append(Note("the generated file", Loc(ours_shown, delta.ours)))
                found.append(delta.rule(_blame(entries, delta.subject) or spec.span.loc, f"{name}: {delta.message}", *notes))
            if deltas:
                diffs.append(_diff(theirs, ours, theirs_shown, ours_shown))
    return found, "".join(diffs)


_AFFIXES = re.compile(r"^(?:get_?|set_?|has_?|k_)|(?:_?desc|_?uid|_?tensor)$")


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _entries(spec: OpSpec) -> dict[str, Loc]:
    """The spec's tensors and fields by their name and their frontend and backend names, folded
    (lower case, no underscores), for blaming a difference on the entry it is about."""
    entries: dict[str, Loc] = {}
    items: list[Tensor | Field] = [*spec.tensors, *spec.tensor_lists, *spec.fields]
    for item in items:
        names = [item.name, item.frontend.getter, item.frontend.setter, item.frontend.member, item.frontend.enumerator]
        if isinstance(item, Tensor):
            names += [item.backend.getter, item.backend.member]
        for name in names:
            if name:
                entries.setdefault(_key(name), item.span.loc)
    return entries


def _blame(entries: dict[str, Loc], subject: str) -> Loc | None:
    """The spec entry a difference is about: its subject as named, or without an accessor's
    get/set/has prefix or a getter's Desc suffix (set_dy, getDBiasDesc, DY: the tensor dy)."""
    if not subject:
        return None
    for candidate in (subject, _AFFIXES.sub("", subject.lower()), _AFFIXES.sub("", _AFFIXES.sub("", subject.lower()))):
        loc = entries.get(_key(candidate))
        if loc is not None:
            return loc
    return None


def _diff(theirs: bytes, ours: bytes, theirs_shown: str, ours_shown: str) -> str:
    """The checkout's file against the generated one, capped at storage.DIFF_LINES lines."""
    old = theirs.decode("utf-8", "replace").splitlines(keepends=True)
    new = ours.decode("utf-8", "replace").splitlines(keepends=True)
    lines = list(difflib.unified_diff(old, new, f"{theirs_shown} (hipDNN)", f"{ours_shown} (generated)"))
    if len(lines) > storage.DIFF_LINES:
        lines = lines[: storage.DIFF_LINES] + [f"... diff truncated ({len(lines) - storage.DIFF_LINES} more lines)\n"]
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


# --- comparing two APIs ---------------------------------------------------------------------------

THEIRS_ONLY = "is in hipDNN's file but not generated"
OURS_ONLY = "is generated but not in hipDNN's file"


def _what(function: cxx_api.Function) -> str:
    if function.name.startswith(("get_", "set_")):
        return "accessor"
    if function.name.startswith("has_"):
        return "presence query"
    return "method"


def compare(theirs: cxx_api.Api, ours: cxx_api.Api, tests_only: bool = False) -> Iterator[Delta]:
    """Every API difference between the checkout's file and the generated one, in a fixed order.
    In a test source (`tests_only`) only the test cases count: its fixtures and helpers are no API."""
    ours_tests = {(t.suite, t.name) for t in ours.tests}
    for test in theirs.tests:
        if (test.suite, test.name) not in ours_tests:
            yield Delta(rules.DRIFT_TEST, f"hipDNN's file has test {test.full_name} ({test.macro}), which the generated file lacks", test.line, 0)
    if tests_only:
        return
    theirs, ours = _external(theirs), _external(ours)
    yield from _classes(theirs, ours)
    yield from _functions(theirs.functions, ours.functions, "function", "", 0, 0)
    yield from _enums(theirs.enums, ours.enums, "", 0, 0)
    yield from _aliases(theirs.aliases, ours.aliases, "", 0, 0)
    yield from _variables(theirs.variables, ours.variables, "constant", "", 0, 0)


def _external(api: cxx_api.Api) -> cxx_api.Api:
    """The API without what has internal linkage: unnamed namespaces' contents and static free
    functions and variables (a source file's own helpers)."""
    return dataclasses.replace(
        api,
        classes=tuple(c for c in api.classes if not cxx_api.internal(c.qualified)),
        functions=tuple(f for f in api.functions if not (f.static or cxx_api.internal(f.scope))),
        variables=tuple(v for v in api.variables if not (v.static or cxx_api.internal(v.scope))),
        enums=tuple(e for e in api.enums if not cxx_api.internal(e.scope)),
        aliases=tuple(a for a in api.aliases if not cxx_api.internal(a.scope)),
    )


def _classes(theirs: cxx_api.Api, ours: cxx_api.Api) -> Iterator[Delta]:
    mine = {c.qualified: c for c in ours.classes}
    other = {c.qualified: c for c in theirs.classes}
    for name, c in other.items():
        if name not in mine:
            yield Delta(rules.DRIFT_API, f"{c.kind} {c.name} {THEIRS_ONLY}", c.line, 0)
    for name, c in mine.items():
        if name not in other:
            yield Delta(rules.DRIFT_API, f"{c.kind} {c.name} {OURS_ONLY}", 0, c.line)
    for name, t in other.items():
        o = mine.get(name)
        if o is None:
            continue
        of = f" of {t.kind} {t.name}"
        if t.bases != o.bases:
            yield Delta(rules.DRIFT_API, f"{t.kind} {t.name} derives from {_list(t.bases)} in hipDNN's file but from {_list(o.bases)} generated", t.line, o.line)
        yield from _variables(t.members, o.members, "member", of, t.line, o.line)
        yield from _functions(t.methods, o.methods, "method", of, t.line, o.line)
        yield from _enums(t.enums, o.enums, of, t.line, o.line)
        yield from _aliases(t.aliases, o.aliases, of, t.line, o.line)


def _paired(theirs: Iterable[Any], ours: Iterable[Any], key: Callable[[Any], Hashable]) -> Iterator[tuple[Any, Any]]:
    """Each of hipDNN's items with the generated one of the same key (or None), in hipDNN's order,
    then each generated item hipDNN lacks as (None, item)."""
    mine = {key(x): x for x in ours}
    other = {key(x): x for x in theirs}
    for k, t in other.items():
        yield t, mine.get(k)
    for k, o in mine.items():
        if k not in other:
            yield None, o


def _list(names: tuple[str, ...]) -> str:
    return ", ".join(names) if names else "nothing"


def _variables(theirs: Iterable[cxx_api.Variable], ours: Iterable[cxx_api.Variable], kind: str, of: str, t_line: int, o_line: int) -> Iterator[Delta]:
    def spell(v: cxx_api.Variable) -> str:
        return f"`{v.type} {v.name}" + (f" = {v.default}" if v.default is not None else "") + "`"

    def key(v: cxx_api.Variable) -> tuple[str, str]:
        return (v.scope.rpartition("::")[2] if kind == "constant" else "", v.name)

    for v, o in _paired(theirs, ours, key):
        if v is None:
            yield Delta(rules.DRIFT_API, f"{kind} {spell(o)}{of} {OURS_ONLY}", t_line, o.line, o.name)
        elif o is None:
            yield Delta(rules.DRIFT_API, f"{kind} {spell(v)}{of} {THEIRS_ONLY}", v.line, o_line, v.name)
        elif (v.type, v.default, v.static) != (o.type, o.default, o.static):
            yield Delta(rules.DRIFT_API, f"{kind} {v.name}{of} is {spell(v)} in hipDNN's file but {spell(o)} generated", v.line, o.line, v.name)


def _functions(theirs: Iterable[cxx_api.Function], ours: Iterable[cxx_api.Function], kind: str, of: str, t_line: int, o_line: int) -> Iterator[Delta]:
    """Overloads are told apart by parameter types and const; one unmatched overload on each side
    under one name is one difference (a changed signature), any other is listed per overload. A
    name on one side only whose signature the other side has under a name differing only in case
    (getDbiasDesc, getDBiasDesc) is one difference: a respelling."""
    theirs, ours = list(theirs), list(ours)
    by_name: dict[str, tuple[list[cxx_api.Function], list[cxx_api.Function]]] = {}
    for f in theirs:
        by_name.setdefault(f.name, ([], []))[0].append(f)
    for f in ours:
        by_name.setdefault(f.name, ([], []))[1].append(f)
    respelt: set[str] = set()
    theirs_only = {f.name.lower(): f for f in theirs if not by_name[f.name][1]}
    for f in ours:
        t = theirs_only.get(f.name.lower())
        if by_name[f.name][0] or t is None or (t.return_type, t.param_types, t.const, t.static) != (f.return_type, f.param_types, f.const, f.static):
            continue
        respelt.update((t.name, f.name))
        what = kind if kind == "function" else _what(t)
        yield Delta(rules.DRIFT_API, f"{what} {t.name}{of} is spelled {f.name} generated (`{t.signature}` in hipDNN's file)", t.line, f.line, t.name)
    for name, (other, mine) in by_name.items():
        if name in respelt:
            continue
        what = kind if kind == "function" else _what((other or mine)[0])
        mine_keys = {f.key: f for f in mine}
        other_keys = {f.key: f for f in other}
        for key, t in other_keys.items():
            o = mine_keys.get(key)
            if o is not None and (t.return_type, t.static) != (o.return_type, o.static):
                yield Delta(rules.DRIFT_API, f"{what} {name}{of} is `{t.signature}` in hipDNN's file but `{o.signature}` generated", t.line, o.line, name)
        only_theirs = [f for k, f in other_keys.items() if k not in mine_keys]
        only_ours = [f for k, f in mine_keys.items() if k not in other_keys]
        if len(only_theirs) == 1 and len(only_ours) == 1:
            t, o = only_theirs[0], only_ours[0]
            yield Delta(rules.DRIFT_API, f"{what} {name}{of} is `{t.signature}` in hipDNN's file but `{o.signature}` generated", t.line, o.line, name)
            continue
        for t in only_theirs:
            yield Delta(rules.DRIFT_API, f"{what} `{t.signature}`{of} {THEIRS_ONLY}", t.line, o_line, t.name)
        for o in only_ours:
            yield Delta(rules.DRIFT_API, f"{what} `{o.signature}`{of} {OURS_ONLY}", t_line, o.line, o.name)


def _enums(theirs: Iterable[cxx_api.Enum], ours: Iterable[cxx_api.Enum], of: str, t_line: int, o_line: int) -> Iterator[Delta]:
    for t, o in _paired(theirs, ours, lambda e: e.name):
        if t is None:
            yield Delta(rules.DRIFT_API, f"enum {o.name}{of} {OURS_ONLY}", t_line, o.line)
            continue
        name = t.name
        if o is None:
            yield Delta(rules.DRIFT_API, f"enum {name}{of} {THEIRS_ONLY}", t.line, o_line)
            continue
        ours_values = {e.name: e for e in o.enumerators}
        theirs_values = {e.name: e for e in t.enumerators}
        for e in t.enumerators:
            mine_e = ours_values.get(e.name)
            if mine_e is None:
                yield Delta(rules.DRIFT_API, f"enumerator {name}::{e.name}{_value(e)}{of} {THEIRS_ONLY}", e.line, o.line, e.name)
            elif _number(e) != _number(mine_e):
                yield Delta(rules.DRIFT_API, f"enumerator {name}::{e.name}{of} is {_number(e)} in hipDNN's file but {_number(mine_e)} generated", e.line, mine_e.line, e.name)
        for e in o.enumerators:
            if e.name not in theirs_values:
                yield Delta(rules.DRIFT_API, f"enumerator {name}::{e.name}{_value(e)}{of} {OURS_ONLY}", t.line, e.line, e.name)


def _number(e: cxx_api.Enumerator) -> str:
    return str(e.number) if e.number is not None else (e.value or "?")


def _value(e: cxx_api.Enumerator) -> str:
    return f" = {_number(e)}"


def _aliases(theirs: Iterable[cxx_api.Alias], ours: Iterable[cxx_api.Alias], of: str, t_line: int, o_line: int) -> Iterator[Delta]:
    for t, o in _paired(theirs, ours, lambda a: a.name):
        if t is None:
            yield Delta(rules.DRIFT_API, f"alias {o.name} (of {o.target}){of} {OURS_ONLY}", t_line, o.line)
        elif o is None:
            yield Delta(rules.DRIFT_API, f"alias {t.name} (of {t.target}){of} {THEIRS_ONLY}", t.line, o_line)
        elif o.target != t.target:
            yield Delta(rules.DRIFT_API, f"alias {t.name}{of} names {t.target} in hipDNN's file but {o.target} generated", t.line, o.line)
