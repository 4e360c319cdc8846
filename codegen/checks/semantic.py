"""Checks inside one spec that JSON Schema cannot express. Cross-spec checks live in `collisions`."""

from __future__ import annotations

import difflib
import json
import math
import re
from collections import defaultdict
from typing import Any, Callable, Iterable, Iterator

from codegen.spec import dtypes, expr, work
from codegen.views import naming, nodecheck, testplan
from codegen.diagnostics import rules
from codegen.diagnostics.diagnostics import Diagnostic, Fix, Loc, Note
from codegen.spec.model import NONE, UID_MARK, WORK_MARK, Conforms, Field, OpSpec, Rule, Span, Tensor, TestField, TestTensor


def check_op_id(op: str, loc: Loc) -> Iterator[Diagnostic]:
    if not naming.OP_ID.match(op):
        yield rules.SPEC_OP_NAME(
            loc, f"op id '{op}' (the file name) must be snake_case, e.g. layernorm_bwd.yaml"
        )
    elif op in naming.RESERVED_OP_IDS:
        yield rules.SPEC_OP_NAME(loc, f"'{op}.yaml' is a reserved file name (registry or waivers), not an op")
    elif reason := naming.reserved_reason(op):
        yield rules.SPEC_OP_NAME(loc, f"op id '{op}' is {reason}; pick another file name")


def check_spec(spec: OpSpec) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for check in (_skeleton, _names, _ids, _rules, _declared_checks, _formulas, _work, _node_rules, _satisfiable, _enums, _schema_layout, _retired, _operands, _since, _field_values, _test_data, _frontend, _frontend_vocabulary, _cudnn, dtypes.check_spec):
        found.extend(check(spec))
    return found


def _skeleton(spec: OpSpec) -> Iterator[Diagnostic]:
    if spec.skeleton:
        tensors = ", ".join(t.name for t in spec.all_tensors)
        todo = [what for what, missing in (("fields", not spec.fields), ("rules", not spec.rules)) if missing]
        also = f"; it has no {' or '.join(todo)} yet" if todo else ""
        yield rules.SPEC_SKELETON(
            spec.span.at("skeleton"),
            f"an unedited skeleton from add-op, not yet the op (nothing is generated or applied from it): replace its "
            f"tensors ({tensors}) with the op's own and fill in fields, rules and test_data{also}; then delete the `skeleton: true` line",
            fix=Fix("edit the spec's tensors, fields, rules and test_data into the op's own, then delete the `skeleton: true` line"),
        )


def _rename(name: str, close: list[str], exact: bool = False) -> Fix | None:
    """The fix behind a "did you mean" hint; `exact`: the finding's region is the name itself."""
    if not close:
        return None
    return Fix(f"replace '{name}' with '{close[0]}'", replacement=close[0] if exact else None)


def _duplicates(
    items: Iterable[tuple[Any, Span]], report: Callable[[Any, Span, Span], Diagnostic]
) -> Iterator[Diagnostic]:
    """Report every later occurrence of a key against its first occurrence."""
    first: dict[Any, Span] = {}
    for key, span in items:
        if key in first:
            yield report(key, span, first[key])
        else:
            first[key] = span


def _names(spec: OpSpec) -> Iterator[Diagnostic]:
    named = [(t.name, t.span) for t in spec.all_tensors] + [(f.name, f.span) for f in (*spec.fields, *spec.retired)]
    yield from _duplicates(
        named,
        lambda name, span, first: rules.SPEC_DUPLICATE_NAME(
            span.at("name"), f"name '{name}' is already used", Note("first used here", first.at("name"))
        ),
    )
    fields = {f.name for f in spec.fields}
    for name, span in named:
        if reason := naming.reserved_reason(name, bare_in_cpp=name in fields, bare_in_python=name in fields):
            yield rules.SPEC_RESERVED_IDENTIFIER(
                span.at("name"), f"'{name}' is {reason}; rename it (e.g. '{name}_value')", fix=Fix(f"rename '{name}' (e.g. to '{name}_value')")
            )
    yield from _duplicates(
        ((a.name, a.span) for a in spec.numbered()),
        lambda name, span, first: rules.SPEC_DUPLICATE_ATTRIBUTE(
            span.at("attribute"),
            f"attribute {name} is already used in this spec",
            Note("first used here", first.at("attribute")),
        ),
    )


def next_free_id(spec: OpSpec, taken: set[int]) -> int | None:
    low, high = spec.attribute_range
    return next((i for i in range(low, high + 1) if i not in taken), None)


def _ids(spec: OpSpec) -> Iterator[Diagnostic]:
    low, high = spec.attribute_range
    if low > high:
        yield rules.SPEC_RANGE_ORDER(
            spec.range_span.loc,
            f"attribute_range [{low}, {high}] is empty; write [{high}, {low}]?",
            fix=Fix(f"write [{high}, {low}]", replacement=f"[{high}, {low}]"),
        )
        return
    attributes = list(spec.numbered())  # retired slots' tombstones included
    taken = {a.id for a in attributes} | (spec.damage.ids if spec.damage else frozenset())
    free = next_free_id(spec, taken)
    fix = f"; the next free ID in [{low}, {high}] is {free}" if free is not None else "; the range is full"
    use_free = Fix(f"use the next free ID {free}", replacement=str(free)) if free is not None else None
    yield from _duplicates(
        ((a.id, a.span) for a in attributes),
        lambda value, span, first: rules.SPEC_DUPLICATE_ID(
            span.at("id"), f"attribute ID {value} is already used in this spec{fix}", Note("first used here", first.at("id")), fix=use_free
        ),
    )
    for a in attributes:
        if not low <= a.id <= high:
            yield rules.SPEC_ID_OUT_OF_RANGE(
                a.span.at("id"),
                f"{a.name} = {a.id} lies outside attribute_range [{low}, {high}]{fix}",
                Note("range declared here", spec.range_span.loc),
                fix=use_free,
            )


def _list_named(spec: OpSpec, name: str, loc: Loc, what: str) -> Diagnostic:
    declared = next(t for t in spec.tensor_lists if t.name == name)
    return rules.SPEC_RULE_TENSOR_LIST(
        loc,
        f"{what} names '{name}', a tensor list; rules, inference and conformance apply to single tensors",
        Note(f"'{name}' declared here", declared.span.loc),
    )


def _rules(spec: OpSpec) -> Iterator[Diagnostic]:
    tensors = {t.name: t for t in spec.tensors}
    lists = {t.name for t in spec.tensor_lists}
    for rule in spec.rules:
        loc = rule.span.loc
        seen: set[str] = set()
        for name in rule.tensors:
            if name in seen:
                yield rules.SPEC_RULE_REPEATED_TENSOR(loc, f"{rule.kind.name} names '{name}' twice")
            seen.add(name)
            tensor = tensors.get(name)
            if name in lists:
                yield _list_named(spec, name, loc, rule.kind.name)
            elif tensor is None:
                close = difflib.get_close_matches(name, sorted(tensors), n=1, cutoff=0.6)
                hint = f"; did you mean '{close[0]}'?" if close else f"; tensors are: {', '.join(tensors)}"
                yield rules.SPEC_RULE_UNKNOWN_TENSOR(loc, f"{rule.kind.name} names unknown tensor '{name}'{hint}", fix=_rename(name, close))
            elif rule.kind.presence and tensor.required:
                yield rules.SPEC_RULE_REQUIRED_TENSOR(
                    loc,
                    f"{rule.kind.name} names required tensor '{name}'; presence rules apply to "
                    f"optional tensors (mark it 'optional: true' or drop it from the rule)",
                    Note(f"'{name}' declared here", tensor.span.loc),
                )


