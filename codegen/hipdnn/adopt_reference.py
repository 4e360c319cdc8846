"""The CPU reference's data types and call, read from a checkout's test SDK (for `add-op
--hipdnn-root`): the spec's `dtypes:` and `reference:` keys.

hipDNN registers a CPU reference per op in test_sdk/include/hipdnn_test_sdk/utilities/
cpu_graph_executor/detail/: `<Stem>SignatureKey.hpp` (found by its `attributes_as_<Table>()`) and
`<Stem>Plan.hpp`. What is read, and where:

- the groups: the plan builder's template parameters (`<G>DataTypeEnum`, in order; `Compute` is the
  compute type), each group's tensors from its `CHECK_TENSOR_TYPE`/`CHECK_OPTIONAL_TENSOR_TYPE`
  calls (by the schema's `<tensor>_tensor_uid`); a group of one tensor is named after it, a group of
  several after its key field (`ScaleBias` -> scale_bias); `member` when the parameter spells the
  group otherwise (LayernormBprop's `YDataTypeEnum` checks dy: member y); a template parameter the key has no
  `<g>DataType` field for is `keyed: false`; no `computeDataType` field is `compute: false`;
- `when_absent`: the key's node constructor giving one field another's type in an `else` branch;
- `unchecked`: the op's tensors no check constrains, in the schema's order;
- `combinations`: the `addPlanBuilder<...>` calls of `getPlanBuilders()`, in order;
- `reference` (only for an op whose Python reference this tool ships, codegen/spec/references/):
  the reference call in the plan's `execute()` (`utilities::<Class>::<function><T...>(args)`),
  `key_node` when the key's `nodeType` names another union member than the op's table, its
  header from the plan's includes, a scalar argument's value when absent from its local's
  initializer, and the golden shapes by the rule in `golden()`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from codegen.hipdnn import cxx_api

DETAIL = Path("test_sdk/include/hipdnn_test_sdk/utilities/cpu_graph_executor/detail")
MAX_KEY_FILES = 256  # signature-key headers looked at in one checkout
GOLDEN_BASE = (2, 3, 4)  # the golden shape of the tensor the others conform to (see golden())


@dataclass
class Reference:
    dtypes: list[str] = field(default_factory=list)  # the `dtypes:` block's YAML lines (empty: none read)
    reference: list[str] = field(default_factory=list)  # the `reference:` block's YAML lines
    lines: list[str] = field(default_factory=list)  # review lines


def _snake(camel: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", camel).lower()


def _squash(name: str) -> str:
    return name.replace("_", "").lower()


def _find_key(root: Path, table: str) -> tuple[Path, str] | None:
    """The signature-key header naming the op's table, and its stem (`LayernormBprop`)."""
    folder = root / DETAIL
    if not folder.is_dir():
        return None
    try:
        names = sorted(p for p in folder.iterdir() if p.name.endswith("SignatureKey.hpp"))[:MAX_KEY_FILES]
    except OSError:
        return None
    for path in names:
        text = cxx_api.read_source(path)
        if text is not None and re.search(rf"\battributes_as_{re.escape(table)}\s*\(", text):
            stem = path.name[: -len("SignatureKey.hpp")]
            if stem and stem != "PlanRegistry":
                return path, stem
    return None


def _enum_group(parameter: str) -> str | None:
    """`ScaleBiasDataTypeEnum` -> `ScaleBias` (None: not a data-type parameter)."""
    match = re.fullmatch(r"(\w+?)DataType(?:Enum)?", parameter)
    return match[1] if match else None


