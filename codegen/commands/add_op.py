"""`hipdnn-codegen add-op`: create an op's spec with collision-free numbers (a skeleton, or drafted
from a FlatBuffers table) and generate its code, or validate an existing one."""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from pathlib import Path

from codegen import families
from codegen.checks import collisions
from codegen.commands._common import EXIT_FINDINGS, EXIT_OK, SPEC_SCHEMA, _hipdnn_root, drop_checkout_names, _owners, _produce, _report, _written, schema_text
from codegen.diagnostics import diagnostics, rules
from codegen.diagnostics.diagnostics import Loc
from codegen.plumbing import storage
from codegen.spec.registry import REGISTRY_FILE, hand_over
from codegen.views import naming
from codegen.pipeline.workspace import SPEC_DIR, UsageError, Workspace, load


def cmd_add_op(args: argparse.Namespace) -> int:
    root = args.settings.root
    ws = load(root)
    if not naming.OP_ID.match(args.name):
        raise UsageError(f"op name '{args.name}' must be snake_case, e.g. layernorm_bwd")
    if not ws.spec_path(args.name).exists():
        # another spec's shared range naming this op (its spec deleted to adopt it again) is the
        # share this run restores: it is checked again below, with the new spec in place
        dangling = f"names '{args.name}', which is neither another op nor a registry block owner"
        ws.diagnostics[:] = [d for d in ws.diagnostics if not (d.rule == "CHK-SHARED-RANGE" and dangling in d.message)]
    status = _report(ws)
    if status != EXIT_OK:
        return status
    new_spec: list[storage.Change] = []  # the spec file, when this run creates it
    closing: list[str] = []  # what add-op adopted or guessed, for review
    if not ws.spec_path(args.name).exists():
        status, text, closing, skeleton, registry_text = _create_spec(ws, args)
        if status != EXIT_OK or args.dry_run:
            return status
        new_spec = [storage.Change(f"{SPEC_DIR}/{args.name}.yaml", "create", None, text.encode())]
        if registry_text is not None:  # the registry's entries for the op passed to its spec
            old_registry = ws.registry_source
            new_spec.append(storage.Change(f"{SPEC_DIR}/{REGISTRY_FILE}", "update", old_registry, registry_text.encode()))
        copy = ws.spec_dir / SPEC_SCHEMA  # what the new spec's modeline names
        old_schema = copy.read_bytes() if copy.is_file() and not copy.is_symlink() else None
        if old_schema != schema_text():
            new_spec.append(storage.Change(f"{SPEC_DIR}/{SPEC_SCHEMA}", "create" if old_schema is None else "update", old_schema, schema_text()))
        if skeleton:  # a placeholder, not yet the op: nothing to generate until it is edited
            return _skeleton_written(ws, args, new_spec)
        ws = load(root, new_specs={args.name: text.encode()}, new_registry=None if registry_text is None else registry_text.encode())
        if args.hipdnn_root or args.settings.hipdnn_root is not None:
            drop_checkout_names(ws, _hipdnn_root(args))
        status = _report(ws)
        if status != EXIT_OK:
            return status
    elif args.from_fbs or args.stem:
        raise UsageError(f"{ws.display(ws.spec_path(args.name))} exists; --from-fbs and --stem only apply to new ops")
    spec = ws.spec(args.name)
    assert spec is not None
    if args.dry_run:
        print(f"{ws.display(ws.spec_path(args.name))}: valid; would generate:")
        for path in families.planned_files(naming.OpNames(spec)):
            print(f"  {ws.display(ws.generated_dir / path)}")
        return EXIT_OK
    with storage.Transaction(ws.root) as txn:  # the spec and its code land together or not at all
        for change in new_spec:
            txn.stage(change.path, change.new or b"")
        # a registry that gave entries to the new spec changed every op's stamp: all are regenerated with it
        produced = ws.complete if any(c.path.endswith(REGISTRY_FILE) for c in new_spec) else [s for s in ws.complete if s.op == spec.op]
        status, changes, warnings = _produce(ws, produced, [s.op for s in produced] + [naming.PYTHON_DIR], txn=txn)
        sys.stdout.write(diagnostics.render(warnings))
        if status != EXIT_OK:
            return status
        print(f"{ws.display(ws.spec_path(args.name))}: valid")
        txn.commit()
    _written(ws, args, changes, _owners(ws, produced), new_spec)
    args.console.say("next:")
    args.console.say(f"  hipdnn-codegen apply --hipdnn-root PATH/TO/projects/hipdnn {args.name}")
    for line in closing:
        args.console.say(line)
    return EXIT_OK