INTEGER_TYPES = ("int64", "int32")


def _unknown_tensor(spec: OpSpec, name: str, loc: Loc, what: str) -> Iterator[Diagnostic]:
    known = [t.name for t in spec.tensors]
    if name in {t.name for t in spec.tensor_lists}:
        yield _list_named(spec, name, loc, what)
    elif name not in known:
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        hint = f"; did you mean '{close[0]}'?" if close else f"; tensors are: {', '.join(known)}"
        yield rules.SPEC_RULE_UNKNOWN_TENSOR(loc, f"{what} names unknown tensor '{name}'{hint}", fix=_rename(name, close))


def _integer_field(spec: OpSpec, name: str, loc: Loc, what: str) -> Iterator[Diagnostic]:
    fields = {f.name: f for f in spec.fields}
    field = fields.get(name)
    if field is None:
        close = difflib.get_close_matches(name, sorted(fields), n=1, cutoff=0.6)
        hint = f"; did you mean '{close[0]}'?" if close else (f"; fields are: {', '.join(fields)}" if fields else "; the op has no fields")
        yield rules.SPEC_RULE_FIELD(loc, f"{what} names unknown field '{name}'{hint}", fix=_rename(name, close))
    elif field.type.name not in INTEGER_TYPES:
        yield rules.SPEC_RULE_FIELD(
            loc, f"{what} names field '{name}' of type {field.type.name}; it must be an int64 or int32 field",
            Note(f"'{name}' declared here", field.span.at("type")),
        )


def _node_rules(spec: OpSpec) -> Iterator[Diagnostic]:
    """field_range, conforms and inference: the vocabulary the frontend node is compiled from."""
    for r in spec.field_ranges:
        loc = r.span.loc
        yield from _integer_field(spec, r.field, loc, "field_range")
        for bound in (r.min, r.max):
            if bound is not None and bound.rank_of is not None:
                yield from _unknown_tensor(spec, bound.rank_of, loc, f"field_range bound '{bound.text}'")
        if r.min is not None and r.max is not None and r.min.rank_of == r.max.rank_of:
            low, high = (r.min.constant or 0) + r.min.offset, (r.max.constant or 0) + r.max.offset
            if low > high:
                yield rules.SPEC_RULE_BOUNDS(loc, f"field_range of '{r.field}' needs {r.min.text} <= {r.field} <= {r.max.text}, which no value meets; swap min and max?")
    splits = {(c.tensor, c.to, c.split) for c in spec.conformance}
    for c in spec.conformance:
        loc = c.span.loc
        for name in (c.tensor, c.to) + ((c.same_form_as,) if c.same_form_as else ()):
            yield from _unknown_tensor(spec, name, loc, "conforms")
        yield from _integer_field(spec, c.split, loc, "conforms split")
        if c.tensor == c.to:
            yield rules.SPEC_RULE_REPEATED_TENSOR(loc, f"conforms names '{c.tensor}' twice (tensor and to)")
        elif c.same_form_as == c.tensor:
            yield rules.SPEC_RULE_REPEATED_TENSOR(loc, f"conforms names '{c.tensor}' twice (tensor and same_form_as)")
        elif c.same_form_as and (c.same_form_as, c.to, c.split) not in splits:
            yield rules.SPEC_RULE_SAME_FORM(
                loc,
                f"same_form_as '{c.same_form_as}' needs its own conforms rule against '{c.to}' split by '{c.split}'; "
                f"add one, or drop same_form_as",
            )
    first: dict[str, Span] = {}
    for i in spec.inferences:
        loc = i.span.loc
        if i.kind == "tensor":
            yield from _unknown_tensor(spec, i.target, i.span.at("tensor"), "inference")
        else:
            yield from _integer_field(spec, i.target, i.span.at("field"), "inference")
        yield from _unknown_tensor(spec, i.source, i.span.at("from"), "inference")
        if i.target == i.source:
            yield rules.SPEC_INFER_CONFLICT(loc, f"'{i.target}' is inferred from itself")
        elif i.target in first:
            yield rules.SPEC_INFER_CONFLICT(loc, f"'{i.target}' is already inferred", Note("first inferred here", first[i.target].loc))
        else:
            first[i.target] = i.span


def _node_rules_known(spec: OpSpec) -> bool:
    """Whether every name the node rules use exists (so test data can be evaluated against them)."""
    tensors = {t.name for t in spec.tensors}
    ints = {f.name for f in spec.fields if f.type.name in INTEGER_TYPES}
    for r in spec.field_ranges:
        if r.field not in ints or any(b is not None and b.rank_of is not None and b.rank_of not in tensors for b in (r.min, r.max)):
            return False
    for c in spec.conformance:
        if {c.tensor, c.to, c.same_form_as or c.tensor} - tensors or c.split not in ints:
            return False
    known = expr.compiled_checks(spec) is not None and expr.compiled_formulas(spec) is not None
    return all(r.tensors and set(r.tensors) <= tensors for r in spec.rules) and known and all(f.target in tensors for f in spec.formulas)


_EXPR_RULES = {
    expr.SYNTAX: rules.SPEC_EXPR_SYNTAX, expr.UNKNOWN: rules.SPEC_EXPR_NAME, expr.TYPE: rules.SPEC_EXPR_TYPE,
    expr.COMPLEX: rules.SPEC_EXPR_COMPLEX, expr.NEVER: rules.SPEC_EXPR_NEVER,
}


