"""`apply` for the engine-API version floor (codegen/families/versions), past the feature constants
(apply.py places those): hipDNN's computeMinimumEnginePluginApiVersion (plugin SDK
PluginVersionConstants.hpp, id 58744208129) takes one `bool` per feature, keeps one static Version
per feature constant and returns the first set feature's, its checks ordered from the highest version
to the lowest; its two callers pass the flags: GraphDescriptor::buildGraphFromOperations from the
descriptor's own queries (`hasRaggedTensors()`, ...; GraphDescriptor.cpp id 65154537272) and
EnginePluginResourceManager::getApplicableEngineIds from `const bool x = graphDesc->x();` lines
(EnginePluginResourceManager.cpp id 58852536696). For each feature the op brings, this adds the
parameter, the static version, the check at its version's place, the GraphDescriptor query (its
declaration and definition) and both call sites' arguments, each once: a feature whose flag is
already there is left alone, so applying twice changes nothing.

Importing this module adds `register` to apply.REGISTRARS (the apply command imports it).

May import: what codegen/hipdnn/apply.py may import, and apply.py itself.
"""

from __future__ import annotations

import re

from codegen.hipdnn import apply
from codegen.hipdnn.apply import Source, payload
from codegen.pipeline.workspace import Workspace
from codegen.spec.model import OpSpec
from codegen.views import versions

FUNCTION = "computeMinimumEnginePluginApiVersion"


def _blocks(lines: list[str]) -> list[list[str]]:
    """A fragment's blank-line separated blocks."""
    out: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            out[-1].append(line)
        elif out[-1]:
            out.append([])
    return [b for b in out if b]


def _call_end(masked: list[str], row: int, name: str) -> tuple[int, int]:
    """Row and column of the `)` closing the parenthesis opened after `name` on `row`."""
    depth = 0
    col = masked[row].index(name) + len(name)
    for r in range(row, len(masked)):
        text = masked[r]
        for c in range(col if r == row else 0, len(text)):
            if text[c] == "(":
                depth += 1
            elif text[c] == ")":
                depth -= 1
                if depth == 0:
                    return r, c
    raise ValueError(name)


def _statement_start(masked: list[str], row: int) -> int:
    """The first row of the statement or declaration holding `row`."""
    while row > 0:
        above = masked[row - 1].rstrip()
        if not above or above.endswith((";", "{", "}")) or above.lstrip().startswith("#"):
            break
        row -= 1
    return row


def _append_argument(source: Source, row: int, what: str, argument: str) -> None:
    """Add `argument` last to the call or parameter list opened after FUNCTION on `row`; the whole
    statement is rewritten so clang-format lays it out again."""
    masked = apply._mask(source.texts)
    try:
        end, col = _call_end(masked, row, FUNCTION)
    except ValueError:
        raise source.structure(f"the end of {what}", row) from None
    first = _statement_start(masked, row)
    texts = source.texts[first:end + 1]
    last = texts[-1]
    inside = "".join(masked[first:end + 1])
    empty = inside[inside.index(FUNCTION) + len(FUNCTION):].split("(", 1)[1].strip().startswith(")")
    texts[-1] = last[:col] + ("" if empty else ", ") + argument + last[col:]
    del source.lines[first:end + 1]
    source.insert(first, texts)


def _indent(text: str) -> str:
    return text[: len(text) - len(text.lstrip())]


def _function_body(source: Source, masked: list[str], start: int) -> tuple[int, int]:
    """Rows of the `{` and the column-0 `}` of the function whose signature starts on `start`."""
    end, _ = _call_end(masked, start, FUNCTION)
    opening = next((i for i in range(end, len(masked)) if "{" in masked[i]), None)
    closing = next((i for i in range(opening or end, len(masked)) if masked[i].rstrip() == "}"), None) if opening is not None else None
    if opening is None or closing is None:
        raise source.structure(f"the body of {FUNCTION}", start)
    return opening, closing