def _skeleton_written(ws: Workspace, args: argparse.Namespace, new_spec: list[storage.Change]) -> int:
    """Write add-op's skeleton (and the schema its modeline names) and say what to edit: the
    skeleton is SPEC-SKELETON until edited, so nothing is generated from it."""
    with storage.Transaction(ws.root) as txn:
        for change in new_spec:
            txn.stage(change.path, change.new or b"")
        txn.commit()
    for change in new_spec:
        args.console.say(f"{change.kind + 'd':8} {ws.display(ws.root / change.path)}")
    shown = ws.display(ws.spec_path(args.name))
    args.console.say("next:")
    args.console.say(f"  edit {shown}: the op's own tensors, fields, rules and test_data; then delete its `skeleton: true` line")
    args.console.say(f"  hipdnn-codegen check --fix {shown}    (generates the op once the spec is no longer a skeleton)")
    return EXIT_OK


def _create_spec(ws: Workspace, args: argparse.Namespace) -> tuple[int, str, list[str], bool, str | None]:
    """The text of op_specs/NAME.yaml with allocated numbers (printed instead with --dry-run),
    the review notes on what was adopted or guessed, whether it is a skeleton, and the registry's
    new text when the op's entries in it passed to the spec (None: unchanged)."""
    from codegen.hipdnn import adopt, adopt_backend, adopt_cxx, adopt_frontend, scaffold
    from codegen.pipeline import render
    from codegen.pipeline.workspace import load_spec

    stem = args.stem or scaffold.derive_stem(args.name)
    unvalued: list[scaffold.DraftField] = []  # integer fields the checkout's constants give no test value
    # an op the registry has is adopted from its schema and the registry's entries pass to the spec; a
    # skeleton cannot describe it, so the registry's owners refuse skeletons only
    checkout_root = _hipdnn_root(args) if args.hipdnn_root or args.settings.hipdnn_root is not None else None
    from_fbs = args.from_fbs
    if not from_fbs and checkout_root is not None:  # the op's schema in the checkout, found by its table
        from_fbs = adopt_cxx.find_schema(checkout_root, args.name)
    owners = {b.owner: b.span.loc for b in ws.registry.blocks} if ws.registry and not from_fbs else {}
    reason = scaffold.refusal(args.name, stem, {s.op: s.stem for s in ws.specs}, owners)
    if reason:
        raise UsageError(reason)
    found = None
    stem_line = ""  # the stem taken from the checkout's file names, said with the files
    shared_blocks: dict[str, list[str]] = {}  # spec keys read from the checkout's shared files (work, support), as YAML lines
    try:
        if from_fbs:
            path_text, _, table = from_fbs.partition(":")
            path = Path(path_text)
            if not path.is_file():
                raise UsageError(f"--from-fbs {path_text}: no such file")
            draft = scaffold.from_fbs(args.name, stem, path, ws.display(path), table or None)
            if checkout_root is not None:  # the checkout's Graph method and Attributes class state roles
                given, source, found = adopt_cxx.roles(checkout_root, args.name, draft.table, [t.name for t in draft.tensors])
                if given:
                    draft = scaffold.from_fbs(args.name, stem, path, ws.display(path), table or None, given, source)
            own = None if args.stem else scaffold.stem_from_table(args.name, draft.table)
            if own is not None and own != draft.stem:  # hipDNN's spelling of the op, from its table
                reason = scaffold.refusal(args.name, own, {s.op: s.stem for s in ws.specs}, {})
                if reason:
                    raise UsageError(reason)
                draft.stem = own
            named = adopt_cxx.checkout_stem(checkout_root, args.name, draft.stem) if checkout_root is not None and not args.stem else None
            if named is not None:  # the checkout names the op's files by another stem than its table
                reason = scaffold.refusal(args.name, named[0], {s.op: s.stem for s in ws.specs}, {})
                if reason:
                    raise UsageError(reason)
                stem_line = f"stem {named[0]} (not the table's {draft.stem}): the checkout's {', '.join(named[1])}"
                draft.stem = named[0]
        else:
            draft = scaffold.skeleton(args.name, stem)
        shown = ws.display(ws.spec_path(args.name))
        root = _hipdnn_root(args) if args.hipdnn_root or args.settings.hipdnn_root is not None else None
        numbered = adopt.number(draft, ws.specs, ws.registry, root, ws.display, Loc(shown))
        closing = numbered.lines + draft.summary()
        if from_fbs and checkout_root is not None and found is not None:
            draft.cxx = adopt_cxx.facts(
                checkout_root, found, args.name, draft.stem,
                [(t.name, t.role, t.optional) for t in draft.tensors if not t.list], [(f.name, f.optional, f.type) for f in draft.fields],
            )
            _class_order(draft, draft.cxx.order)
            adopt_frontend.adopt(draft, found)
            inferred = adopt_cxx.node_inferences(checkout_root, found, [t.name for t in draft.tensors if not t.list], [f.name for f in draft.fields])
            if inferred is not None:  # the node's own infer_properties_node() replaces the guesses from names
                pairs, node_file, otherwise = inferred.pairs, inferred.file, inferred.otherwise
                singles = [t.name for t in draft.tensors if not t.list]
                outputs = [t.name for t in draft.tensors if t.role == "output" and not t.list]
                guessed = {t: (t, s, why) for t, s, why in draft.inferences if t in otherwise}  # inferred in a form not read: the guess stays
                read = {t: (t, s, f"{node_file} infer_properties_node()") for t, s in pairs}  # an input too (layernorm backward's dy)
                draft.inferences = [read.get(t) or guessed[t] for t in singles if t in read or t in guessed]
                draft.formulas = inferred.formulas
                formulated = {f["tensor"] for f in inferred.formulas}
                draft.uninferred = [t for t in outputs if t not in read and t not in guessed and t not in formulated]
                shapes = [f"{t} from {s}" for t, s, _ in read.values()]
                shapes += [f"{f['tensor']} = {f['dims']}" + (f" ({f['strides']} strides)" if "strides" in f else "") for f in inferred.formulas if "when" not in f]
                draft.cxx.lines.append(f"output shapes from {node_file}: " + (", ".join(shapes) or "none"))
                if guessed:
                    draft.cxx.lines.append(f"{node_file} infers {', '.join(guessed)} in a form adoption does not read: the guesses from names kept (review)")
            getters = {t: str(keys["getter"]) for t, keys in draft.cxx.access.items() if "getter" in keys}  # get_attn_scale, get_bias
            checked = adopt_cxx.node_checks(checkout_root, found, [t.name for t in draft.tensors if not t.list], [f.name for f in draft.fields], getters)
            if checked is not None:  # the node's own pre_validate_node(): its checks and same-shape rules
                if draft.proposed_checks:  # the node's own checks replace the proposed minimum ranks
                    dropped = set(draft.summary()) - set(dataclasses.replace(draft, proposed_checks=[]).summary())
                    closing = [line for line in closing if line not in dropped]
                draft.checks = checked.ordered_checks()
                draft.proposed_checks = []
                draft.rules = [r for r in draft.rules if r[0] != "same_shape"] + checked.ordered_rules()
                draft.cxx.lines.append(
                    f"checks from {checked.file} pre_validate_node(): "
                    + (", ".join(c["id"] for c in checked.checks) or "none")
                    + (f"; same_shape {', '.join('[' + ', '.join(g) + ']' for g in checked.rules)}" if checked.rules else "")
                    + "".join(f"; {kind} {value if isinstance(value, str) else '[' + ', '.join(value) + ']'}" for kind, value in checked.kinds)
                )
                for counted, reads in inferred.fields if inferred is not None else ():
                    # a field the node sets when unset, from the tensor whose conforms rule it splits
                    splitter = next((t for t in reads if any(kind == "conforms" and isinstance(v, str) and f"tensor: {t}," in v and f"split: {counted}" in v for kind, v in checked.kinds)), None)
                    if splitter is not None:
                        draft.field_inferences.append((counted, splitter))
                    else:
                        draft.cxx.lines.append(f"{checked.file} infers {counted} from {', '.join(reads) or 'no tensor'}, which no conforms rule splits: not adopted (review)")
                if checked.untranslated:
                    draft.cxx.lines.append(f"{checked.file} pre_validate_node() calls not translated (review): {'; '.join(checked.untranslated)}")
            taken: dict[str, set[int]] = {}  # the other specs' test UIDs, by constants namespace
            for s in ws.specs:
                taken.setdefault(s.constants_namespace or "", set()).update({t.uid for t in s.test_tensors} | {i.uid for lst in s.test_lists for i in lst.items})
            data = adopt_cxx.test_data(checkout_root, draft.stem, [t.name for t in draft.tensors if not t.list], [f.name for f in draft.fields], taken, draft.range)
            _take_test_data(draft, data)
            unvalued = [f for f in draft.fields if f.type in ("int32", "int64") and f.enum is None and f.name not in data.fields]
            if checked is not None:
                draft.by_value.update(checked.scalars)  # validateScalarParameter asks a pass-by-value tensor
                for check in checked.checks:  # a data type the node asks of a tensor (SDPA's INT32 sequence lengths)
                    asked = re.fullmatch(r"(\w+)\.dtype == DataType\.(\w+)", check["requires"])
                    if asked is not None:
                        draft.test_dtypes.setdefault(asked[1], asked[2])
            if checked is not None and not draft.shared_shapes:
                _channel_shapes(draft, checked.channel_only)
                for t in checked.scalars:  # a single element, where no constant gives dims
                    draft.test_shapes.setdefault(t, ([1], [1]))
            shared_lines = _shared_blocks(draft, checkout_root, args.name, shared_blocks)
            backend = adopt_backend.read(checkout_root, draft.stem, [(t.name, t.optional, t.uid_field or f"{t.name}_tensor_uid") for t in draft.tensors if not t.list])
            draft.backend_getters, draft.from_node_missing_optional = backend.getters, backend.missing_optional
            lines = ([stem_line] if stem_line else []) + draft.cxx.lines + data.lines + shared_lines + backend.lines
            if lines:
                closing += ["from the checkout's frontend and test constants:", *(f"  {line}" for line in lines)]
        if from_fbs:  # cuDNN parity, from a cudnn-frontend checkout when one is given
            closing += _cudnn_block(ws, args, draft, shared_blocks, checkout_root is not None)
    except diagnostics.SpecError as exc:
        sys.stdout.write(diagnostics.render(exc.diagnostics))
        return EXIT_FINDINGS, "", [], False, None
    registry = numbered.handoff.registry
    registry_text = None
    if numbered.handoff.lines and ws.registry_source:
        registry_text = hand_over(ws.registry_source.decode("utf-8"), numbered.handoff.lines, args.name, numbered.handoff.used)
        removed = "to be removed" if args.dry_run else "removed"
        closing.append(f"registry entries passed to the spec ({removed} from {ws.display(ws.spec_dir / REGISTRY_FILE)}): {len(numbered.handoff.lines)}")
    text = _with_blocks(scaffold.render(draft, render.environment(ws.template_dirs)), shared_blocks, draft)
    spec, problems = load_spec(shown, args.name, text.encode())
    if spec is not None and draft.checks and draft.shared_shapes and any(d.rule == rules.SPEC_TEST_SHAPE_RULE.id for d in problems):
        assigned = _assign_shapes(spec, draft)
        if assigned:
            draft.shape_names = assigned
            closing.append(
                "test shapes: the checkout's shared shapes given to the tensors whose dims no constant states, the first "
                "assignment (in the header's shape order) that passes the node's checks: "
                + ", ".join(f"{t} {n}" for t, n in assigned.items())
            )
            text = _with_blocks(scaffold.render(draft, render.environment(ws.template_dirs)), shared_blocks, draft)
            spec, problems = load_spec(shown, args.name, text.encode())
    if spec is not None and (draft.proposed or draft.proposed_checks) and any(d.rule == rules.SPEC_TEST_SHAPE_RULE.id for d in problems):
        # a proposed rule or check the checkout's own test shapes break is no check hipDNN makes: left out
        closing.append("checks not proposed, the checkout's test shapes break them: " + ", ".join(
            [f"{kind} [{', '.join(t)}]" for kind, t in draft.proposed] + [c["id"] for c in draft.proposed_checks]))
        draft.rules = [rule for rule in draft.rules if rule not in draft.proposed]
        draft.checks = [c for c in draft.checks if c not in draft.proposed_checks]
        draft.proposed, draft.proposed_checks = [], []
        text = _with_blocks(scaffold.render(draft, render.environment(ws.template_dirs)), shared_blocks, draft)
        spec, problems = load_spec(shown, args.name, text.encode())
    while shared_blocks and problems and (blamed := _blamed_block(text, shared_blocks, problems)) is not None:
        # a key read from the checkout that this spec cannot hold as it is: left out and said, never a broken spec
        closing.append(f"{blamed}: read from the checkout but not valid in this spec ({problems[0].rule}): left out, review")
        del shared_blocks[blamed]
        text = _with_blocks(scaffold.render(draft, render.environment(ws.template_dirs)), shared_blocks, draft)
        spec, problems = load_spec(shown, args.name, text.encode())
        problems = [d for d in problems if d.rule != rules.SPEC_SKELETON.id]
    if spec is not None and draft.checks and unvalued and any(d.rule == rules.SPEC_TEST_SHAPE_RULE.id for d in problems):
        # an integer field no constant gives a value (block-scale quantize's axis): the highest index of
        # the test tensors' ranks down to 0, the first value the node's checks accept with the others
        ranks = [len(dims) for dims, _ in draft.test_shapes.values()] or [1]
        for unset in unvalued:
            kept = unset.test_value
            for value in range(max(ranks) - 1, -1, -1):
                unset.test_value = value
                text = _with_blocks(scaffold.render(draft, render.environment(ws.template_dirs)), shared_blocks, draft)
                spec, problems = load_spec(shown, args.name, text.encode())
                if spec is not None and not any(d.rule == rules.SPEC_TEST_SHAPE_RULE.id for d in problems):
                    closing.append(f"test value of {unset.name}: {value}, no constant gives one; the highest index of the test ranks the node's checks accept")
                    break
            else:
                unset.test_value = kept
                text = _with_blocks(scaffold.render(draft, render.environment(ws.template_dirs)), shared_blocks, draft)
                spec, problems = load_spec(shown, args.name, text.encode())
                continue
            break
    if spec is not None and draft.checks and any(d.rule == rules.SPEC_TEST_SHAPE_RULE.id for d in problems):
        # the node's checks that the test data adoption has cannot pass: left out and said, never a broken spec
        failing = next(d for d in problems if d.rule == rules.SPEC_TEST_SHAPE_RULE.id)
        closing.append(f"checks from the checkout's node not written, the adopted test data fails them ({failing.message}); review: {', '.join(c.get('id', 'same_shape') for c in draft.checks)}")
        draft.checks = []
        text = _with_blocks(scaffold.render(draft, render.environment(ws.template_dirs)), shared_blocks, draft)
        spec, problems = load_spec(shown, args.name, text.encode())
        problems = [d for d in problems if d.rule != rules.SPEC_SKELETON.id]
    if spec is not None:
        problems += [d for d in collisions.check([*ws.specs, spec], registry) if d.severity == "error"]
    # the placeholder says so itself; the op's work is the author's to declare, and check says so
    problems = [d for d in problems if d.rule not in (rules.SPEC_SKELETON.id, rules.SPEC_WORK_MISSING.id)]
    if problems:  # the allocator produced something check rejects: a bug, not a user error
        raise RuntimeError(f"allocated spec fails check: {problems[0].render()}")
    if args.dry_run:
        print(f"# {shown} (not written)")
        sys.stdout.write(text)
        if draft.skeleton:
            print("# a skeleton: nothing is generated from it until it is edited and its `skeleton: true` line deleted")
        else:
            print("# would generate:")
            for planned in families.planned_files(naming.OpNames(spec)) if spec else []:
                print(f"#   {ws.display(ws.generated_dir / planned)}")
        for line in closing:  # what was adopted or guessed, for review
            print(line)
    return EXIT_OK, text, closing, draft.skeleton, registry_text