def _declared_checks(spec: OpSpec) -> Iterator[Diagnostic]:
    """Each declared check's expressions parse and type-check (one finding per bad expression);
    ids are unique and name tests no other check names; backend checks read only presence and fields."""
    taken = {c.name for c in nodecheck.builtin_checks(spec)} | {nodecheck.check_word(c.id) for c in spec.checks if c.origin is not None}
    seen: dict[str, Span] = {}
    for check in spec.checks:
        if check.origin is not None:
            continue  # a rule kind's check: the rule's own findings cover it
        word = naming.pascal(check.id.replace("-", "_"))
        if check.id in seen:
            yield rules.SPEC_CHECK_ID(check.span.at("id"), f"check id '{check.id}' is already used",
                                      Note("first used here", seen[check.id].at("id")))
        elif word in taken:
            yield rules.SPEC_CHECK_ID(check.span.at("id"), f"check id '{check.id}' names the test PreValidateFails{word}, "
                                      "which a built-in rule of this op already generates", fix=Fix("choose another id"))
        seen.setdefault(check.id, check.span)
        done, problems = expr.compile_spec_check(spec, check)
        for key, loc, e in problems:
            hint = f"; {e.fix}" if e.fix else ""
            yield _EXPR_RULES[e.rule](loc, f"{key} of check '{check.id}': {e.message}{hint}", fix=Fix(e.fix) if e.fix else None)
        if done is not None and check.where != "frontend":
            nodes = [n for n in (done.requires, done.when) if n is not None]
            shaped = sorted({t for n in nodes for t in expr.shape_reads(n)})
            fields = sorted({f.name for f in spec.fields} & {name for n in nodes for name in expr.names(n)})
            if shaped or fields:
                what = ", ".join([*(f"the shape of {t}" for t in shaped), *(f"field {f}" for f in fields)])
                yield rules.SPEC_CHECK_WHERE(check.span.at("where"), f"check '{check.id}' is placed in finalize(), which checks only "
                                             f"which tensors are set, but reads {what}",
                                             fix=Fix("write `where: frontend`", replacement="frontend"))


def _formulas(spec: OpSpec) -> Iterator[Diagnostic]:
    """Each inference formula names a tensor of the op and its expressions compile."""
    for f in spec.formulas:
        yield from _unknown_tensor(spec, f.target, f.span.at("tensor"), "infer")
        _, problems = expr.compile_spec_formula(spec, f)
        for key, loc, e in problems:
            hint = f"; {e.fix}" if e.fix else ""
            yield _EXPR_RULES[e.rule](loc, f"{key} of the inference of '{f.target}': {e.message}{hint}", fix=Fix(e.fix) if e.fix else None)


_WORK_RULES = {**_EXPR_RULES, work.WORK_RULE: rules.SPEC_WORK}


def _work(spec: OpSpec) -> Iterator[Diagnostic]:
    """The work block declares exactly one of a formula and a no-counting reason; the formula
    compiles, reads what hipDNN's helpers can, and counts the test graph; unknown_when names
    optional tensors. An op without a block is told to declare one."""
    if spec.work is None and not spec.skeleton:  # a skeleton's own finding asks for everything
        yield rules.SPEC_WORK_MISSING(
            spec.span.at("stem"),
            f"op '{spec.op}' declares no work: hipDNN's logicalFlops would have no case for {spec.flatbuffers.table}, "
            "so every graph holding it publishes no graph.flops",
            fix=Fix("add `work: {flops: <formula>}` (e.g. `2 * numel(x)`) or `work: {no_counting_convention: <why>}`"),
        )
    for rule, loc, message, fix in work.problems(spec):
        hint = f"; {fix}" if fix and rule in _EXPR_RULES else ""
        yield _WORK_RULES[rule](loc, f"work: {message}{hint}", fix=Fix(fix) if fix else None)


def _satisfiable(spec: OpSpec) -> Iterator[Diagnostic]:
    known = {t.name for t in spec.tensors}
    if any(n not in known for r in spec.rules for n in r.tensors):
        return  # reported as unknown tensors already
    for t in spec.optional_tensors:
        if testplan.smallest_satisfying_with(spec, t.name) is None:
            yield rules.SPEC_RULE_UNSATISFIABLE(
                t.span.loc, f"no combination of tensors satisfying every rule includes '{t.name}'"
            )


def _enums(spec: OpSpec) -> Iterator[Diagnostic]:
    for field in spec.fields:
        if field.enum is None:
            continue
        if not naming.is_data_type(field.enum) and (reason := naming.enum_name_clash(field.enum.name)):
            better = f"{spec.stem}{field.enum.name}"
            yield rules.SPEC_ENUM_NAME(
                field.enum.span.at("name"),
                f"enum name '{field.enum.name}' is {reason}; rename the enum (e.g. '{better}')",
                fix=Fix(f"rename the enum to '{better}'", replacement=better),
            )
        values = field.enum.values
        yield from _duplicates(
            ((v.name, v.span) for v in values),
            lambda name, span, first: rules.SPEC_ENUM_DUPLICATE_NAME(
                span.at("name"), f"enum {field.enum.name} repeats name {name}", Note("first here", first.at("name"))  # type: ignore[union-attr]
            ),
        )
        yield from _duplicates(
            ((v.value, v.span) for v in values),
            lambda value, span, first: rules.SPEC_ENUM_DUPLICATE_VALUE(
                span.at("value"), f"enum {field.enum.name} repeats value {value}", Note("first here", first.at("value"))  # type: ignore[union-attr]
            ),
        )
        sentinels = [v for v in values if v.sentinel]
        for extra in sentinels[1:]:
            yield rules.SPEC_ENUM_SENTINEL(
                extra.span.at("sentinel"),
                f"enum {field.enum.name} already has sentinel {sentinels[0].name}; only one value may be the sentinel",
            )
        if field.enum.introduced:
            for v in values:
                if v.name == naming.FRONTEND_NOT_SET and not v.sentinel:
                    yield rules.SPEC_ENUM_NOT_SET(
                        v.span.at("name"),
                        f"enum {field.enum.name} is new to hipDNN, and its frontend enum starts with {v.name} = 0 for 'not chosen'; a value of that name must be the sentinel",
                        Note("mark it `sentinel: true`, or rename it"),
                        fix=Fix("mark it `sentinel: true`, or rename it"),
                    )
            if not field.enum.members:
                yield rules.SPEC_ENUM_NOT_SET(field.enum.span.at("values"), f"enum {field.enum.name} has no value but its sentinel")


def _schema_layout(spec: OpSpec) -> Iterator[Diagnostic]:
    """The table layout the schema is generated from: flatbuffers.order names each tensor and field
    once, a single tensor's UID field keeps its derived name, and enum values fit the `byte` the
    schema declares its enums with."""
    for t in spec.tensors:
        if t.uid_field is not None and t.uid_field != f"{t.name}_tensor_uid":
            yield rules.SPEC_SCHEMA_LAYOUT(
                t.span.at("uid_field"),
                f"uid_field renames the UID field of tensor '{t.name}', which is a single tensor; "
                f"only a tensor list's UID field may be named freely (hipDNN's code reads {t.name}_tensor_uid)",
                Note("drop uid_field, or mark the tensor `list: true`"),
                fix=Fix("drop uid_field, or mark the tensor `list: true`"),
            )
    order = spec.flatbuffers.order
    if order:
        names = [t.name for t in spec.all_tensors] + [f.name for f in (*spec.fields, *spec.retired)]
        loc = spec.flatbuffers.span.at("order")
        unknown = [n for n in order if n not in names]
        missing = [n for n in names if n not in order]
        if unknown:
            yield rules.SPEC_SCHEMA_LAYOUT(loc, f"flatbuffers.order names {', '.join(unknown)}, which the op has no tensor or field of")
        if missing:
            yield rules.SPEC_SCHEMA_LAYOUT(
                loc, f"flatbuffers.order leaves out {', '.join(missing)}", Note("list every tensor and field once, in the table's order")
            )
    for field in spec.fields:
        if field.enum is None or field.enum.schema is not None:
            continue
        for v in field.enum.values:
            if not -128 <= v.value <= 127:
                yield rules.SPEC_SCHEMA_LAYOUT(v.span.at("value"), f"enum {field.enum.name} value {v.name} = {v.value} does not fit the schema's byte (-128..127)")


