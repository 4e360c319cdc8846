"""Breaking changes between the specs at a git revision and the specs in the workspace.

Old specs are read with `git show REV:path` (no checkout). Intentional breaks are waived in
op_specs/waivers.yaml; each waiver names a rule and a subject and expires on a date.
"""

from __future__ import annotations

import datetime
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from codegen.diagnostics import rules as R
from codegen.views import fbsview
from codegen.spec import registry as registry_module
from codegen.diagnostics.diagnostics import Diagnostic, Loc, Note
from codegen.diagnostics.diagnostics import SpecError
from codegen.spec.model import IGNORE_MARK, UID_MARK, Attribute, EnumDef, NamedValue, OpSpec, span_of
from codegen.views import naming
from codegen.spec.yaml_loader import load_file
from codegen.spec.registry import Registry
from codegen.pipeline.workspace import SPEC_DIR, UsageError, Workspace, _document, load_registry, load_spec, read_file, spec_files

WAIVER_FILE = "waivers.yaml"
TODAY_VARIABLE = "HIPDNN_CODEGEN_TODAY"  # tests pin "today" with this


@dataclass(frozen=True)
class Finding:
    diagnostic: Diagnostic
    subject: str


def _git(root: Path, *args: str) -> bytes:
    try:
        proc = subprocess.run(["git", "-C", str(root), *args], capture_output=True, check=False)
    except OSError as exc:
        raise UsageError(f"cannot run git: {exc.strerror}") from None
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise UsageError(f"git {' '.join(args)}: {message[0] if message else 'failed'}")
    return proc.stdout


@dataclass(frozen=True)
class Numbers:
    """What can be read from a base spec that no longer validates: its attribute names and IDs and
    its two type values. Renumbering is caught even when today's schema rejects the old file."""

    op: str
    shown: str
    attributes: tuple[Attribute, ...]
    types: tuple[tuple[str, NamedValue], ...]  # ("descriptor type" | "operation type", value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def numbers_of(shown: str, op: str, raw: bytes) -> Numbers | None:
    """Attribute names/IDs and type values read without the schema; None if the YAML itself is unreadable."""
    try:
        doc = load_file(shown, raw)
    except SpecError:
        return None
    data = doc.data if isinstance(doc.data, dict) else {}
    attributes = []
    for kind in ("tensors", "fields"):
        entries = data.get(kind)
        for index, entry in enumerate(entries if isinstance(entries, list) else []):
            if isinstance(entry, dict) and isinstance(entry.get("attribute"), str) and _is_int(entry.get("id")):
                owner = str(entry.get("name", entry["attribute"]))
                attributes.append(Attribute(entry["attribute"], entry["id"], kind[:-1], owner, span_of(doc, (kind, index), entry)))
    compute = data.get("compute_type")
    if isinstance(compute, dict) and isinstance(compute.get("attribute"), str) and _is_int(compute.get("id")):
        attributes.append(Attribute(compute["attribute"], compute["id"], "compute_type", "compute_type", span_of(doc, ("compute_type",), compute)))
    types = []
    for label, key in (("descriptor type", "descriptor_type"), ("operation type", "operation_type")):
        entry = data.get(key)
        if isinstance(entry, dict) and isinstance(entry.get("name"), str) and _is_int(entry.get("value")):
            types.append((label, NamedValue(entry["name"], entry["value"], span_of(doc, (key,), entry))))
    return Numbers(op, shown, tuple(attributes), tuple(types))


@dataclass
class Revision:
    specs: list[OpSpec]
    registry: Registry | None
    partial: list[Numbers]  # base specs that no longer validate, read for their numbers only
    unread: list[str]  # base files not even that could be read (shown as REV:path)