def _register_function(ws: Workspace, spec: OpSpec, source: Source, constants: tuple[versions.VersionConstant, ...]) -> None:
    masked = apply._mask(source.texts)
    signature = re.compile(rf"\b{FUNCTION}\s*\(")
    start = next((i for i, t in enumerate(masked) if signature.search(t)), None)
    if start is None:
        raise source.structure(f"{FUNCTION}(...), which takes one bool per feature")
    end, _ = _call_end(masked, start, FUNCTION)
    present = set(re.findall(r"\bbool\s+(\w+)", " ".join(masked[start:end + 1])))
    new = [c for c in constants if c.flag not in present]
    if not new:
        return
    for line in payload(ws, spec, "api_version_parameters.inc"):
        flag = line.split()[-1]
        if flag in {c.flag for c in new}:
            _append_argument(source, start, f"{FUNCTION}'s parameters", line.strip())
    masked = apply._mask(source.texts)
    opening, closing = _function_body(source, masked, start)
    body = range(opening + 1, closing)
    statics = [i for i in body if re.search(r"\bstatic\s+const\b.*\bVersion\b", masked[i])]
    if not statics:
        raise source.structure(f"the static Version of each feature in {FUNCTION}", opening)
    after = next(i for i in range(statics[-1], closing) if ";" in masked[i])
    wanted = {c.version_variable for c in new}
    lines = [line for line in payload(ws, spec, "api_version_versions.inc") if (m := re.search(r"\b(s_\w+)\{", line)) and m.group(1) in wanted]
    source.insert(after + 1, [_indent(source.texts[statics[-1]]) + line.strip() for line in lines])
    for constant, block in zip(constants, _blocks(payload(ws, spec, "api_version_checks.inc"))):
        if constant.flag in present:
            continue
        _insert_check(source, start, constant, block)


def _insert_check(source: Source, start: int, constant: versions.VersionConstant, block: list[str]) -> None:
    """Before the first check of a lower version, else after the last check (else before the
    baseline's return): the function returns the first set feature's version."""
    masked = apply._mask(source.texts)
    opening, closing = _function_body(source, masked, start)
    known = apply._version_constants(source)
    statics: dict[str, str] = {}
    for i in range(opening + 1, closing):
        m = re.search(r"\bVersion\s+(s_\w+)\s*\{?", masked[i])
        if m and re.search(r"\bstatic\b", masked[i]):
            text = " ".join(masked[i:i + 3])
            k = re.search(r"\{\s*(K_\w+)\s*\}", text)
            if k:
                statics[m.group(1)] = k.group(1)
    checks: list[tuple[int, int, tuple[int, ...]]] = []  # (if row, closing brace row, version)
    for i in range(opening + 1, closing):
        if re.match(r"\s*if\s*\(\s*\w+\s*\)\s*$", masked[i]):
            ret = next((j for j in range(i, closing) if re.search(r"\breturn\s+(s_\w+)\s*;", masked[j])), None)
            end = next((j for j in range(ret or i, closing) if masked[j].strip() == "}"), None)
            if ret is None or end is None:
                raise source.structure(f"the return and closing brace of the check on line {i + 1} of {FUNCTION}", i)
            returned = re.search(r"\breturn\s+(s_\w+)", masked[ret])
            variable = returned.group(1) if returned else ""
            version = known.get(statics.get(variable, ""), ("0.0.0", 0))[0]
            checks.append((i, end, versions.key(version)))
    mine = versions.key(constant.version)
    lower = next((c for c in checks if c[2] < mine), None)
    if lower is not None:
        row, indent = lower[0], _indent(source.texts[lower[0]])
    elif checks:
        row, indent = checks[-1][1] + 1, _indent(source.texts[checks[-1][0]])
    else:
        baseline = next((i for i in range(closing - 1, opening, -1) if re.match(r"\s*return\b", masked[i])), None)
        if baseline is None:
            raise source.structure(f"the baseline's return in {FUNCTION}", opening)
        row, indent = baseline, _indent(source.texts[baseline])
        block = [*block, ""]
    source.insert(row, [indent + line if line.strip() else line for line in block])


