"""What adopting an op reads from hipDNN's shared files, beside its own (adopt_cxx): the op's work
model in the plugin SDK's EngineFeatures.hpp (its nodeFlops overload, or its logicalFlops case
without a counting convention) and its plugin-support rows in docs/OperationSupport.md.

Both are read in hipDNN's form (fork rdoshi-amd's EngineFeatures.hpp, search-index id 70308080706:
`return perElement(tensor(graph, op.x_tensor_uid()), 5.0);`, `return 2.5 * *forward;` after
`const auto forward = attentionFlops(graph, op);`, a leading `if(op.<uid>() || ...) return
std::nullopt;` refusing optional operands; ROCm/rocm-libraries docs/OperationSupport.md id
64635012356: `| Operation | Datatypes | Layouts | Plugin | Notes |`) and in the form `apply` writes
(codegen/families/work: the formula in the overload's `///` comment, checked against its body). What
is in neither form is said for review and left out of the spec, never guessed."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from codegen.spec import expr
from codegen.views.naming import ENGINE_FEATURES

OPERATION_SUPPORT = "docs/OperationSupport.md"
MAX_FILE = 4 * 1024 * 1024


def _read(path: Path) -> str | None:
    try:
        if path.is_file() and path.stat().st_size <= MAX_FILE:
            return path.read_text(encoding="utf-8", errors="replace").replace("\r\n", "\n")
    except OSError:
        return None
    return None


# --- the work model ---------------------------------------------------------------------------------


@dataclass
class Work:
    """The op's `work:` block as the checkout states it (None values: not stated)."""

    flops: str | None = None
    no_counting_convention: str | None = None
    unknown_when: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    @property
    def found(self) -> bool:
        return self.flops is not None or self.no_counting_convention is not None

    def yaml(self) -> list[str]:
        """The block as spec lines (the caller validates it)."""
        from codegen.plumbing import escape

        out = [f"# hipDNN's work model, read from the checkout's {ENGINE_FEATURES}", "work:"]
        if self.flops is not None:
            out.append(f"  flops: {escape.yaml_string(self.flops)}")
        else:
            out.append(f"  no_counting_convention: {escape.yaml_string(self.no_counting_convention or '')}")
        if self.unknown_when:
            out.append(f"  unknown_when: [{', '.join(self.unknown_when)}]")
        return out


def _mask_comments(text: str) -> str:
    """`//` comments blanked (same length, so offsets hold)."""
    return re.sub(r"//[^\n]*", lambda m: " " * len(m.group(0)), text)