def load_revision(root: Path, rev: str) -> Revision:
    """The specs and registry as they were at `rev`. A spec that does not validate under today's
    schema still yields its numbers and names (`partial`)."""
    _git(root, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    listing = _git(root, "ls-tree", "--name-only", rev, f"{SPEC_DIR}/").decode("utf-8", "replace").splitlines()
    revision = Revision([], None, [], [])
    for path in sorted(listing):
        name = Path(path).name
        if not name.endswith(".yaml") or name == WAIVER_FILE:
            continue
        raw = _git(root, "show", f"{rev}:./{SPEC_DIR}/{name}")
        shown = f"{rev}:{SPEC_DIR}/{name}"
        if name == registry_module.REGISTRY_FILE:
            revision.registry, problems = load_registry(shown, raw)
            if revision.registry is None:
                revision.unread.append(shown)
            continue
        spec, _ = load_spec(shown, Path(name).stem, raw)
        if spec is not None and spec.damage is None:
            revision.specs.append(spec)
            continue
        numbers = numbers_of(shown, Path(name).stem, raw)
        if numbers is None:
            revision.unread.append(shown)
        else:
            revision.partial.append(numbers)
    return revision


def fbs_fields(spec: OpSpec) -> list[str]:
    """The FlatBuffers table's fields in declaration order (the generated schema's)."""
    return [f.name for f in fbsview.build(spec).fields]


def _reserved(registry: Registry | None) -> list[registry_module.Reserved]:
    return list(registry.reserved) if registry is not None else []


def compare(
    old: list[OpSpec],
    old_registry: Registry | None,
    new: list[OpSpec],
    new_registry: Registry | None,
    unreadable: frozenset[str] = frozenset(),
    partial: list[Numbers] | None = None,
) -> Iterator[Finding]:
    """Breaking changes from `old` to `new`; ops in `unreadable` (invalid now) are not compared.
    `partial` base specs (invalid then) are compared by attribute and type numbers only."""
    old_attrs: dict[str, tuple[Attribute, str]] = {a.name: (a, s.op) for s in old for a in s.numbered()}
    old_attrs.update({a.name: (a, n.op) for n in partial or [] for a in n.attributes})
    new_attrs = {a.name: (a, s) for s in new for a in s.numbered()}
    for name, (attribute, spec) in sorted(new_attrs.items()):
        if name in old_attrs and old_attrs[name][0].id != attribute.id:
            before = old_attrs[name][0]
            yield Finding(
                R.BRK_VALUE_CHANGED(attribute.span.at("id"), f"{name} changed from {before.id} to {attribute.id}", Note("was", before.span.at("id"))),
                name,
            )
    reserved = _reserved(new_registry)
    for name, (attribute, owner) in sorted(old_attrs.items()):
        if name in new_attrs or owner in unreadable:
            continue
        kept = any(r.kind == "attribute_ids" and (r.name == name or r.range[0] <= attribute.id <= r.range[1]) for r in reserved)
        if not kept:
            yield Finding(
                R.BRK_ATTRIBUTE_REMOVED(
                    attribute.span.at("attribute"),
                    f"{name} = {attribute.id} was removed; keep it, or move it to the registry's reserved attribute_ids",
                ),
                name,
            )
    new_reserved = {(r.kind, r.range) for r in reserved}
    for r in _reserved(old_registry):
        if (r.kind, r.range) not in new_reserved:
            yield Finding(
                R.BRK_RESERVED_REMOVED(r.span.loc, f"reserved {r.kind} {r.range[0]}-{r.range[1]} ({r.reason}) was removed"),
                f"{r.kind}:{r.range[0]}-{r.range[1]}",
            )
    old_ops = {s.op: s for s in old}
    old_numbers = {n.op: n for n in partial or []}
    bumped = revision_of(new_registry) > revision_of(old_registry)
    for spec in sorted(new, key=lambda s: s.op):
        previous = old_ops.get(spec.op)
        if previous is not None:
            yield from _compare_types(_types(previous), spec)
            yield from _compare_op(previous, spec, None if bumped else revision_of(new_registry))
            if not bumped:
                yield from _compare_work(previous, spec, revision_of(new_registry))
        elif spec.op in old_numbers:
            yield from _compare_types(old_numbers[spec.op].types, spec)


def revision_of(registry: Registry | None) -> int:
    """The registry's feature_semantics_revision; none recorded is revision 1, as hipDNN reads a
    model document that records none."""
    return registry.feature_semantics_revision or 1 if registry is not None else 1


def _work_key(spec: OpSpec) -> tuple[str | None, bool, tuple[str, ...]] | None:
    """What decides the published work: the formula (spacing aside), whether the op has a counting
    convention, and the tensors whose presence leaves it unknown (the no-counting reason is a comment)."""
    w = spec.work
    if w is None:
        return None
    return ("".join(w.flops.split()) if w.flops else None, w.no_counting_convention is None, tuple(sorted(w.unknown_when)))


def _shown_work(spec: OpSpec) -> str:
    w = spec.work
    if w is None:
        return "no work block"
    if w.flops is None:
        return "no counting convention"
    return f"'{w.flops}'" + (f" (unknown with {', '.join(w.unknown_when)})" if w.unknown_when else "")


def feature_names(spec: OpSpec) -> dict[str, tuple[str, str, Any]]:
    """The names hipDNN's feature binder publishes for the op's operands and fields, by attribute:
    (the feature name, the tensor or field, its span). A tensor publishes under its UID field's
    name without `_tensor_uid`, a field under its own name (EngineFeatures.hpp id 70308080706)."""
    names = {t.attribute: (naming.tensor_uid_field(t).removesuffix("_tensor_uids").removesuffix("_tensor_uid"), t.name, t.span) for t in spec.all_tensors}
    names.update({f.attribute: (f.name, f.name, f.span) for f in spec.fields})
    return names


def _compare_work(old: OpSpec, new: OpSpec, revision: int) -> Iterator[Finding]:
    """A changed work formula or published feature name while feature_semantics_revision stays."""
    was, now = _work_key(old), _work_key(new)
    if was is not None and was != now:
        loc = new.work.span.at("flops" if new.work.flops is not None else "no_counting_convention") if new.work is not None else new.span.loc
        where = Note("was", old.work.span.at("flops" if old.work.flops is not None else "no_counting_convention")) if old.work is not None else None
        yield Finding(
            R.BRK_WORK_FORMULA(
                loc,
                f"the work of {new.op} changed from {_shown_work(old)} to {_shown_work(new)} while feature_semantics_revision "
                f"stays {revision}: models trained on graph.flops before would read a different count",
                *([where] if where else []),
            ),
            f"{new.op}.work",
        )
    before, after = feature_names(old), feature_names(new)
    renamed = renames(old, new)
    for attribute, (feature, item, _) in sorted(before.items()):
        if attribute not in after or after[attribute][0] == feature or attribute in renamed:
            continue
        name, _, span = after[attribute]
        yield Finding(
            R.BRK_FEATURE_NAME(
                span.at("name"),
                f"the feature graph.nodes[i].{feature} of {new.op} is now published as graph.nodes[i].{name} while "
                f"feature_semantics_revision stays {revision}: shipped models read the old name",
            ),
            f"{new.op}.{item}",
        )


def _types(spec: OpSpec) -> tuple[tuple[str, NamedValue], ...]:
    return (("descriptor type", spec.descriptor_type), ("operation type", spec.operation_type))


def _compare_types(old: tuple[tuple[str, NamedValue], ...], new: OpSpec) -> Iterator[Finding]:
    now = dict(_types(new))
    for label, a in old:
        b = now[label]
        if a.value != b.value:
            yield Finding(R.BRK_VALUE_CHANGED(b.span.at("value"), f"{label} {b.name} of {new.op} changed from {a.value} to {b.value}", Note("was", a.span.at("value"))), b.name)
        if a.name != b.name:
            yield Finding(R.BRK_VALUE_CHANGED(b.span.at("name"), f"{label} of {new.op} was renamed from {a.name} to {b.name}", Note("was", a.span.at("name"))), a.name)


@dataclass(frozen=True)
class Rename:
    """A tensor or field that kept its attribute while its schema field changed name."""

    old_item: str
    old_field: str  # the schema field's name before
    new_field: str
    new_span: Any
    old_span: Any


def _schema_fields(spec: OpSpec) -> dict[str, tuple[str, str, bool, Any]]:
    """By attribute: (the schema field's name, the tensor or field, whether a tensor list, its span)."""
    out = {t.attribute: (naming.tensor_uid_field(t), t.name, t.list, t.span) for t in spec.all_tensors}
    out.update({f.attribute: (f.name, f.name, False, f.span) for f in spec.fields})
    return out


def renames(old: OpSpec, new: OpSpec) -> dict[str, Rename]:
    """By attribute: every tensor or field whose schema field is named otherwise now (a tensor that
    turned into a list or back is BRK-FLATBUFFERS-LAYOUT's, not a rename)."""
    before, after = _schema_fields(old), _schema_fields(new)
    out = {}
    for attribute, (field, item, is_list, span) in before.items():
        if attribute in after and after[attribute][0] != field and after[attribute][2] == is_list:
            out[attribute] = Rename(item, field, after[attribute][0], after[attribute][3], span)
    return out


def _compare_renames(old: OpSpec, new: OpSpec, revision: int | None) -> Iterator[Finding]:
    """One finding per renamed field, its notes naming everything that knows it by name."""
    keys_before, keys_after = json_keys(old), json_keys(new)
    features_before, features_after = feature_names(old), feature_names(new)
    table = new.flatbuffers.table
    for attribute, r in sorted(renames(old, new).items()):
        notes = [Note(f"JSON graphs written before fail to read: key {_json_path(keys_before[attribute][0])} is now "
                      f"{_json_path(keys_after[attribute][0])}")]
        if revision is not None and features_before[attribute][0] != features_after[attribute][0]:
            notes.append(Note(f"shipped models read graph.nodes[i].{features_before[attribute][0]}, now published as "
                              f"graph.nodes[i].{features_after[attribute][0]}, while feature_semantics_revision stays {revision}"))
        notes.append(Note(f"code naming {table}.{r.old_field} (the FlatBuffers accessors, the frontend's methods, the Python mirror's "
                          "keyword) no longer builds"))
        notes.append(Note("was", r.old_span.at("name")))
        yield Finding(
            R.BRK_FIELD_RENAMED(
                r.new_span.at("name"),
                f"schema field '{r.old_field}' of {table} was renamed to '{r.new_field}': its slot stays, so binary graphs still "
                "read, but everything that knows it by name breaks",
                *notes,
            ),
            f"{new.op}.{r.old_item}",
        )


def _table_renamed(old: OpSpec, new: OpSpec, revision: int | None) -> Finding:
    """One finding for a renamed table, its notes naming everything that knows the table by name:
    the feature hipDNN publishes for its work (while the revision stays) and the code."""
    was, now = old.flatbuffers.table, new.flatbuffers.table
    notes = []
    if revision is not None and old.work is not None and new.work is not None:
        notes.append(Note(f"shipped models read graph.flops_by_type.{was}, now published as graph.flops_by_type.{now}, "
                          f"while feature_semantics_revision stays {revision}"))
    notes.append(Note(f"code naming {was} (NodeAttributes::{was}, {was}T, the include of {old.flatbuffers.header}, the Python "
                      "mirror's class) no longer builds"))
    notes.append(Note("was", old.flatbuffers.span.at("table")))
    return Finding(
        R.BRK_TABLE_RENAMED(
            new.flatbuffers.span.at("table"),
            f"FlatBuffers table of {new.op} was renamed from {was} to {now}: its union position stays, so binary graphs still "
            "read, but everything that knows it by name breaks",
            *notes,
        ),
        f"{new.op}.table",
    )


def _compare_op(old: OpSpec, new: OpSpec, revision: int | None = None) -> Iterator[Finding]:
    """`revision`: the feature_semantics_revision the published names are pinned at (None: it went up)."""
    old_by_attribute = {t.attribute: t for t in old.all_tensors}
    old_tensors = {t.name: old_by_attribute.get(t.attribute) or next((o for o in old.all_tensors if o.name == t.name), None) for t in new.all_tensors}
    old_tensors = {k: v for k, v in old_tensors.items() if v is not None}
    yield from _compare_renames(old, new, revision)
    for t in new.all_tensors:
        was = old_tensors.get(t.name)
        if was is not None and was.list != t.list:
            kinds = ("a tensor list", "a single tensor") if was.list else ("a single tensor", "a tensor list")
            yield Finding(
                R.BRK_FLATBUFFERS_LAYOUT(t.span.at("name"), f"tensor '{t.name}' of {new.op} was {kinds[0]} and is now {kinds[1]}: its UID field changes type", Note("was", was.span.at("name"))),
                f"{new.op}.{t.name}",
            )
        if was is not None and was.optional and not t.optional:
            yield Finding(
                R.BRK_OPTIONAL_TO_REQUIRED(t.span.at("name"), f"tensor '{t.name}' of {new.op} was optional and is now required", Note("was", was.span.at("name"))),
                f"{new.op}.{t.name}",
            )
    for t in new.all_tensors:
        if t.name not in old_tensors and t.required:
            yield Finding(
                R.BRK_REQUIRED_TENSOR_ADDED(
                    t.span.at("name"), f"tensor '{t.name}' of {new.op} is new and required: graphs serialized before have no UID for it"
                ),
                f"{new.op}.{t.name}",
            )
    old_fields_by_attribute = {f.attribute: f for f in old.fields}
    old_fields = {f.name: old_fields_by_attribute.get(f.attribute) or next((o for o in old.fields if o.name == f.name), None) for f in new.fields}
    for f in new.fields:
        old_field = old_fields.get(f.name)
        if old_field is not None and old_field.type.name == f.type.name and old_field.default != f.default:
            yield Finding(
                R.BRK_FIELD_DEFAULT(
                    f.span.at("default"),
                    f"default of field '{f.name}' of {new.op} changed from {_shown(old_field.default)} to {_shown(f.default)}: "
                    "a graph written before that left it unset now reads the new default",
                    Note("was", old_field.span.at("default")),
                ),
                f"{new.op}.{f.name}",
            )
        if old_field is not None and old_field.enum is not None and f.enum is not None:
            yield from _compare_enum(new.op, f.name, old_field.enum, f.enum)
        if old_field is not None and (old_field.type.name != f.type.name or old_field.optional != f.optional):
            was_type = old_field.type.name + (" (optional)" if old_field.optional else "")
            now_type = f.type.name + (" (optional)" if f.optional else "")
            yield Finding(
                R.BRK_FIELD_TYPE(f.span.at("type"), f"field '{f.name}' of {new.op} changed type from {was_type} to {now_type}", Note("was", old_field.span.at("type"))),
                f"{new.op}.{f.name}",
            )
    if old.node_type is not None and new.node_type is not None:
        for what, a, b in (("name", old.node_type.name, new.node_type.name), ("value", old.node_type.value, new.node_type.value)):
            if a != b:
                yield Finding(
                    R.BRK_NODE_TYPE(new.node_type.span.at(what), f"graph::NodeType {what} of {new.op} changed from {a} to {b}", Note("was", old.node_type.span.at(what))),
                    f"{new.op}.node_type",
                )
    yield from _compare_json_keys(old, new)
    yield from _compare_cache_key(old, new)
    fb_old, fb_new = old.flatbuffers, new.flatbuffers
    if fb_old.table != fb_new.table:
        yield _table_renamed(old, new, revision)
    if fb_old.union_position is not None and fb_old.union_position != fb_new.union_position:
        yield Finding(
            R.BRK_FLATBUFFERS_LAYOUT(fb_new.span.at("union_position"), f"union position of {fb_new.table} changed from {fb_old.union_position} to {fb_new.union_position}"),
            new.op,
        )
    moved = {r.old_field: r.new_field for r in renames(old, new).values()}
    before, after = [moved.get(name, name) for name in fbs_fields(old)], fbs_fields(new)
    removed = [name for name in before if name not in after]
    for name in removed:
        yield Finding(
            R.BRK_FIELD_REMOVED(
                new.span.at("fields"),
                f"FlatBuffers field '{name}' of {fb_new.table} was removed: every later field is renumbered and graphs written before "
                "misread; keep its slot with `retired: true`",
            ),
            f"{new.op}.{name}",
        )
    if removed and [name for name in before if name in after] == after[: len(before) - len(removed)]:
        return  # only removals: reported above
    for index, name in enumerate(before):
        if index >= len(after) or after[index] != name:
            now = after[index] if index < len(after) else "nothing"
            yield Finding(
                R.BRK_FLATBUFFERS_LAYOUT(
                    new.span.at("tensors"),
                    f"FlatBuffers field {index} of {fb_new.table} was '{name}' and is now '{now}'; fields may only be appended",
                ),
                new.op,
            )
            break


def _shown(value: Any) -> str:
    return "unset" if value is None else repr(value).lower() if isinstance(value, bool) else str(value)


def _compare_enum(op: str, field: str, old: EnumDef, new: EnumDef) -> Iterator[Finding]:
    subject = f"{op}.{field}"
    if old.name != new.name:
        yield Finding(R.BRK_ENUM_VALUE(new.span.at("name"), f"enum of field '{field}' of {op} was renamed from {old.name} to {new.name}", Note("was", old.span.at("name"))), subject)
    now = {v.name: v for v in new.values}
    by_value = {v.value: v for v in new.values}
    for v in old.values:
        if v.name in now and now[v.name].value != v.value:
            yield Finding(
                R.BRK_ENUM_VALUE(now[v.name].span.at("value"), f"{new.name}::{v.name} changed from {v.value} to {now[v.name].value}", Note("was", v.span.at("value"))),
                f"{subject}.{v.name}",
            )
        elif v.name not in now:
            other = by_value.get(v.value)
            how = f"renamed to {other.name} (its JSON spelling changes too)" if other is not None else "removed"
            yield Finding(
                R.BRK_ENUM_VALUE(new.span.at("values"), f"{new.name}::{v.name} = {v.value} was {how}", Note("was", v.span.loc)),
                f"{subject}.{v.name}",
            )
    old_tag = (old.type_tag, old.new_tag.value if old.new_tag is not None else None)
    new_tag = (new.type_tag, new.new_tag.value if new.new_tag is not None else None)
    if old_tag != new_tag:
        shown = [f"{name}" + (f" = {value}" if value is not None else "") for name, value in (old_tag, new_tag)]
        yield Finding(
            R.BRK_TYPE_TAG(new.span.at("type_tag"), f"type tag of enum {new.name} ({op}.{field}) changed from {shown[0]} to {shown[1]}", Note("was", old.span.at("type_tag"))),
            subject,
        )


def json_keys(spec: OpSpec) -> dict[str, tuple[str, str, Any]]:
    """Every key hipDNN's JSON form of the op's table holds, by the attribute of the tensor or field
    it carries: (`inputs.<uid field>`, `outputs.<uid field>` or the field's own name; the tensor or
    field; its span)."""
    keys = {t.attribute: (f"{'inputs' if t.role == 'input' else 'outputs'}.{naming.tensor_uid_field(t)}", t.name, t.span) for t in spec.all_tensors}
    keys.update({f.attribute: (f.name, f.name, f.span) for f in spec.fields})
    return keys


def _compare_json_keys(old: OpSpec, new: OpSpec) -> Iterator[Finding]:
    """A tensor or field that is still there (same attribute) but written under another key; one
    that is gone is BRK-ATTRIBUTE-REMOVED's."""
    before, after = json_keys(old), json_keys(new)
    renamed = renames(old, new)
    for attribute, (key, item, _) in before.items():
        if attribute not in after or after[attribute][0] == key or attribute in renamed:
            continue
        now, name, span = after[attribute]
        yield Finding(
            R.BRK_JSON_KEY(
                span.at("role") if now.startswith(("inputs.", "outputs.")) else span.at("name"),
                f"JSON key {_json_path(key)} of {new.flatbuffers.table} is now {_json_path(now)} ({name}): JSON graphs written before fail to read",
            ),
            f"{new.op}.{item}",
        )


def _json_path(key: str) -> str:
    section, _, name = key.rpartition(".")
    return f'"{section}"."{name}"' if section else f'"{name}"'


def _cache_marks(spec: OpSpec) -> dict[str, tuple[str, tuple[str, ...], Any]]:
    """Per schema field: (the tensor or field it holds, its cache-key marks, the spec entry's span)."""
    marks = {naming.tensor_uid_field(t): (t.name, tuple(m for m in t.metadata if m in (UID_MARK, IGNORE_MARK)), t.span) for t in spec.all_tensors}
    marks.update({f.name: (f.name, tuple(m for m in f.metadata if m in (UID_MARK, IGNORE_MARK)), f.span) for f in spec.fields})
    return marks


def _compare_cache_key(old: OpSpec, new: OpSpec) -> Iterator[Finding]:
    before, after = _cache_marks(old), _cache_marks(new)
    for name, (item, marks, span) in after.items():
        if name not in before or before[name][1] == marks:
            continue
        was = before[name][1]
        changes = [f"gained ({m})" for m in marks if m not in was] + [f"lost ({m})" for m in was if m not in marks]
        yield Finding(
            R.BRK_CACHE_KEY(
                span.at("metadata"),
                f"{new.flatbuffers.table}.{name} {' and '.join(changes)}: hipDNN's cache keys for {new.op} change, so caches stored before no longer match",
                Note("was", before[name][2].at("metadata")),
            ),
            f"{new.op}.{item}",
        )


@dataclass(frozen=True)
class Waiver:
    rule: str
    subject: str
    reason: str
    expires: datetime.date
    loc: Loc


def today() -> datetime.date:
    pinned = os.environ.get(TODAY_VARIABLE)
    return datetime.date.fromisoformat(pinned) if pinned else datetime.date.today()


def load_waivers(ws: Workspace) -> tuple[list[Waiver], list[Diagnostic]]:
    path = ws.spec_dir / WAIVER_FILE
    if not path.exists() and not path.is_symlink():
        return [], []
    raw, problems = read_file(ws, path)
    if raw is None:
        return [], problems
    doc, problems = _document(ws.display(path), raw, "waivers.schema.json")
    if doc is None:
        return [], problems
    waivers = []
    for i, entry in enumerate(doc.data["waivers"]):
        loc = doc.loc(("waivers", i))
        try:
            expires = datetime.date.fromisoformat(entry["expires"])
        except ValueError:
            problems.append(R.SCHEMA_PATTERN(doc.loc(("waivers", i, "expires")), f"waivers[{i}].expires is not a real date: {entry['expires']}"))
            continue
        waivers.append(Waiver(entry["rule"], entry["subject"], entry["reason"], expires, loc))
    return waivers, problems


def check(ws: Workspace, rev: str) -> list[Diagnostic]:
    if not rev.strip():
        raise UsageError("--against needs a git revision (a branch, tag or commit), not an empty string")
    base = load_revision(ws.root, rev)
    waivers, problems = load_waivers(ws)
    found = list(problems)
    for numbers in base.partial:
        found.append(
            R.BRK_BASE_PARTIAL(
                Loc(numbers.shown),
                "this base spec does not validate under today's schema; only its attribute IDs and type values were compared",
            )
        )
    for shown in base.unread:
        found.append(R.BRK_BASE_PARTIAL(Loc(shown), "this base file is not readable YAML; nothing in it was compared"))
    now = today()
    active = {(w.rule, w.subject) for w in waivers if w.expires >= now}
    for w in waivers:
        if w.expires < now:
            found.append(R.BRK_WAIVER_EXPIRED(w.loc, f"waiver for {w.rule} {w.subject} expired on {w.expires.isoformat()}; remove it or renew it with a reason"))
    present = {path.stem for path in spec_files(ws.root)}
    unreadable = frozenset(present - {s.op for s in ws.specs})
    for finding in compare(base.specs, base.registry, ws.specs, ws.registry, unreadable, base.partial):
        if (finding.diagnostic.rule, finding.subject) not in active:
            found.append(finding.diagnostic)
    return found