def _register_descriptor(ws: Workspace, spec: OpSpec, header: Source, cpp: Source, constants: tuple[versions.VersionConstant, ...]) -> None:
    """The queries' declarations after the header's last `bool has...() const;`, their definitions
    after the source's last `bool GraphDescriptor::has...() const`, and each passed last to the
    call in buildGraphFromOperations."""
    masked = apply._mask(header.texts)
    declared = {m.group(1) for t in masked for m in [re.search(r"\bbool\s+(\w+)\s*\(\s*\)\s*const\s*;", t)] if m}
    new = [c for c in constants if c.flag not in declared]
    last = max((i for i, t in enumerate(masked) if re.search(r"\bbool\s+has\w+\s*\(\s*\)\s*const\s*;", t)), default=None)
    if last is None:
        raise header.structure("GraphDescriptor's `bool has...() const;` queries")
    lines = [line for line in payload(ws, spec, "graph_descriptor_query_declarations.inc") if any(f" {c.flag}(" in line for c in new)]
    header.insert(last + 1, [_indent(header.texts[last]) + line.strip() for line in lines])
    masked = apply._mask(cpp.texts)
    defined = {m.group(1) for t in masked for m in [re.search(r"\bGraphDescriptor::(\w+)\s*\(\s*\)\s*const\b", t)] if m}
    heads = [i for i, t in enumerate(masked) if re.match(r"bool\s+GraphDescriptor::has\w+\s*\(\s*\)\s*const\s*$", t)]
    if not heads:
        raise cpp.structure("the definitions of GraphDescriptor's `has...() const` queries")
    end = next((i for i in range(heads[-1], len(masked)) if masked[i].rstrip() == "}"), None)
    if end is None:
        raise cpp.structure("the end of the last GraphDescriptor query", heads[-1])
    for constant, block in zip(constants, _blocks(payload(ws, spec, "graph_descriptor_queries.inc"))):
        if constant.flag in defined:
            continue
        cpp.insert(end + 1, ["", *block])
        end += len(block) + 1
    _pass_flags(cpp, [f"{c.flag}()" for c in constants], "GraphDescriptor's call")


def _pass_flags(source: Source, arguments: list[str], what: str) -> None:
    masked = apply._mask(source.texts)
    call = re.compile(rf"\b{FUNCTION}\s*\(")
    row = next((i for i, t in enumerate(masked) if call.search(t)), None)
    if row is None:
        raise source.structure(f"the call of {FUNCTION} ({what})")
    end, _ = _call_end(masked, row, FUNCTION)
    passed = "".join(masked[row:end + 1])
    for argument in arguments:
        if not re.search(rf"\b{re.escape(argument.removesuffix('()'))}\b", passed):
            _append_argument(source, row, f"the call of {FUNCTION} ({what})", argument)


def _register_resource_manager(ws: Workspace, spec: OpSpec, source: Source, constants: tuple[versions.VersionConstant, ...]) -> None:
    """Each flag read from the graph descriptor beside the others, then passed last to the call."""
    masked = apply._mask(source.texts)
    call = next((i for i, t in enumerate(masked) if re.search(rf"\b{FUNCTION}\s*\(", t)), None)
    if call is None:
        raise source.structure(f"the call of {FUNCTION} in the applicability filter")
    reads = [i for i in range(call) if re.match(r"\s*const\s+bool\s+\w+\s*=\s*graphDesc->\w+\s*\(\s*\)\s*;", masked[i])]
    if not reads:
        raise source.structure(f"the `const bool ... = graphDesc->...();` flags before {FUNCTION}", call)
    read = {m.group(1) for i in reads if (m := re.match(r"\s*const\s+bool\s+(\w+)", masked[i]))}
    lines = [line for line in payload(ws, spec, "engine_plugin_resource_manager_flags.inc")
             if (m := re.match(r"\s*const\s+bool\s+(\w+)", line)) and m.group(1) not in read]
    source.insert(reads[-1] + 1, [_indent(source.texts[reads[-1]]) + line.strip() for line in lines])
    _pass_flags(source, [c.flag for c in constants], "the applicability filter")


def register(ws: Workspace, spec: OpSpec, sources: dict[str, Source]) -> None:
    constants = versions.constants(spec)
    if not constants or "plugin_version_constants" not in sources:
        return
    _register_function(ws, spec, sources["plugin_version_constants"], constants)
    if "graph_descriptor_header" in sources and "graph_descriptor_source" in sources:
        _register_descriptor(ws, spec, sources["graph_descriptor_header"], sources["graph_descriptor_source"], constants)
    if "engine_plugin_resource_manager" in sources:
        _register_resource_manager(ws, spec, sources["engine_plugin_resource_manager"], constants)


apply.REGISTRARS.append(register)