def read(root: Path, op: str, table: str, tensors: list[tuple[str, str]], fields: list[str], schema_order: list[str],
         rules: list[tuple[str, list[str] | str]]) -> Reference | None:
    """`tensors`: (name, UID field) of each single tensor; `schema_order` the table's order of
    tensors and fields; `rules` the draft's rules (for the golden shapes). None: the checkout has no
    signature key for the table."""
    found = _find_key(root, table)
    if found is None:
        return None
    key_path, stem = found
    out = Reference()
    key_text = cxx_api.read_source(key_path) or ""
    plan_text = cxx_api.read_source(key_path.with_name(f"{stem}Plan.hpp")) or ""
    where = f"{DETAIL}/{stem}SignatureKey.hpp"  # in the checkout
    key_cls = cxx_api.parse(key_text).cls(f"{stem}SignatureKey")
    parameters = cxx_api.template_parameters(key_text, "addPlanBuilder")
    internals = cxx_api.class_internals(key_text, f"{stem}SignatureKey")
    builder = cxx_api.class_internals(plan_text, f"{stem}PlanBuilder")
    if key_cls is None or not parameters or internals is None or builder is None:
        out.lines.append(f"{where}: no signature key, addPlanBuilder template or {stem}PlanBuilder read; no dtypes (review)")
        return out
    key_fields = [m.name[: -len("DataType")] for m in key_cls.members if m.name.endswith("DataType") and m.name != "nodeType"]
    groups = [g for g in (_enum_group(p) for p in parameters) if g is not None]
    if len(groups) != len(parameters):
        out.lines.append(f"{where}: addPlanBuilder's template parameters are not all <G>DataTypeEnum; no dtypes (review)")
        return out
    by_uid = {uid: name for name, uid in tensors}
    members: dict[str, list[str]] = {g: [] for g in groups}
    checks = "".join(body for name, overloads in builder.bodies.items() if name == "isApplicable" for _, body in overloads)
    for uid, enum in re.findall(r"CHECK_(?:OPTIONAL_)?TENSOR_TYPE\(\w+,\w+->(\w+)\(\),(\w+)\)", checks):
        group = _enum_group(enum)
        if group in members and uid in by_uid and by_uid[uid] not in members[group]:
            members[group].append(by_uid[uid])
    compute = "Compute" in groups
    typed = [g for g in groups if g != "Compute"]
    if any(not members[g] for g in typed):
        out.lines.append(f"{where}: no tensor checked against {', '.join(g for g in typed if not members[g])}; no dtypes (review)")
        return out
    names = {g: members[g][0] if len(members[g]) == 1 else _snake(g) for g in typed}
    names["Compute"] = "compute"
    field_group = {_squash(k): g for g in groups for k in (g, g[:1].lower() + g[1:])}
    absent: dict[str, str] = {}
    for overloads in internals.bodies.get(f"{stem}SignatureKey", ()):
        for target, source in re.findall(r"else\{[^{}]*?\b(\w+)DataType=(\w+)DataType;", overloads[1]):
            if _squash(target) in field_group and _squash(source) in field_group:
                if field_group[_squash(source)] == "Compute":  # the spec's when_absent names a group only
                    out.lines.append(f"{where}: {target} takes the compute type when its tensors are absent; no when_absent (review)")
                else:
                    absent[field_group[_squash(target)]] = names[field_group[_squash(source)]]
    combinations: list[list[str]] = []
    for body in (b for _, b in internals.bodies.get("getPlanBuilders", ())):
        for args in re.findall(r"addPlanBuilder<([^<>]*)>\(\w+\)", body):
            values = [a.rsplit("::", 1)[-1] for a in args.split(",")]
            if len(values) == len(groups):
                combinations.append(values)
    if not combinations:
        out.lines.append(f"{where}: getPlanBuilders() registers no combination read; no dtypes (review)")
        return out
    keyed = {_squash(k) for k in key_fields}
    grouped = {t for g in typed for t in members[g]}
    unchecked = [n for n in schema_order if n in by_uid.values() and n not in grouped]
    lines = ["# The CPU reference's data types, read from the checkout's test SDK (" + f"{stem}SignatureKey.hpp, {stem}Plan.hpp)", "dtypes:", "  groups:"]
    for g in typed:
        extra = (f", when_absent: {absent[g]}" if g in absent else "") + (", keyed: false" if _squash(g) not in keyed else "")
        extra += f", member: {_snake(g)}" if _squash(g) != _squash(names[g]) else ""
        lines.append(f"    - {{name: {names[g]}, tensors: [{', '.join(members[g])}]{extra}}}")
    if unchecked:
        lines.append(f"  unchecked: [{', '.join(unchecked)}]")
    if not compute:
        lines.append("  compute: false")
    lines.append("  combinations:")
    for values in combinations:
        lines.append("    - {" + ", ".join(f"{names[g]}: {v}" for g, v in zip(groups, values)) + "}")
    out.dtypes = lines
    out.lines.append(f"dtypes from {stem}SignatureKey.hpp and {stem}Plan.hpp: {len(typed)} groups, {len(combinations)} combinations")
    node = re.search(r"\bNodeAttributes\s+nodeType\s*=\s*[\w:]*?NodeAttributes::(\w+)\s*;", key_text)
    key_node = node[1] if node is not None and node[1] != table else None
    out.reference, said = _reference(op, stem, plan_text, names, [n for n, _ in tensors], fields, unchecked, rules, members, typed, key_node)
    out.lines += said
    return out