def _shared_blocks(draft, root: Path, op: str, blocks: dict[str, list[str]]) -> list[str]:  # type: ignore[no-untyped-def]
    """The op's `work:` (the checkout's EngineFeatures.hpp) and `support:` (its
    docs/OperationSupport.md) into `blocks`, as YAML lines; returns the lines for review."""
    from codegen.hipdnn import adopt_shared

    lines: list[str] = []
    singles = [t for t in draft.tensors if not t.list]
    uid_tensors = {t.uid_field or f"{t.name}_tensor_uid": t.name for t in singles}
    work = adopt_shared.work(root, draft.table, uid_tensors, {t.name for t in singles if t.optional}, {f.name for f in draft.fields})
    if work is not None:
        lines += work.lines
        if work.found:
            blocks["work"] = work.yaml()
    from codegen.hipdnn import adopt_reference

    schema_order = draft.order or [t.name for t in draft.tensors] + [f.name for f in draft.fields]
    found = adopt_reference.read(root, op, draft.table, [(t.name, t.uid_field or f"{t.name}_tensor_uid") for t in singles],
                                 [f.name for f in draft.fields], schema_order, draft.rules)
    if found is not None:  # the CPU reference's data types and call (the checkout's test SDK)
        lines += found.lines
        if found.dtypes:
            blocks["dtypes"] = found.dtypes
        if found.reference:
            blocks["reference"] = found.reference
    support = adopt_shared.support(root, op)
    if support is not None:
        rows, said = support
        lines += said
        if rows:
            blocks["support"] = adopt_shared.support_yaml(rows)
    return lines