# hipDNN's header scripts (scripts/gen_cache_key.py, scripts/gen_node_operands.py) take a UID only
# from an integer scalar or a vector of integers, and publish a tensor reference under its field name
# less one of these suffixes (longest first); a byte vector or a string publishes nothing
UID_FIELD_TYPES = ("int64", "int32", "int64_vector", "int32_vector", "uint8_vector")
ROLE_SUFFIXES = ("_tensor_uids", "_tensor_uid")
UNPUBLISHED_FIELD_TYPES = ("string", "uint8_vector")


def published_name(field_name: str, metadata: tuple[str, ...]) -> str:
    """The name under which hipDNN's node-operand visitor reports a schema field."""
    if UID_MARK in metadata:
        for suffix in ROLE_SUFFIXES:
            if field_name.endswith(suffix) and len(field_name) > len(suffix):
                return field_name[: -len(suffix)]
    return field_name


def _operands(spec: OpSpec) -> Iterator[Diagnostic]:
    """What hipDNN's header scripts refuse, found at the spec: a `work_data_dependent` mark off a
    `cache_uid` tensor reference, `cache_uid` on a field that is not an integer, and two schema
    fields the operand visitor would publish under one name."""
    publishers: dict[str, tuple[str, Loc]] = {}
    found: list[Diagnostic] = []
    for t in spec.all_tensors:
        uid_field = naming.tensor_uid_field(t)
        loc = t.span.at("work_data_dependent") if "work_data_dependent" in dict(t.span.keys) else t.span.at("metadata")
        if WORK_MARK in t.metadata and UID_MARK not in t.metadata:
            found.append(rules.SPEC_OPERAND(
                loc,
                f"tensor '{t.name}' is work_data_dependent but its UID field {uid_field} has no (cache_uid) mark; "
                "hipDNN's scripts/gen_node_operands.py refuses the schema (only a cache_uid tensor reference can make work data-dependent)",
                fix=Fix("keep cache_uid in the tensor's metadata, or drop work_data_dependent"),
            ))
        name = published_name(uid_field, t.metadata)
        if name in publishers:
            found.append(_same_published(spec, name, uid_field, publishers[name][0], t.span.at("name")))
        else:
            publishers[name] = (uid_field, t.span.at("name"))
    for f in spec.fields:
        if WORK_MARK in f.metadata:
            found.append(rules.SPEC_OPERAND(
                f.span.at("metadata"),
                f"field '{f.name}' carries (work_data_dependent), which hipDNN's scripts/gen_node_operands.py allows only on a "
                "cache_uid tensor reference",
                fix=Fix("mark the tensor whose contents decide the work with `work_data_dependent: true` instead"),
            ))
        if UID_MARK in f.metadata and f.type.name not in UID_FIELD_TYPES:
            found.append(rules.SPEC_OPERAND(
                f.span.at("metadata"),
                f"field '{f.name}' ({f.type.name}) carries (cache_uid); hipDNN's scripts/gen_cache_key.py takes a tensor UID only "
                "from an integer or a vector of integers",
                fix=Fix("drop cache_uid from the field's metadata, or make the field a tensor"),
            ))
        if f.type.name in UNPUBLISHED_FIELD_TYPES and UID_MARK not in f.metadata:
            continue
        name = published_name(f.name, f.metadata)
        if f.name in {t.name for t in spec.all_tensors}:
            continue  # one name for a tensor and a field: SPEC-DUPLICATE-NAME
        if name in publishers:
            found.append(_same_published(spec, name, f.name, publishers[name][0], f.span.at("name")))
        else:
            publishers[name] = (f.name, f.span.at("name"))
    yield from found


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def _since(spec: OpSpec) -> Iterator[Diagnostic]:
    """Engine API versions: no tensor or field predates its op, and one newer than its op is
    optional (a graph leaving it out still reads on the engines before it)."""
    op = _version(spec.since)
    slots: list[tuple[Tensor | Field, str]] = [*((t, "tensor") for t in spec.all_tensors), *((f, "field") for f in spec.fields)]
    for slot, kind in slots:
        if slot.since is None:
            continue
        loc = slot.span.at("since")
        if _version(slot.since) < op:
            yield rules.SPEC_SINCE(
                loc,
                f"{kind} '{slot.name}' has since {slot.since}, earlier than its op's {spec.since}; no engine before {spec.since} reads the op",
                fix=Fix(f"raise the {kind}'s since to {spec.since} or more, or delete it (the op's applies)"),
            )
        elif _version(slot.since) > op and not slot.optional and not getattr(slot, "list", False):
            yield rules.SPEC_SINCE(
                loc,
                f"required {kind} '{slot.name}' has since {slot.since}, later than its op's {spec.since}: every graph of the op would "
                f"need an engine of {slot.since}, and engines of {spec.since} would find it missing",
                fix=Fix(f"make the {kind} optional, or raise the op's since to {slot.since}"),
            )


def _retired(spec: OpSpec) -> Iterator[Diagnostic]:
    """A retired slot is a schema field and an attribute ID, nothing else: no enum (its values would
    have nowhere to live), no default and no frontend names, and test data never sets it."""
    for f in spec.retired:
        for key, what in (("enum", "an enum"), ("default", "a default"), ("frontend", "frontend names")):
            if key in dict(f.span.keys):
                yield rules.SPEC_RETIRED(
                    f.span.at(key),
                    f"retired field '{f.name}' has {what}; a retired slot keeps only its schema type, its metadata and its attribute ID",
                    fix=Fix(f"delete `{key}` from the retired field" + ("; retire an enum field as `type: int32` (FlatBuffers stores its value as a number)" if key == "enum" else "")),
                )
    retired = {f.name for f in spec.retired}
    for test in spec.test_fields:
        if test.name in retired:
            yield rules.SPEC_RETIRED(test.span.loc, f"test_data sets retired field '{test.name}'; nothing reads or writes a retired slot", fix=Fix("delete the value"))


def _same_published(spec: OpSpec, name: str, one: str, other: str, loc: Loc) -> Diagnostic:
    return rules.SPEC_OPERAND(
        loc,
        f"{spec.flatbuffers.table}.{one} and {spec.flatbuffers.table}.{other} both publish as '{name}' in hipDNN's "
        "node-operand visitor; scripts/gen_node_operands.py refuses the schema",
        fix=Fix("rename one of the two"),
    )


def shown(value: Any) -> str:
    """A value as it would be written in YAML."""
    return json.dumps(value, default=str)


FLOAT_MAX = 3.4028234663852886e38  # the largest finite IEEE single