def brace_body(text: str, brace: int) -> tuple[str, int] | None:
    """The text between the brace at `brace` and its match, and the index after it."""
    depth = 0
    for i in range(brace, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[brace + 1 : i], i + 1
    return None


def _number(text: str) -> str:
    """A C++ double literal as the spec writes a number: 5.0 -> 5, 2.5 -> 2.5."""
    value = float(text.rstrip("fF"))
    return str(int(value)) if value.is_integer() else repr(value)


def _canon(node: object) -> object:
    if not isinstance(node, expr.Node):
        return node
    value = float(node.value) if node.kind in ("int", "float") else node.value
    return (node.kind if node.kind not in ("int", "float") else "number", value, tuple(_canon(a) for a in node.args))


def _same_formula(a: str, b: str) -> bool:
    try:
        return _canon(expr.parse(a)) == _canon(expr.parse(b))
    except expr.ExprError:
        return False


class _Unread(Exception):
    pass


def _translate(returned: str, locals_: dict[str, str], uid_tensors: dict[str, str], fields: set[str], attention: set[str]) -> str:
    """A nodeFlops `return` expression as a work formula: hipDNN's helpers and the generated
    overload's reads turned into numel(t), t.dims[i], t.rank, fields and attention_flops()."""
    pieces: list[str] = []
    pattern = re.compile(
        r"\s+|(?P<per>perElement\s*\(\s*tensor\s*\(\s*graph\s*,\s*op\.(?P<pf>\w+)\(\)\s*\)\s*,\s*(?P<pn>[0-9.]+[fF]?)\s*\))"
        r"|(?P<att>attentionFlops\s*\(\s*graph\s*,\s*op\s*\))"
        r"|(?P<el>elements\s*\(\s*\*\s*(?P<el_l>\w+)\s*\))"
        r"|(?P<get>static_cast<double>\s*\(\s*(?P<get_l>\w+)->dims\(\)->Get\((?P<get_i>\d+|(?P=get_l)->dims\(\)->size\(\)\s*-\s*\d+)\)\s*\))"
        r"|(?P<rank>static_cast<double>\s*\(\s*(?P<rank_l>\w+)->dims\(\)->size\(\)\s*\))"
        r"|(?P<field>static_cast<double>\s*\(\s*op\.(?P<field_n>\w+)\(\)\s*\))"
        r"|(?P<deref>\*(?P<deref_l>\w+)\b(?!\s*\())"
        r"|(?P<num>[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?[fF]?)"
        r"|(?P<op>[-+*()])"
    )
    at = 0
    text = returned.strip()
    while at < len(text):
        m = pattern.match(text, at)
        if m is None or m.end() == at:
            raise _Unread(text[at:at + 40])
        at = m.end()
        if m["per"]:
            t = uid_tensors.get(m["pf"])
            if t is None:
                raise _Unread(m["per"])
            pieces.append(f"{_number(m['pn'])} * numel({t})")
        elif m["att"]:
            pieces.append("attention_flops()")
        elif m["el"]:
            if m["el_l"] not in locals_:
                raise _Unread(m["el"])
            pieces.append(f"numel({locals_[m['el_l']]})")
        elif m["get"]:
            if m["get_l"] not in locals_:
                raise _Unread(m["get"])
            index = m["get_i"]
            if not index.isdigit():
                index = "-" + index.rsplit("-", 1)[1].strip()
            pieces.append(f"{locals_[m['get_l']]}.dims[{index}]")
        elif m["rank"]:
            if m["rank_l"] not in locals_:
                raise _Unread(m["rank"])
            pieces.append(f"{locals_[m['rank_l']]}.rank")
        elif m["field"]:
            if m["field_n"] not in fields:
                raise _Unread(m["field"])
            pieces.append(m["field_n"])
        elif m["deref"]:
            if m["deref_l"] not in attention:
                raise _Unread(m["deref"])
            pieces.append("attention_flops()")
        elif m["num"]:
            pieces.append(_number(m["num"]))
        elif m["op"]:
            pieces.append(m["op"])
    formula = " ".join(pieces).replace("( ", "(").replace(" )", ")")
    formula = re.sub(r"(^|[(*+] |^)- ", r"\1-", formula)
    return formula


def work(root: Path, table: str, uid_tensors: dict[str, str], optional: set[str], fields: set[str]) -> Work | None:
    """The op's work as the checkout's EngineFeatures.hpp states it: its nodeFlops overload (the
    formula, and the optional tensors whose presence refuses a count) or its logicalFlops case
    without a counting convention (the comment above it, the reason). `uid_tensors` maps each
    tensor's UID accessor (`x_tensor_uid`) to its name. None when the file is absent."""
    text = _read(root / ENGINE_FEATURES)
    if text is None:
        return None
    out = Work()
    masked = _mask_comments(text)
    head = re.search(
        rf"inline\s+std::optional<double>\s+nodeFlops\s*\(\s*const\s+Graph\s*&\s*\w+\s*,\s*const\s+(?:\w+::)*{re.escape(table)}\s*&\s*op\s*\)\s*\{{",
        masked,
    )
    if head is not None:
        line = text.count("\n", 0, head.start()) + 1
        found = brace_body(masked, head.end() - 1)
        where = f"{ENGINE_FEATURES}:{line}"
        if found is None:
            out.lines.append(f"work: nodeFlops for {table} ({where}) has no end: left out, review")
            return out
        body = found[0]
        try:
            flops, unknown = _overload(body, uid_tensors, optional, fields)
        except _Unread as exc:
            out.lines.append(f"work: nodeFlops for {table} ({where}) is in no form adoption reads ({str(exc).strip()}...): left out, review")
            return out
        documented = _doc_formula(text, head.start())
        if documented is not None and _same_formula(documented, flops):
            flops = documented  # the generated overload's own spelling of the formula
        out.flops, out.unknown_when = flops, unknown
        out.lines.append(f"work: {flops}" + (f", unknown with {', '.join(unknown)}" if unknown else "") + f" (nodeFlops for {table}, {where})")
        return out
    case = re.search(rf"\bcase\s+NodeAttributes::{re.escape(table)}\s*:", masked)
    if case is None:
        out.lines.append(f"work: {ENGINE_FEATURES} has no nodeFlops overload and no logicalFlops case for {table}: no work block")
        return out
    following = masked[case.end():]
    nxt = re.match(r"\s*(return\s+flopsOf|case\s|default\s*:)", following)
    if nxt is not None and nxt.group(1).startswith("return"):
        out.lines.append(f"work: {table} is counted in logicalFlops but {ENGINE_FEATURES} has no nodeFlops overload for it: no work block")
        return out
    line = text.count("\n", 0, case.start()) + 1
    out.no_counting_convention = _case_reason(text, case.start(), table) or f"hipDNN's logicalFlops lists {table} without a counting convention ({ENGINE_FEATURES}:{line})"
    out.lines.append(f"work: no counting convention ({ENGINE_FEATURES}:{line}): {out.no_counting_convention}")
    return out


def _overload(body: str, uid_tensors: dict[str, str], optional: set[str], fields: set[str]) -> tuple[str, list[str]]:
    """(formula, unknown_when) of a nodeFlops body in hipDNN's or the generated form."""
    statements = body.strip()
    unknown: list[str] = []
    refuse = re.match(r"if\s*\(\s*((?:op\.\w+\(\)\s*(?:\|\|\s*)?)+)\)\s*\{\s*return\s+std::nullopt\s*;\s*\}", statements)
    if refuse is not None:
        for accessor in re.findall(r"op\.(\w+)\(\)", refuse.group(1)):
            t = uid_tensors.get(accessor)
            if t is None or t not in optional:
                raise _Unread(refuse.group(0))
            unknown.append(t)
        statements = statements[refuse.end():].strip()
    locals_: dict[str, str] = {}
    attention: set[str] = set()
    returned = None
    for statement in _statements(statements):
        if m := re.fullmatch(r"const\s+auto\s*\*\s*(\w+)\s*=\s*tensor\s*\(\s*graph\s*,\s*op\.(\w+)\(\)\s*\)\s*;", statement):
            if m[2] not in uid_tensors:
                raise _Unread(statement)
            locals_[m[1]] = uid_tensors[m[2]]
        elif m := re.fullmatch(r"const\s+auto\s+(\w+)\s*=\s*attentionFlops\s*\(\s*graph\s*,\s*op\s*\)\s*;", statement):
            attention.add(m[1])
        elif re.fullmatch(r"if\s*\((?:\s*(?:\|\|\s*)?!\s*(?:shaped\s*\(\s*\w+\s*,\s*\d+\s*\)|\w+))+\s*\)\s*\{\s*return\s+std::nullopt\s*;\s*\}", statement):
            pass  # a refusal of an unshaped read or an unknown attention count: the formula's own rule
        elif m := re.fullmatch(r"return\s+(.+);", statement, re.S):
            if returned is not None:
                raise _Unread(statement)
            returned = m[1]
        else:
            raise _Unread(statement)
    if returned is None:
        raise _Unread("no return")
    return _translate(returned, locals_, uid_tensors, fields, attention), unknown


def _statements(text: str) -> list[str]:
    """A body's top-level statements: `...;` or `if(...) { ... }`."""
    out: list[str] = []
    at = 0
    while at < len(text):
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text):
            break
        if text.startswith("if", at):
            brace = text.find("{", at)
            found = brace_body(text, brace) if brace >= 0 else None
            if found is None:
                raise _Unread(text[at:])
            out.append(re.sub(r"\s+", " ", text[at:found[1]]).strip())
            at = found[1]
            continue
        end = text.find(";", at)
        if end < 0:
            raise _Unread(text[at:])
        out.append(re.sub(r"\s+", " ", text[at:end + 1]).strip())
        at = end + 1
    return out