def _reference(op: str, stem: str, plan: str, names: dict[str, str], tensors: list[str], fields: list[str], unchecked: list[str],
               rules: list[tuple[str, list[str] | str]], members: dict[str, list[str]], typed: list[str],
               key_node: str | None = None) -> tuple[list[str], list[str]]:
    """The `reference:` block (empty with a review line when it cannot be written)."""
    from codegen.spec import references

    if not (Path(references.__file__).parent / f"{op}.py").is_file():
        return [], [f"no reference key: hipdnn-codegen ships no Python reference for {op} (codegen/spec/references/)"]
    internals = cxx_api.class_internals(plan, f"{stem}Plan")
    body = "".join(b for _, b in internals.bodies.get("execute", ())) if internals is not None else ""
    call = re.search(r"utilities::(\w+)::(\w+)<([^<>]*)>\((.*?)\);", body)
    if call is None:
        return [], [f"{stem}Plan.hpp: no utilities::<Class>::<function><...>(...) call read in execute(); no reference key (review)"]
    by_type = {f"{g}DataType": names[g] for g in names}
    template = [by_type.get(t) for t in call[3].split(",")]
    args: list[str] = []
    scalars: dict[str, str] = {}
    squashed = {_squash(n): n for n in [*tensors, *fields]}
    for arg in (a.strip("*") for a in call[4].split(",")):
        match = re.fullmatch(r"shallow(\w+)Tensor(?:\.get\(\))?|_params\.(\w+)|(\w+)", arg)
        name = squashed.get(_squash(next(g for g in match.groups() if g))) if match else None
        if name is None:
            return [], [f"{stem}Plan.hpp: reference argument {arg!r} names no tensor or field; no reference key (review)"]
        args.append(name)
        local = re.search(rf"\b(?:double|float) ?{re.escape(arg)}=([-+]?[0-9.]+(?:[eE][-+]?[0-9]+)?)f?;", body) if match and match[3] else None
        if local is not None and name in unchecked:
            scalars[name] = local[1]
    header = re.search(rf"#include\s*[<\"]([A-Za-z0-9_/]*/{re.escape(call[1])}\.hpp)[>\"]", plan)
    if None in template or header is None:
        return [], [f"{stem}Plan.hpp: the reference call's template arguments or header not read; no reference key (review)"]
    lines = [f"# The CPU reference, read from the checkout's {stem}Plan.hpp (its call in execute())", "reference:", f"  stem: {stem}",
             *([f"  key_node: {key_node}  # the key's nodeType, not the op's own table"] if key_node else []), f"  python: {op}",
             f"  class: {call[1]}", f"  function: {call[2]}", f"  header: {header[1]}", f"  template_args: [{', '.join(str(t) for t in template)}]",
             f"  args: [{', '.join(args)}]"]
    if scalars:
        from codegen.hipdnn.scaffold import yaml_value

        lines.append("  scalars: {" + ", ".join(f"{k}: {yaml_value(float(v))}" for k, v in scalars.items()) + "}")
    shapes = golden([t for g in typed for t in members[g]], rules)
    said = [f"reference from {stem}Plan.hpp: {call[1]}::{call[2]}"]
    if shapes is None:
        said.append("no golden shapes: the rules do not give every typed tensor a shape from one conformance target (add reference.golden)")
    else:
        dims, counts = shapes
        order = [t for t in tensors if t in dims]
        lines += ["  # golden shapes by adoption's rule (the conformance target [2, 3, 4], its split one batch dim)", "  golden:",
                  "    tensors: {" + ", ".join(f"{t}: [{', '.join(map(str, dims[t]))}]" for t in order) + "}"]
        if counts:
            lines.append("    fields: {" + ", ".join(f"{k}: {v}" for k, v in counts.items()) + "}")
    return lines, said


def golden(typed: list[str], rules: list[tuple[str, list[str] | str]]) -> tuple[dict[str, list[int]], dict[str, int]] | None:
    """The golden-vector test's shapes, from the spec's rules: the tensor every `conforms` rule
    conforms to takes GOLDEN_BASE (three distinct dims, so a transposed or misbroadcast reference
    differs), a split field takes its rank minus one (one batch dim, the rest normalized: both parts
    non-trivial), a tensor that keeps the trailing dims is ones before them, one that keeps the leading
    dims ones after them, and `same_shape` groups share a shape. None when a typed tensor is left
    without a shape (the spec then states its golden shapes)."""
    import yaml

    conforms: list[dict[str, str]] = []
    for kind, value in rules:
        if kind == "conforms" and isinstance(value, str):
            try:
                parsed = yaml.safe_load(value)
            except yaml.YAMLError:
                return None
            if isinstance(parsed, dict):
                conforms.append({str(k): str(v) for k, v in parsed.items()})
    targets = {c.get("to") for c in conforms}
    if len(targets) != 1:
        return None
    target = str(targets.pop())
    dims: dict[str, list[int]] = {target: list(GOLDEN_BASE)}
    counts: dict[str, int] = {}
    for c in conforms:
        split = c.get("split")
        if split is None:
            return None
        counts[split] = len(GOLDEN_BASE) - 1
        kept = counts[split] if c.get("keeps") == "trailing" else len(GOLDEN_BASE) - counts[split]
        base = list(GOLDEN_BASE)
        dims[c["tensor"]] = [1] * (len(base) - kept) + base[len(base) - kept:] if c.get("keeps") == "trailing" else base[:kept] + [1] * (len(base) - kept)
    groups = [list(v) for k, v in rules if k == "same_shape" and isinstance(v, list)]
    for _ in range(len(groups) + 1):  # a shape spreads through the groups that share one
        for g in groups:
            known = next((dims[t] for t in g if t in dims), None)
            if known is not None:
                for t in g:
                    dims.setdefault(t, known)
    if any(t not in dims for t in typed):
        return None
    return {t: dims[t] for t in typed}, counts