def value_problem(field: Field, value: Any) -> str | None:
    """Why `value` cannot be stored in `field`, or None when it fits."""
    kind = field.type.name
    if kind == "bool":
        return None if isinstance(value, bool) else "expected true or false"
    if field.type.value_range is not None and not field.type.is_vector:
        low, high = field.type.value_range
        if isinstance(value, bool) or not isinstance(value, int):
            return f"expected an {kind} integer"
        return None if low <= value <= high else f"does not fit in {kind}"
    if kind in ("float", "double"):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        if not ok:
            if isinstance(value, str) and (parts := re.fullmatch(r"([-+]?[0-9]*\.?[0-9]*)[eE]([-+]?)([0-9]+)", value)):
                mantissa, sign, digits = parts.groups()
                spelled = f"{mantissa if '.' in mantissa else mantissa + '.0'}e{sign or '+'}{digits}"
                return f"expected a finite {kind} number (YAML 1.1 reads {value} as text; write {spelled})"
            return f"expected a finite {kind} number"
        if kind == "float" and abs(value) > FLOAT_MAX:
            return f"does not fit in float (largest {FLOAT_MAX:g})"
        return None
    if field.type.value_range is not None:  # a list of integers
        low, high = field.type.value_range
        ok = isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        if not ok:
            return "expected a list of integers"
        return None if all(low <= v <= high for v in value) else f"an item does not fit in {kind.removesuffix('_vector')} ({low}..{high})"
    if kind == "string":
        return None if isinstance(value, str) else "expected a string"
    assert field.enum is not None
    names = [v.name for v in field.enum.values]
    return None if value in names else f"expected one of {', '.join(names)}"


def _field_values(spec: OpSpec) -> Iterator[Diagnostic]:
    for field in spec.fields:
        if field.default is not None and (problem := value_problem(field, field.default)):
            yield rules.SPEC_FIELD_VALUE(
                field.span.at("default"), f"default of field '{field.name}' is {shown(field.default)}: {problem}"
            )