def _cudnn_block(ws: Workspace, args: argparse.Namespace, draft, blocks: dict[str, list[str]], adopting: bool) -> list[str]:  # type: ignore[no-untyped-def]
    """The op's `cudnn:` block read from the cudnn-frontend checkout (--cudnn-frontend-root, else the
    configuration's cudnn-frontend-root) into `blocks`; returns the lines for review (adopting an op
    from a hipDNN checkout without a cudnn-frontend one says that no key is written)."""
    from codegen.hipdnn import adopt_cudnn

    root = Path(args.cudnn_frontend_root) if getattr(args, "cudnn_frontend_root", None) else args.settings.cudnn_frontend_root
    if root is None:
        return ["no cudnn key (cuDNN parity): pass --cudnn-frontend-root DIR (a cudnn-frontend checkout) to read it"] if adopting else []
    if not root.is_dir():
        raise UsageError(f"--cudnn-frontend-root {root}: no such directory")
    alias = draft.cxx.cudnn_alias if draft.cxx is not None and draft.cxx.cudnn_alias else adopt_cudnn.derived_alias(draft.stem)
    pin = ws.registry.cudnn_frontend if ws.registry is not None else None
    cudnn_root = Path(args.cudnn_root) if getattr(args, "cudnn_root", None) else args.settings.cudnn_root
    if cudnn_root is not None and not cudnn_root.is_dir():
        raise UsageError(f"--cudnn-root {cudnn_root}: no such directory")
    names = {t.name: t.attribute for t in draft.tensors} | {f.name: f.attribute for f in draft.fields} | {"compute_type": draft.compute_attribute}
    hipdnn = adopt_cudnn.Hipdnn(draft.descriptor_type[0], names)
    parity = adopt_cudnn.read(root, alias, [(t.name, t.role, t.list) for t in draft.tensors], [f.name for f in draft.fields], pin, cudnn_root, hipdnn)
    if parity.found:
        blocks["cudnn"] = parity.yaml(ws.display(root))
    return parity.lines