def _doc_formula(text: str, start: int) -> str | None:
    """The formula the generated overload's `///` comment states (`/// \\`5 * numel(x)\\`.`)."""
    before = text[:start].rstrip("\n").rsplit("\n", 1)[-1].strip()
    m = re.match(r"///\s*`([^`]+)`", before)
    return m[1] if m else None


def _case_reason(text: str, start: int, table: str) -> str | None:
    """The comment above an uncounted case (the generated `// <Table>: <reason>`, or hipDNN's
    comment over its group of cases without a counting convention)."""
    lines = text[:start].split("\n")[:-1]
    comment: list[str] = []
    for line in reversed(lines):
        stripped = line.strip()
        if stripped.startswith("//"):
            comment.insert(0, stripped.lstrip("/").strip())
        elif re.fullmatch(r"case\s+NodeAttributes::\w+\s*:", stripped) and not comment:
            continue  # another case of the same group
        else:
            break
    if not comment:
        return None
    reason = " ".join(comment)
    return reason.removeprefix(f"{table}:").strip() or None


# --- plugin support ---------------------------------------------------------------------------------


SYNONYMS = {"bwd": "backward", "fwd": "forward"}
PHASES = ("training", "forward")  # a forward op's row may name its phase (batchnorm's "Batchnorm Training")