def _test_data(spec: OpSpec) -> Iterator[Diagnostic]:
    tensors = {t.name: t for t in spec.tensors}
    fields = {f.name: f for f in spec.fields}
    test_tensors = {t.name: t for t in spec.test_tensors}
    test_fields = {f.name: f for f in spec.test_fields}
    test_loc = spec.span.at("test_data")
    for name, tensor in tensors.items():
        if name not in test_tensors:
            yield rules.SPEC_TEST_DATA_MISSING(
                test_loc, f"test_data.tensors has no entry for tensor '{name}' (uid, dims, strides)"
            )
    for name in spec.field_constants or ():
        if name not in fields:
            yield rules.SPEC_TEST_DATA_UNKNOWN(test_loc, f"test_data.field_constants names '{name}', which is not a field of this op")
    for name, field in fields.items():
        if name not in test_fields:
            yield rules.SPEC_TEST_DATA_MISSING(
                test_loc, f"test_data.fields has no value for field '{name}', so tests would not set it"
            )
        elif problem := value_problem(field, test_fields[name].value):
            yield rules.SPEC_FIELD_VALUE(
                test_fields[name].span.loc, f"test value of field '{name}' is {shown(test_fields[name].value)}: {problem}"
            )
    items: list[tuple[str, TestTensor | TestField]] = [*test_tensors.items(), *test_fields.items()]
    for name, item in items:
        known = tensors if name in test_tensors else fields
        if name not in known and not (known is fields and name in {f.name for f in spec.retired}):  # SPEC-RETIRED's
            kind = "tensor" if known is tensors else "field"
            close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            yield rules.SPEC_TEST_DATA_UNKNOWN(item.span.loc, f"test data for unknown {kind} '{name}'{hint}", fix=_rename(name, close))
    list_items = [item for entry in spec.test_lists for item in entry.items]
    lists = {t.name for t in spec.tensor_lists}
    for name in [t.name for t in spec.tensor_lists if t.name not in {entry.name for entry in spec.test_lists}]:
        yield rules.SPEC_TEST_DATA_MISSING(
            test_loc, f"test_data.tensor_lists has no entry for tensor list '{name}' (a list of uid, dims, strides), so tests would leave it empty"
        )
    for entry in spec.test_lists:
        if entry.name not in lists:
            close = difflib.get_close_matches(entry.name, sorted(lists), n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ("; single tensors go in test_data.tensors" if entry.name in tensors else "")
            yield rules.SPEC_TEST_DATA_UNKNOWN(entry.span.loc, f"test data for unknown tensor list '{entry.name}'{hint}", fix=_rename(entry.name, close))
    every_test_tensor = [*spec.test_tensors, *list_items]
    used = {t.uid for t in every_test_tensor}
    next_uid = max(used, default=0) + 1
    yield from _duplicates(
        ((t.uid, t.span) for t in every_test_tensor),
        lambda uid, span, first: rules.SPEC_TEST_UID_DUPLICATE(
            span.at("uid"), f"test UID {uid} is already used; {next_uid} is free", Note("first used here", first.at("uid")),
            fix=Fix(f"use the free test UID {next_uid}", replacement=str(next_uid)),
        ),
    )
    shapes = {shape.name: shape for shape in spec.test_shapes}
    for shape in spec.test_shapes:
        if len(shape.dims) != len(shape.strides):
            yield rules.SPEC_TEST_SHAPE(
                shape.span.at("strides"), f"shape '{shape.name}' has {len(shape.dims)} dims but {len(shape.strides)} strides"
            )
    for t in every_test_tensor:
        if t.shape is not None and t.shape not in shapes:
            close = difflib.get_close_matches(t.shape, sorted(shapes), n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            yield rules.SPEC_TEST_DATA_UNKNOWN(t.span.at("shape"), f"tensor '{t.name}' uses unknown shape '{t.shape}' (test_data.shapes){hint}", fix=_rename(t.shape, close, exact=True))
        if len(t.dims) != len(t.strides) and t.shape is None:
            yield rules.SPEC_TEST_SHAPE(
                t.span.at("strides"), f"tensor '{t.name}' has {len(t.dims)} dims but {len(t.strides)} strides"
            )
    for rule in spec.rules:
        if rule.kind.presence:
            continue
        shaped = [test_tensors[n] for n in rule.tensors if n in test_tensors]
        groups: dict[tuple[int, ...], list[str]] = defaultdict(list)
        for t in shaped:
            groups[t.dims].append(t.name)
        if len(groups) > 1:
            first = shaped[0]
            for t in shaped[1:]:
                if t.dims != first.dims:
                    yield rules.SPEC_TEST_SHAPE_RULE(
                        t.span.at("dims"),
                        f"same_shape requires dims of '{t.name}' {list(t.dims)} to equal dims of "
                        f"'{first.name}' {list(first.dims)}",
                        Note("rule declared here", rule.span.loc),
                    )


    yield from _test_data_node_rules(spec, test_tensors, test_fields)


def _test_data_node_rules(spec: OpSpec, test_tensors: dict[str, TestTensor], test_fields: dict[str, TestField]) -> Iterator[Diagnostic]:
    """The test data every generated node test starts from must pass the node's own checks."""
    fields = {f.name: f for f in spec.fields}
    if not _node_rules_known(spec) or set(test_tensors) != {t.name for t in spec.tensors} or set(test_fields) != set(fields):
        return  # reported above
    if any(value_problem(fields[n], f.value) for n, f in test_fields.items()):
        return
    dims = {n: t.dims for n, t in test_tensors.items()}
    values = {n: f.value for n, f in test_fields.items()}
    strides = {n: t.strides for n, t in test_tensors.items()}
    props = testplan.props_map(testplan.test_props(spec))
    failed = nodecheck.evaluate(spec, dims, values, strides, props)
    if failed is not None and failed.declared is not None and failed.declared.check.origin is None:
        kept = {t.name for t in spec.required_tensors} | set(testplan.largest_satisfying(spec))  # with the tensors the node tests set
        failed = nodecheck.evaluate(spec, {n: (d if n in kept else None) for n, d in dims.items()}, values,
                                    {n: (d if n in kept else None) for n, d in strides.items()}, props)
    if failed is None or failed.declared is None:
        return  # a required tensor: presence is not test data
    origin = failed.declared.check.origin
    if isinstance(origin, Rule):
        return  # presence is not test data; same_shape is reported above
    if origin is None:
        yield rules.SPEC_TEST_SHAPE_RULE(failed.declared.check.span.at("requires"),
                                         f"test data fails the node's pre-validation: {failed.message}",
                                         Note("the test data's tensors and fields", spec.span.at("test_data")))
        return
    where = test_tensors[origin.tensor].span.at("dims") if isinstance(origin, Conforms) else test_fields[origin.field].span.loc
    yield rules.SPEC_TEST_SHAPE_RULE(where, f"test data fails the node's pre-validation: {failed.message}", Note("rule declared here", origin.span.loc))


def _frontend(spec: OpSpec) -> Iterator[Diagnostic]:
    """Frontend names: setters name the op's tensors and fields; no two values share a getter or
    a public member (setters may be overloaded, as hipDNN's set_attn_scale is)."""
    known = [t.name for t in spec.tensors] + [f.name for f in spec.fields]
    lists = {t.name for t in spec.tensor_lists}
    for setter in spec.frontend.setters:
        for index, arg in enumerate(setter.args):
            if arg in lists:
                yield _list_named(spec, arg, setter.span.at("args"), f"setter {setter.name}")
            elif arg not in known:
                close = difflib.get_close_matches(arg, known, n=1, cutoff=0.6)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                loc = setter.span.at("args")
                yield rules.SPEC_FRONTEND_NAME(loc, f"setter {setter.name} takes '{arg}' (argument {index + 1}), which is not a tensor or field of this op{hint}", fix=_rename(arg, close))
    items: list[Tensor | Field] = [*spec.all_tensors, *spec.fields]
    named: dict[str, int] = defaultdict(int)
    for i in items:
        named[i.name] += 1
    distinct = [i for i in items if named[i.name] == 1]  # a repeated name is SPEC-DUPLICATE-NAME already
    for f in spec.fields:
        if f.frontend.enumerator:
            yield rules.SPEC_FRONTEND_NAME(f.span.at("frontend"), f"field '{f.name}' has an enumerator; only tensors are named in InputNames/OutputNames")
    for t in spec.tensor_lists:
        if t.frontend.enumerator:
            yield rules.SPEC_FRONTEND_NAME(
                t.span.at("frontend"), f"tensor list '{t.name}' has an enumerator; a list is a public vector member, not an InputNames/OutputNames entry"
            )
    getters = [(naming.frontend_getter(i), i.span) for i in distinct if naming.frontend_getter(i)]
    members = [(i.frontend.member, i.span) for i in distinct if i.frontend.member]
    enumerators: dict[str, list[tuple[str, Span]]] = {"InputNames": [], "OutputNames": []}
    for t in spec.tensors:
        if named[t.name] == 1:
            enumerators[naming.frontend_names_enum(t)].append((naming.frontend_enumerator(t), t.span))
    kinds: list[tuple[str, list[tuple[Any, Span]]]] = [("getter", getters), ("member", members)]
    kinds += [(f"{enum} enumerator", entries) for enum, entries in enumerators.items()]
    for kind, entries in kinds:

        def report(name: Any, span: Span, first: Span, kind: str = kind) -> Diagnostic:
            message = f"frontend {kind} {name} is already used by another tensor or field"
            return rules.SPEC_FRONTEND_NAME(span.at("frontend"), message, Note("first used here", first.at("frontend")))

        yield from _duplicates(entries, report)


SCALAR_TYPES = ("int64", "int32", "float", "double", "bool")


def _frontend_vocabulary(spec: OpSpec) -> Iterator[Diagnostic]:
    """Frontend-optional fields, frontend-only flags and the Graph method's return shape."""
    for t in spec.all_tensors:
        for key in ("optional", "required_to_pack"):
            if getattr(t.frontend, key):
                yield rules.SPEC_FRONTEND_OPTIONAL(t.span.at("frontend"), f"tensor '{t.name}' has frontend {key}; it applies to scalar fields only (a tensor is optional with `optional: true`)")
    for f in spec.fields:
        where = f.span.at("frontend")
        if (f.frontend.optional or f.frontend.required_to_pack) and f.type.name not in SCALAR_TYPES:
            yield rules.SPEC_FRONTEND_OPTIONAL(where, f"field '{f.name}' is {f.type.name}; frontend optional and required_to_pack apply to {', '.join(SCALAR_TYPES)} fields")
        elif f.frontend.required_to_pack and f.optional:
            yield rules.SPEC_FRONTEND_OPTIONAL(where, f"field '{f.name}' is optional in the schema (`optional: true`), so it may be packed unset; required_to_pack contradicts it")
        elif f.frontend.required_to_pack and not f.frontend.optional:
            yield rules.SPEC_FRONTEND_OPTIONAL(where, f"field '{f.name}' has required_to_pack without frontend optional: a plain frontend value is always set, so nothing would be refused")
        elif f.frontend.optional and f.optional:
            yield rules.SPEC_FRONTEND_OPTIONAL(where, f"field '{f.name}' is optional in the schema (`optional: true`), which already makes it std::optional in the frontend; remove frontend optional")
    yield from _flags(spec)
    yield from _graph_returns(spec)
    yield from _frontend_forms(spec)
    yield from _equality(spec)
    yield from _graph_creates(spec)
    yield from _compat_setters(spec)
    yield from _graph_params(spec)


def _frontend_forms(spec: OpSpec) -> Iterator[Diagnostic]:
    """private, getter_returns and setter_forms: fields only; element and array setters take a
    vector's elements; a private member needs its accessors."""
    for t in spec.all_tensors:
        for key, used in (("private", t.frontend.private), ("getter_returns", t.frontend.getter_returns != "value"), ("setter_forms", t.frontend.setter_forms != ("value",))):
            if used:
                yield rules.SPEC_FRONTEND_FORM(t.span.at("frontend"), f"tensor '{t.name}' has frontend {key}; it applies to fields only (tensor accessors are hipDNN's fixed shared_ptr forms)")
    for f in spec.fields:
        where = f.span.at("frontend")
        if f.frontend.private and f.frontend.member:
            yield rules.SPEC_FRONTEND_FORM(where, f"field '{f.name}' is private and names a public member '{f.frontend.member}'; a private member is reached through get_/set_ accessors only")
        if f.frontend.member and not f.frontend.setter and f.frontend.setter_forms != ("value",):
            yield rules.SPEC_FRONTEND_FORM(where, f"field '{f.name}' has setter_forms but no setter (it is written as the member '{f.frontend.member}')")
        for form in f.frontend.setter_forms:
            if form in ("element", "array") and (not f.type.is_vector or f.type.name == "uint8_vector"):
                yield rules.SPEC_FRONTEND_FORM(where, f"field '{f.name}' is {f.type.name}; the {form} setter form applies to int64_vector and int32_vector fields")
        if f.frontend.setter_forms == ("element",) or f.frontend.setter_forms == ("array",) or set(f.frontend.setter_forms) == {"element", "array"}:
            yield rules.SPEC_FRONTEND_FORM(where, f"field '{f.name}' has no setter taking the whole value (add value or const_ref to setter_forms); the generated unpacker and tests need one")


def _compat_setters(spec: OpSpec) -> Iterator[Diagnostic]:
    """Source-compatibility setters (frontend.unsupported, frontend.forwards): names of their own,
    `template` exactly with a callable, `when` only with a bool, a forward to a field's setter."""
    taken: set[str] = set()
    items: list[Tensor | Field] = [*spec.all_tensors, *spec.fields]
    for item in items:
        taken.update(n for n in (naming.frontend_getter(item), naming.frontend_setter(item)) if n)
    taken.update(s.name for s in spec.frontend.setters)
    taken.update(n for g in spec.frontend.flags for n in (f"get_{g.name}", f"set_{g.name}", *g.aliases))
    fields = {f.name: f for f in spec.fields}
    for w in spec.frontend.forwards:
        where = w.span.at("name")
        if w.name in taken:
            yield rules.SPEC_FRONTEND_COMPAT(where, f"forwarding setter {w.name} reuses a name the attributes class already has")
        taken.add(w.name)
        f = fields.get(w.to)
        if f is None:
            close = difflib.get_close_matches(w.to, list(fields), n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            yield rules.SPEC_FRONTEND_COMPAT(w.span.at("to"), f"forwarding setter {w.name} forwards to '{w.to}', which is not a field of this op{hint}", fix=_rename(w.to, close))
        elif not naming.frontend_setter(f):
            yield rules.SPEC_FRONTEND_COMPAT(w.span.at("to"), f"forwarding setter {w.name} forwards to '{w.to}', which has no setter (it is written as the member '{f.frontend.member}')")
        elif f.type.name not in SCALAR_TYPES:
            yield rules.SPEC_FRONTEND_COMPAT(w.span.at("to"), f"forwarding setter {w.name} forwards to '{w.to}', which is {f.type.name}; it forwards to {', '.join(SCALAR_TYPES)} fields")
    for u in spec.frontend.unsupported:
        where = u.span.at("name")
        if u.name in taken:
            yield rules.SPEC_FRONTEND_COMPAT(where, f"unsupported setter {u.name} reuses a name the attributes class already has")
        taken.add(u.name)
        if (u.takes == "callable") != (u.template is not None):
            yield rules.SPEC_FRONTEND_COMPAT(where, f"unsupported setter {u.name}: `template` names the type parameter of a callable, and only of one (takes: {u.takes})")
        if u.when is not None and u.takes != "bool":
            yield rules.SPEC_FRONTEND_COMPAT(where, f"unsupported setter {u.name}: `when` applies to a bool parameter (takes: {u.takes})")


def _graph_params(spec: OpSpec) -> Iterator[Diagnostic]:
    params = spec.frontend.graph_params
    if params is None:
        return
    loc = spec.frontend.span.at("graph_params")
    required_inputs = [t.name for t in spec.tensors if t.role == "input" and not t.optional]
    for name in params:
        if name not in required_inputs:
            close = difflib.get_close_matches(name, required_inputs, n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            yield rules.SPEC_GRAPH_PARAMS(loc, f"graph_params names '{name}', which is not a required single input tensor of this op{hint}", fix=_rename(name, close))


def _equality(spec: OpSpec) -> Iterator[Diagnostic]:
    q = spec.frontend.equality
    if q is None:
        return
    fields = [f.name for f in spec.fields]
    for key, names in (("logical", q.logical), ("strict", q.strict)):
        for name in names:
            if name not in fields:
                close = difflib.get_close_matches(name, fields, n=1, cutoff=0.6)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                yield rules.SPEC_FRONTEND_EQUALITY(q.span.at(key), f"equality.{key} names '{name}', which is not a field of this op{hint}", fix=_rename(name, close))
    for name in q.logical:
        if name in fields and name not in q.strict:
            yield rules.SPEC_FRONTEND_EQUALITY(q.span.at("logical"), f"equality.logical names '{name}' but equality.strict does not: what is logically compared is compared strictly too")


def _graph_creates(spec: OpSpec) -> Iterator[Diagnostic]:
    creates = spec.frontend.graph_creates
    loc = spec.frontend.span.at("graph_creates")
    optional_outputs = {t.name for t in spec.tensors if t.optional and t.role == "output"}
    returned = set(naming.graph_returns(spec))
    for name in creates:
        if name not in optional_outputs:
            yield rules.SPEC_GRAPH_CREATES(loc, f"graph_creates names '{name}', which is not an optional output tensor of this op (required outputs are always created)")
        elif name not in returned:
            yield rules.SPEC_GRAPH_CREATES(loc, f"graph_creates names '{name}', which graph_returns does not return")
        elif (flag := spec.frontend.flag_creating(name)) is not None:
            yield rules.SPEC_GRAPH_CREATES(loc, f"graph_creates names '{name}', which flag '{flag.name}' creates only when set")
    when_loc = spec.frontend.span.at("graph_creates_when")
    optional_inputs = {t.name for t in spec.tensors if t.optional and t.role == "input"}
    for name, inputs in spec.frontend.graph_creates_when:
        if name not in creates:
            yield rules.SPEC_GRAPH_CREATES(when_loc, f"graph_creates_when names '{name}', which graph_creates does not list")
        for i in inputs:
            if i not in optional_inputs:
                yield rules.SPEC_GRAPH_CREATES(when_loc, f"graph_creates_when makes '{name}' wait for '{i}', which is not an optional input tensor of this op")


def _flags(spec: OpSpec) -> Iterator[Diagnostic]:
    taken: dict[str, str] = {}
    items: list[Tensor | Field] = [*spec.all_tensors, *spec.fields]
    for item in items:
        for name in (item.name, naming.frontend_getter(item), naming.frontend_setter(item), item.frontend.member):
            if name:
                taken.setdefault(name, f"{'field' if isinstance(item, Field) else 'tensor'} '{item.name}'")
    for setter in spec.frontend.setters:
        taken.setdefault(setter.name, f"setter {setter.name}")
    optional_outputs = {t.name for t in spec.tensors if t.optional and t.role == "output"}
    created: dict[str, str] = {}
    for flag in spec.frontend.flags:
        own = [(name, flag.span.at("name")) for name in (flag.name, f"get_{flag.name}", f"set_{flag.name}")]
        for name, loc in [*own, *((a, flag.span.at("aliases")) for a in flag.aliases)]:
            if name in taken:
                yield rules.SPEC_FRONTEND_FLAG(loc, f"flag '{flag.name}' would declare {name}, which {taken[name]} already has")
            else:
                taken[name] = f"flag '{flag.name}'"
        for name in flag.creates:
            if name not in optional_outputs:
                yield rules.SPEC_FRONTEND_FLAG(flag.span.at("creates"), f"flag '{flag.name}' creates '{name}', which is not an optional output tensor of this op")
            elif name in created:
                yield rules.SPEC_FRONTEND_FLAG(flag.span.at("creates"), f"flag '{flag.name}' creates '{name}', which {created[name]} already creates")
            else:
                created[name] = f"flag '{flag.name}'"


def _graph_returns(spec: OpSpec) -> Iterator[Diagnostic]:
    returns = spec.frontend.graph_returns
    if returns is None:
        return
    loc = spec.frontend.span.at("graph_returns")
    names = (returns,) if isinstance(returns, str) else returns
    by_name = {t.name: t for t in spec.all_tensors}
    seen: set[str] = set()
    for name in names:
        t = by_name.get(name)
        if t is None:
            close = difflib.get_close_matches(name, list(by_name), n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            yield rules.SPEC_GRAPH_RETURNS(loc, f"graph_returns names '{name}', which is not a tensor of this op{hint}", fix=_rename(name, close))
        elif t.list:
            yield rules.SPEC_GRAPH_RETURNS(loc, f"graph_returns names '{name}', a tensor list; the Graph method returns single tensors")
        elif t.role != "output":
            yield rules.SPEC_GRAPH_RETURNS(loc, f"graph_returns names '{name}', an input; the Graph method returns outputs")
        elif name in seen:
            yield rules.SPEC_GRAPH_RETURNS(loc, f"graph_returns names '{name}' twice")
        seen.add(name)
    for t in spec.tensors:
        if t.role == "output" and not t.optional and t.name not in seen:
            yield rules.SPEC_GRAPH_RETURNS(loc, f"graph_returns leaves out '{t.name}', a required output the Graph method creates")


def _same_name(hipdnn: str, cudnn: str) -> bool:
    """hipDNN's name spells cuDNN's: the text after HIPDNN_ equals the text after CUDNN_."""
    return cudnn != NONE and hipdnn.removeprefix("HIPDNN_") == cudnn.removeprefix("CUDNN_")


def _cudnn(spec: OpSpec) -> Iterator[Diagnostic]:
    """cuDNN parity (the spec's `cudnn` key): `_EXT` exactly on the names cuDNN does not define as
    they are, MATH_PREC or COMP_TYPE as cuDNN words the compute type, and the key's own names."""
    parity = spec.cudnn
    if parity is None:
        return
    owners = {a.owner for a in spec.attributes()}
    for key, _ in parity.backend:
        if key not in owners:
            close = difflib.get_close_matches(key, sorted(owners), 1)
            hint = f"; did you mean '{close[0]}'?" if close else f"; the op has {', '.join(sorted(owners))}"
            yield rules.SPEC_CUDNN_NAME(parity.backend_span.at(key), f"cudnn.backend names '{key}', which is no tensor or field of {spec.op} (nor compute_type){hint}", fix=_rename(key, close))
    alias = naming.OpNames(spec).cudnn_alias
    if parity.equivalent and parity.attributes != alias:
        yield rules.SPEC_CUDNN_NAME(
            parity.span.at("attributes"),
            f"cudnn.attributes is {parity.attributes} but the op's cuDNN-compatible alias is {alias}; the shim aliases one name, so "
            f"set frontend.cudnn_alias: {parity.attributes} (if hipDNN's typedef is spelt so) or correct cudnn.attributes",
        )
    named: list[tuple[str, str, str, Loc]] = [("descriptor", spec.descriptor_type.name, parity.descriptor, spec.descriptor_type.span.at("name"))]
    named += [(a.owner, a.name, parity.backend_name(a.owner), a.span.at("attribute")) for a in spec.attributes()]
    kept = set(parity.ext_predates_cudnn)
    for owner in parity.ext_predates_cudnn:
        entry = next((n for n in named if n[0] == owner), None)
        if entry is None or not (entry[1].endswith("_EXT") and _same_name(entry[1].removesuffix("_EXT"), entry[2])):
            if entry is None:
                why = "no name of the op"
            elif not entry[1].endswith("_EXT"):
                why = f"{entry[1]} has no _EXT to keep"
            else:
                why = f"{entry[1]} needs no exception: cuDNN defines no name spelt like it"
            yield rules.SPEC_CUDNN_NAME(parity.span.at("ext_predates_cudnn"), f"cudnn.ext_predates_cudnn lists '{owner}': {why}")
    for owner, name, cudnn, loc in named:
        if name.endswith("_EXT"):
            if owner not in kept and _same_name(name.removesuffix("_EXT"), cudnn):
                yield rules.SPEC_CUDNN_EXT_EXTRA(
                    loc,
                    f"{name} carries _EXT but cuDNN defines {cudnn} (cudnn key of {spec.op}): name it {name.removesuffix('_EXT')}, "
                    f"or list '{owner}' in cudnn.ext_predates_cudnn if hipDNN named it before cuDNN did",
                    fix=Fix(f"drop _EXT: {name.removesuffix('_EXT')}"),
                )
        elif not _same_name(name, cudnn):
            what = "records no cuDNN counterpart" if cudnn == NONE else f"records cuDNN's {cudnn}, spelt differently"
            yield rules.SPEC_CUDNN_EXT_MISSING(loc, f"{name} has no _EXT but the cudnn key of {spec.op} {what}: name it {name}_EXT", fix=Fix(f"add _EXT: {name}_EXT"))
    compute, cudnn = spec.compute_type.attribute, parity.backend_name("compute_type")
    core = compute.removesuffix("_EXT")
    loc = spec.compute_type.span.at("attribute")
    for word, other in (("MATH_PREC", "COMP_TYPE"), ("COMP_TYPE", "MATH_PREC")):
        if cudnn.endswith(f"_{word}") and not core.endswith(f"_{word}"):
            yield rules.SPEC_CUDNN_COMPUTE(loc, f"{compute} names the compute type {other} but cuDNN's counterpart {cudnn} says {word}: follow cuDNN's word")
            return
    if not _same_name(core, cudnn) and not compute.endswith("_COMP_TYPE_EXT"):
        yield rules.SPEC_CUDNN_COMPUTE(
            loc,
            f"{compute}: a compute type without a same-named cuDNN counterpart is HIPDNN_ATTR_<OP>_COMP_TYPE_EXT (MATH_PREC is cuDNN's word, used only where cuDNN has the attribute)",
        )