def _with_blocks(text: str, blocks: dict[str, list[str]], draft=None) -> str:  # type: ignore[no-untyped-def]
    """The rendered spec with the blocks read from the checkout's shared files appended (and the
    multi-value setters' test names the checkout's tests give)."""
    if draft is not None and getattr(draft, "compat", None) is not None:
        from codegen.hipdnn import adopt_frontend

        text = adopt_frontend.with_compat(text, getattr(draft, "compat"), draft.cxx.setters)
    tests = draft.cxx.setter_tests if draft is not None and draft.cxx is not None else {}
    for name, test in tests.items():
        text = re.sub(rf"^(    - {{name: {re.escape(name)}, args: \[[^\]]*\]}})$", lambda m: m[1][:-1] + f", test: {test}}}", text, flags=re.M)
    for block in blocks.values():
        text = text.rstrip("\n") + "\n\n" + "\n".join(block) + "\n"
    return text


def _blamed_block(text: str, blocks: dict[str, list[str]], problems: list) -> str | None:  # type: ignore[type-arg]
    """The appended block a finding points into (by line), if any."""
    lines = text.split("\n")
    spans: dict[str, tuple[int, int]] = {}
    for key, block in blocks.items():
        first = block[0]
        at = next((i for i, line in enumerate(lines) if line == first), None)
        if at is not None:
            spans[key] = (at + 1, at + len(block))
    for d in problems:
        for key, (low, high) in spans.items():
            if low <= d.loc.line <= high:
                return key
    return None