def _op_words(words: list[str]) -> list[str]:
    return [SYNONYMS.get(w, w) for w in words if w]


def support(root: Path, op: str) -> tuple[list[dict[str, object]], list[str]] | None:
    """The rows of the checkout's docs/OperationSupport.md whose Operation names the op (its
    words, BWD/BACKWARD alike; a forward op's row may add Training or Forward; a fused graph's
    `A + B` row names none), as `support` entries, and lines for review. None without the page."""
    text = _read(root / OPERATION_SUPPORT)
    if text is None:
        return None
    header: list[str] | None = None
    rows: list[dict[str, object]] = []
    lines: list[str] = []
    mine = _op_words(op.lower().split("_"))
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip().startswith("|"):
            header = None if not line.strip() else header
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = [c.lower() for c in cells]
            continue
        if all(re.fullmatch(r":?-+:?", c) for c in cells):
            continue
        if header[:5] != ["operation", "datatypes", "layouts", "plugin", "notes"] or len(cells) != 5:
            continue
        name = cells[0]
        if "+" in name:
            continue
        words = _op_words(re.split(r"[\s_-]+", name.lower()))
        if words and words[-1] in PHASES and not any(w in ("backward", "inference") for w in mine):
            words = words[:-1]
        if words != mine:
            continue
        split = lambda cell: [x.strip() for x in cell.split(",") if x.strip()]  # noqa: E731
        rows.append({"operation": name, "plugin": cells[3], "data_types": split(cells[1]), "layouts": split(cells[2]), "notes": cells[4]})
        lines.append(f"support: {name} by {cells[3]} ({OPERATION_SUPPORT}:{number})")
    if not rows:
        lines.append(f"support: no row of {OPERATION_SUPPORT} names the op: no plugin implements it")
    return rows, lines


def support_yaml(rows: list[dict[str, object]]) -> list[str]:
    from codegen.plumbing import escape

    def seq(values: object) -> str:
        return "[" + ", ".join(escape.yaml_string(str(v)) for v in values) + "]"  # type: ignore[attr-defined]

    out = [f"# rows of the checkout's {OPERATION_SUPPORT}: the plugins that implement the op", "support:"]
    for row in rows:
        parts = [
            f"operation: {escape.yaml_string(str(row['operation']))}",
            f"plugin: {escape.yaml_string(str(row['plugin']))}",
            f"data_types: {seq(row['data_types'])}",
            f"layouts: {seq(row['layouts'])}",
        ]
        if row["notes"]:
            parts.append(f"notes: {escape.yaml_string(str(row['notes']))}")
        out.append("  - {" + ", ".join(parts) + "}")
    return out