def _class_order(draft, order: list[str]) -> None:  # type: ignore[no-untyped-def]
    """The tensors in the checkout's class order (inputs, then outputs, each as InputNames and
    OutputNames list them, the unlisted ones after in schema order) within the places the schema
    gives each role (where it interleaves inputs and outputs); the schema's own order, when
    it now differs, goes to `flatbuffers.order`. Numbers were given before, so none moves."""
    if not order:
        return
    schema_order = draft.order or [t.name for t in draft.tensors] + [f.name for f in draft.fields]
    by_name = {t.name: t for t in draft.tensors}
    listed = [by_name[n] for n in order if n in by_name]
    rest = [t for t in draft.tensors if t.name not in order]
    # each role in the class's order, in the places the schema gives that role: SDPA backward's
    # schema puts dq, dk, dv between its required and optional inputs, as its backend descriptor does
    queues = {role: [t for t in listed + rest if t.role == role] for role in ("input", "output")}
    slots = [t.role for t in draft.tensors]
    draft.tensors = [queues[role].pop(0) if role in queues and queues[role] else by_name[t.name] for role, t in zip(slots, draft.tensors)]
    if [t.name for t in draft.tensors] + [f.name for f in draft.fields] != schema_order:
        draft.order = schema_order


def _assign_shapes(spec, draft) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The checkout's shared shapes (batchnorm inference's SPATIAL and CHANNEL) given to the tensors
    whose own dims no constant states, so the test data passes the node's checks: the first
    assignment, in the header's shape order over the tensors in spec order, that pre-validation
    accepts ({} when none does, or there are too many to try)."""
    import itertools

    from codegen.views import nodecheck

    free = [t.name for t in spec.tensors if t.name not in draft.test_shapes]
    shapes = list(draft.shared_shapes)
    if not free or not shapes or len(shapes) ** len(free) > 4096:
        return {}
    values = {f.name: spec.test_field(f.name).value for f in spec.fields}
    own = {n: (tuple(d), tuple(s)) for n, (d, s) in draft.test_shapes.items()}
    props: dict[str, dict[str, object]] = {t: {"dtype": d} for t, d in draft.test_dtypes.items()}
    for t in draft.by_value:
        props.setdefault(t, {})["pass_by_value"] = True
    # the checks that read what test data gives (dims, ranks, data types), not only which tensors or
    # fields are set: presence is the node tests' choice (SDPA's scale tensor beside attn_scale_value)
    shaped = [c for c in nodecheck.checks(spec) if c.declared is not None and c.declared.check.requires is not None
              and re.search(r"\.(?:dims|rank|strides|dtype|pass_by_value)\b|\bndims\(", str(c.declared.check.requires))]
    for choice in itertools.product(shapes, repeat=len(free)):
        given = dict(own)
        given.update({t: (tuple(draft.shared_shapes[n][0]), tuple(draft.shared_shapes[n][1])) for t, n in zip(free, choice)})
        dims = {t.name: given[t.name][0] for t in spec.tensors}
        strides = {t.name: given[t.name][1] for t in spec.tensors}
        vals = nodecheck.values(spec, dims, strides, values, props)
        if not any(c.declared is not None and nodecheck.declared_fails(c.declared, vals) for c in shaped):
            return dict(zip(free, choice))
    return {}


def _channel_shapes(draft, channel_only: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    """Test dims for the tensors the node checks channel-only that no constant gives dims: [1, C, 1,
    ...] with C the channels (dim 1) of the tensor named, in its rank, so the test data passes."""
    for t, of in channel_only.items():
        if t in draft.test_shapes:
            continue
        dims = list(draft.test_shapes.get(of, ([2, 3], [3, 1]))[0])
        if len(dims) < 2:
            continue
        mine = [1, dims[1]] + [1] * (len(dims) - 2)
        strides = [1] * len(mine)
        for i in range(len(mine) - 2, -1, -1):
            strides[i] = strides[i + 1] * mine[i + 1]
        draft.test_shapes[t] = (mine, strides)


def _take_test_data(draft, data) -> None:  # type: ignore[no-untyped-def]
    """The checkout's test constants into the draft: every single tensor's UID (all or none, so no
    allocated UID meets an adopted one), dims and strides, field values of the field's own kind."""
    singles = [t for t in draft.tensors if not t.list]
    uids = [data.tensors[t.name][0] for t in singles if t.name in data.tensors]
    if len(uids) == len(singles) and len(set(uids)) == len(uids) and not any(t.list for t in draft.tensors):
        for t in singles:
            t.uid = data.tensors[t.name][0]
    for name, (_uid, dims, strides) in data.tensors.items():
        if dims is not None and strides is not None:
            draft.test_shapes[name] = (dims, strides)
    kinds: dict[str, tuple[type, ...]] = {"int32": (int,), "int64": (int,), "float": (int, float), "double": (int, float), "bool": (bool,)}
    for f in draft.fields:
        value = data.fields.get(f.name)
        if f.type in ("int32_vector", "int64_vector") and isinstance(value, int) and not isinstance(value, bool):
            f.test_value = value  # one value for a list field (block-scale dequantize's block size 32): the one-element list, written as the header's scalar
            continue
        kind = kinds.get(f.type)
        if value is not None and kind is not None and isinstance(value, kind) and (f.type == "bool") == isinstance(value, bool):
            f.test_value = value
    if data.tensors:
        draft.constants_prefix = data.prefix
        draft.constants_namespace = data.namespace
        draft.shapes_prefix = data.shapes_prefix
        draft.shared_shapes = dict(data.shapes)
        draft.field_constants = data.field_constants
