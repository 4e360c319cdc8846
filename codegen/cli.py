"""Command line: `hipdnn-codegen COMMAND`. Exit codes: 0 ok, 1 findings, 2 usage, 3 internal error."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Sequence, TextIO

from codegen import __version__, families
from codegen.checks import collisions
from codegen.spec import config
from codegen.plumbing import console, formatting, storage
from codegen.diagnostics import diagnostics, report, rules
from codegen.views import naming
from codegen.pipeline import stamp
from codegen.diagnostics.diagnostics import Loc
from codegen.spec.model import OpSpec
from codegen.spec.registry import REGISTRY_FILE
from codegen.pipeline.workspace import GENERATED_DIR, SPEC_DIR, UsageError, Workspace, load

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
STALE_FILES_SHOWN = 10  # a stale directory's finding lists this many of its files
# the schema copy add-op keeps beside the specs, so the modeline it writes resolves in any workspace
SPEC_SCHEMA = "op_spec.schema.json"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(EXIT_USAGE)


def _global_options(parser: argparse.ArgumentParser, suppress: bool) -> None:
    """--root, -q and -v, taken before the command and after it: the top-level parser holds the
    defaults, each command's copy (`suppress`) sets them only when given, so neither position
    overwrites the other."""
    default: dict[str, Any] = {"default": argparse.SUPPRESS} if suppress else {}
    parser.add_argument("--root", metavar="DIR", help="workspace holding op_specs/ (default: found from the paths given or the current directory, see hipdnn-codegen.toml)", **default)
    parser.add_argument("-q", "--quiet", action="store_true", help="print findings and errors only", **default)
    parser.add_argument("-v", "--verbose", action="store_true", help="also print every file written and unchanged ops", **default)


def _command(sub: argparse._SubParsersAction, name: str, summary: str, example: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        name,
        help=summary,
        description=summary,
        epilog=f"example:\n  {example}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _global_options(parser, suppress=True)
    return parser


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="hipdnn-codegen",
        description="Validate hipDNN operation specs and generate the code they describe.",
        epilog="example:\n  hipdnn-codegen check",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"hipdnn-codegen {__version__}")
    _global_options(parser, suppress=False)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    check = _command(sub, "check", "Validate every spec and the registry; exit 1 on any finding.", "hipdnn-codegen check --format github")
    check.add_argument("paths", nargs="*", metavar="PATH", help="spec files or directories; they locate the workspace (the whole workspace is checked: numbers are global)")
    shown = check.add_mutually_exclusive_group()
    shown.add_argument("--format", choices=("text", "json", "github", "sarif"), default=None, help="output format (default: the configuration's format, else text)")
    shown.add_argument("--statistics", action="store_const", dest="format", const="statistics", help="print one line per rule instead of the findings: count, rule id, purpose")
    check.add_argument("--no-stale", action="store_true", help="skip comparing generated/ with what the specs produce")
    check.add_argument("--diff", action="store_true", help="also print the (capped) diff of every stale generated file")
    check.add_argument("--fix", action="store_true", help="first regenerate stale generated/ files (when the specs hold), then check")
    check.add_argument("--against", metavar="REF", help="also report breaking changes since git revision REF")
    check.add_argument("--hipdnn-root", metavar="DIR", help="also compare numbers with a hipDNN checkout's headers, and each op with its schema there")
    check.set_defaults(run=cmd_check)

    listing = _command(sub, "list", "List the ops with their attribute ranges and type values.", "hipdnn-codegen list")
    listing.set_defaults(run=cmd_list)

    gen = _command(sub, "generate", "Generate the code of every op (or the named ones) into generated/.", "hipdnn-codegen generate layernorm_bwd --dry-run")
    gen.add_argument("ops", nargs="*", metavar="OP", help="op ids to generate (default: all)")
    mode = gen.add_mutually_exclusive_group()
    mode.add_argument("--dry-run", action="store_true", help="list what would change; write nothing")
    mode.add_argument("--check", action="store_true", help="write nothing; exit 1 with a diff if generated/ is stale")
    gen.set_defaults(run=cmd_generate)

    add = _command(sub, "add-op", "Create (or validate) an op's spec with collision-free numbers and generate its code.", "hipdnn-codegen add-op groupnorm_bwd --from-fbs groupnorm_backward_attributes.fbs")
    add.add_argument("name", help="op id: the spec file stem, e.g. layernorm_bwd")
    add.add_argument("--from-fbs", metavar="FILE[:TABLE]", help="fill tensors and fields from a FlatBuffers table")
    add.add_argument("--stem", help="class stem when the derived one is wrong (layernorm_bwd -> LayernormBackward)")
    add.add_argument("--hipdnn-root", metavar="DIR", help="reuse a hipDNN checkout's numbers for names it defines; avoid its other numbers")
    add.add_argument("--dry-run", action="store_true", help="print the new spec and the files; write nothing")
    add.set_defaults(run=cmd_add_op)
    reg = _command(sub, "registry", "Rebuild op_specs/registry.yaml from a hipDNN checkout's headers and graph.fbs.", "hipdnn-codegen registry --hipdnn-root ~/rocm-libraries/projects/hipdnn --check")
    reg.add_argument("--hipdnn-root", metavar="DIR", help="the checkout's projects/hipdnn (or the repository root)")
    reg.add_argument("--source", metavar="TEXT", default="", help="where the checkout came from (repository, commit), recorded in the file's header")
    reg_mode = reg.add_mutually_exclusive_group()
    reg_mode.add_argument("--check", action="store_true", help="write nothing; exit 1 with the diff if the registry differs")
    reg_mode.add_argument("--dry-run", action="store_true", help="print the diff; write nothing")
    reg.set_defaults(run=cmd_registry)
    app = _command(sub, "apply", "Copy generated files into a hipDNN checkout and register the ops in its shared files.", "hipdnn-codegen apply --hipdnn-root ~/rocm-libraries/projects/hipdnn layernorm_bwd --dry-run")
    app.add_argument("ops", nargs="*", metavar="OP", help="op ids to apply (default: all)")
    app.add_argument("--hipdnn-root", metavar="DIR", help="the checkout's projects/hipdnn (or the repository root)")
    app.add_argument("--dry-run", action="store_true", help="print a unified diff of every change; write nothing")
    app.add_argument("--force", action="store_true", help="also replace files at generated paths that hipdnn-codegen did not write")
    app.set_defaults(run=cmd_apply)
    graph = sub.add_parser(
        "graph",
        help="Validate or convert a serialized hipDNN graph (FlatBuffers binary or hipDNN's JSON).",
        description="Validate or convert a serialized hipDNN graph (FlatBuffers binary or hipDNN's JSON) with the workspace's Python mirror.",
    )
    _global_options(graph, suppress=True)
    graph_sub = graph.add_subparsers(dest="graph_command", metavar="ACTION", parser_class=_Parser)
    graph_sub.required = True
    check_graph = _command(graph_sub, "validate", "Check every node of a graph file with the mirror's rules; exit 1 on any finding.", "hipdnn-codegen graph validate model.bin")
    check_graph.add_argument("file", metavar="FILE", help="the graph: FlatBuffers bytes or JSON text (told apart by content)")
    check_graph.set_defaults(run=cmd_graph_validate, builtin_fallback=True)
    conv = _command(graph_sub, "convert", "Convert a graph file between the FlatBuffers binary and hipDNN's JSON.", "hipdnn-codegen graph convert model.bin model.json")
    conv.add_argument("source", metavar="IN", help="the graph: FlatBuffers bytes or JSON text")
    conv.add_argument("target", metavar="OUT", help="the file to write (replaced whole or not at all)")
    conv.add_argument("--to", choices=("json", "binary"), help="the output form (default: json when OUT ends in .json, else binary)")
    conv.set_defaults(run=cmd_graph_convert, builtin_fallback=True)
    explain = _command(sub, "rule", "Explain a rule: its severity, purpose and how to fix its findings.", "hipdnn-codegen rule GEN-STALE")
    explain.add_argument("rule_id", nargs="?", metavar="RULE-ID", help="the rule, e.g. SCHEMA-UNKNOWN-KEY")
    explain.add_argument("--all", action="store_true", help="list every rule with its severity and purpose")
    explain.set_defaults(run=cmd_rule, needs_workspace=False)
    schema = _command(sub, "schema", "Print the JSON schema of op specs (or write it), for editors and other tools.", "hipdnn-codegen schema --write op_specs/op_spec.schema.json")
    schema.add_argument("--write", metavar="PATH", help="write the schema to PATH (only when it differs) instead of printing it")
    schema.add_argument("--registry", action="store_true", help="the schema of op_specs/registry.yaml instead")
    schema.set_defaults(run=cmd_schema, needs_workspace=False)
    return parser


def schema_text(registry: bool = False) -> bytes:
    """The JSON schema the tool validates specs (or the registry) with, as shipped."""
    from importlib import resources

    name = "registry.schema.json" if registry else SPEC_SCHEMA
    return resources.files("codegen.spec.schema").joinpath(name).read_bytes()


def cmd_schema(args: argparse.Namespace) -> int:
    text = schema_text(args.registry)
    if args.write is None:
        sys.stdout.write(text.decode("utf-8"))
        return EXIT_OK
    target = Path(args.write)
    if target.is_symlink():
        raise UsageError(f"{target} is a symbolic link; refusing to write through it")
    if target.is_file() and target.read_bytes() == text:
        args.console.say(f"{target} is up to date")
        return EXIT_OK
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.write_bytes(text)
    os.replace(temporary, target)
    args.console.say(f"wrote {target}")
    return EXIT_OK


def _report(ws: Workspace, fmt: str = "text") -> int:
    out = report.render(diagnostics.finalize(ws.diagnostics), fmt)
    sys.stdout.write(console.colourize(out) if fmt == "text" and out and console.colour_enabled(sys.stdout) else out)
    if diagnostics.has_errors(ws.diagnostics):
        errors = sum(d.severity == "error" for d in ws.diagnostics)
        if fmt == "text":
            print(f"{errors} error(s) in {ws.display(ws.spec_dir)}", file=sys.stderr)
        return EXIT_FINDINGS
    return EXIT_OK


def cmd_rule(args: argparse.Namespace) -> int:
    from codegen.diagnostics import report
    from codegen.spec.schema_check import did_you_mean

    if args.all == (args.rule_id is not None):
        raise UsageError("rule takes a RULE-ID or --all")
    if args.all:
        sys.stdout.write(report.listing())
        return EXIT_OK
    rule = rules.ALL.get(args.rule_id.upper())
    if rule is None:
        hint = did_you_mean(args.rule_id.upper(), list(rules.ALL)) or "; hipdnn-codegen rule --all lists every rule"
        raise UsageError(f"unknown rule '{args.rule_id}'{hint}")
    sys.stdout.write(report.explain(rule))
    return EXIT_OK


def _stale(ws: Workspace) -> tuple[list[diagnostics.Diagnostic], str]:
    """GEN-STALE findings for every stale, missing or extra file, plus their capped diffs.

    Ops whose stamp matches their inputs and files are not re-rendered."""
    status, changes, found = _produce_stale(ws, list(ws.specs), everything=True)
    if status != EXIT_OK:  # template or coverage errors: they are the findings
        return found, ""
    shown = ws.display(ws.generated_dir)
    inputs = stamp.Inputs(ws)
    owned: dict[str, list[storage.Change]] = {}
    for change in changes:
        owned.setdefault(change.path.split("/")[0], []).append(change)
    for owner, group in sorted(owned.items()):
        found += _stale_owner(ws, inputs, owner, group, shown)
    diffs = "".join(c.diff(shown) for c in changes if c.kind == "update" and not c.path.endswith("/" + stamp.STAMP))
    return found, diffs


def _stale_owner(ws: Workspace, inputs: stamp.Inputs, owner: str, group: list[storage.Change], shown: str) -> list[diagnostics.Diagnostic]:
    """GEN-STALE findings for one directory of generated/, blamed on their cause: the spec (or
    registry, or workspace template) whose change made them stale, the tool when it changed, or
    each file itself when the inputs are unchanged and the files were edited or removed."""
    spec = ws.spec(owner)
    mirror = owner == naming.PYTHON_DIR
    parts = inputs.parts_of(spec) if spec is not None else inputs.parts_of_mirror() if mirror else None
    command = regenerate_command([] if mirror or spec is None else [owner])
    fix = diagnostics.Note(f"run: {command}")
    source = "the Python mirror of op_specs/*.yaml" if mirror else f"op_specs/{owner}.yaml"
    causes = stamp.changed_parts(ws.generated_dir / owner, parts) if parts is not None else []
    directory = ws.generated_dir / owner
    never = not directory.is_dir() or not any(p.is_file() for p in directory.rglob("*"))
    if causes is None and parts is not None and never:
        causes = [f"{stamp.SPEC_PART}{owner}" if spec is not None else "never"]  # never generated
    if not causes:  # nothing it depends on changed (or no spec owns it): the files are the cause
        found = []
        for change in group:
            what = {
                "create": f"missing: {source} produces this file",
                "update": f"stale: differs from what {source} produces, though its inputs did not change (edited by hand?)",
                "delete": "extra: no spec produces this file",
            }[change.kind]
            found.append(rules.GEN_STALE(Loc(f"{shown}/{change.path}"), what, fix))
        return found
    files = [diagnostics.Note({"create": "missing", "update": "stale", "delete": "extra"}[c.kind], Loc(f"{shown}/{c.path}")) for c in group[:STALE_FILES_SHOWN]]
    if len(group) > STALE_FILES_SHOWN:
        files.append(diagnostics.Note(f"and {len(group) - STALE_FILES_SHOWN} more file(s)"))
    count = f"{len(group)} file(s) of {shown}/{owner}/ differ from what it produces now"
    found = []
    for cause in causes:
        if cause.startswith(stamp.SPEC_PART):
            op = cause.removeprefix(stamp.SPEC_PART)
            if ws.spec(op) is None:  # a spec that went away: the mirror still has it
                where, why = Loc(ws.display(ws.spec_dir)), f"op_specs/{op}.yaml was removed or is invalid"
            elif never:
                where, why = Loc(ws.display(ws.spec_path(op))), "this spec was never generated"
            else:
                where, why = Loc(ws.display(ws.spec_path(op))), "this spec changed since it was generated"
        elif cause == "never":
            where, why = Loc(ws.display(ws.spec_dir)), "the Python mirror was never generated"
        elif cause == "registry":
            where, why = Loc(ws.display(ws.spec_dir / REGISTRY_FILE)), "the registry changed since it was generated"
        elif cause == "templates":
            where, why = Loc(ws.display(ws.root / "templates")), "the workspace's templates changed since it was generated"
        else:  # the tool: its version, templates, style or references
            where, why = Loc(f"{shown}/{owner}/{stamp.STAMP}"), f"hipdnn-codegen changed since it was generated (now {stamp.toolchain()})"
        found.append(rules.GEN_STALE(where, f"{why}: {count}", *files, fix))
    return found


def _checkout_findings(ws: Workspace, checkout: Path) -> list[diagnostics.Diagnostic]:
    """What `check --hipdnn-root` adds: the workspace's numbers against the checkout's headers, and
    each op against the checkout's schema of it."""
    from codegen.hipdnn import hipdnn_headers, schema_drift

    found = hipdnn_headers.check(checkout, ws.specs, ws.registry, ws.display)
    return found + schema_drift.check(hipdnn_headers.checkout_root(checkout), ws.specs, ws.display)


def cmd_check(args: argparse.Namespace) -> int:
    ws = load(args.settings.root, base=args.against or "HEAD")
    diffs = ""
    if args.against is not None:
        from codegen.pipeline import breaking

        ws.diagnostics.extend(breaking.check(ws, args.against))
    if args.hipdnn_root or args.settings.hipdnn_root is not None:
        ws.diagnostics.extend(_checkout_findings(ws, _hipdnn_root(args)))
    if args.fix and not diagnostics.has_errors(ws.diagnostics):
        with storage.Transaction(ws.root) as txn:
            status, changes, _ = _produce_stale(ws, list(ws.specs), everything=True, progress=args.console, txn=txn)
            if status == EXIT_OK:
                txn.commit()
        if status == EXIT_OK and changes:
            if (args.format or args.settings.format or "text") != "text":  # stdout holds the machine output only
                args.console = console.Console(quiet=True)
            _written(ws, args, changes, _owners(ws, list(ws.specs)))
    if not args.no_stale and not diagnostics.has_errors(ws.diagnostics):
        stale, diffs = _stale(ws)
        ws.diagnostics.extend(stale)
    fmt = args.format or args.settings.format or "text"
    ws.diagnostics = args.settings.visible(ws.diagnostics)
    status = _report(ws, fmt)
    if diffs and fmt == "text" and args.diff:
        sys.stdout.write(diffs)
    if status == EXIT_OK and fmt == "text" and not args.quiet:
        registry = " and the registry" if ws.registry else ""
        warned = sum(d.severity == "warning" for d in ws.diagnostics)
        print(f"ok: {len(ws.specs)} op spec(s){registry} checked, " + (f"no errors ({warned} warning(s))" if warned else "no findings"))
    return status


def cmd_list(args: argparse.Namespace) -> int:
    ws = load(args.settings.root)
    status = _report(ws)
    rows = [("op", "class", "attributes", "descriptor type", "operation type", "files")]
    shown = ws.display(ws.generated_dir)
    for spec in sorted(ws.specs, key=lambda s: s.op):
        low, high = spec.attribute_range
        rows.append(
            (
                spec.op,
                naming.OpNames(spec).cls,
                f"{low}-{high}",
                f"{spec.descriptor_type.value} {spec.descriptor_type.name}",
                f"{spec.operation_type.value} {spec.operation_type.name}",
                f"{len(families.planned_files_in_op(naming.OpNames(spec)))} in {shown}/{spec.op}/",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    return status


def _select(ws: Workspace, ops: list[str]) -> list[OpSpec]:
    known = {s.op: s for s in ws.specs}
    unknown = [op for op in ops if op not in known]
    if unknown:
        raise UsageError(f"unknown op(s): {', '.join(unknown)}; known: {', '.join(sorted(known)) or 'none'}")
    return [known[op] for op in ops] if ops else list(known.values())


def _produce(
    ws: Workspace,
    specs: list[OpSpec],
    scopes: list[str] | None,
    mirror: bool = True,
    progress: console.Console | None = None,
    txn: storage.Transaction | None = None,
) -> tuple[int, list[storage.Change], list[diagnostics.Diagnostic]]:
    """Generate and compare with generated/; returns (status, changes, warnings).

    `scopes` are the directories under generated/ this run owns (None: all of generated/). With
    `txn`, every changed file is staged into it as soon as it is formatted and the changes only
    name their files; without, they carry the old and new bytes (for diffs)."""
    from codegen.pipeline import generate  # Jinja2 is only imported when something must be rendered

    planner = storage.Planner(ws.generated_dir, [""] if scopes is None else scopes, keep=txn is None, txn=txn, prefix=f"{GENERATED_DIR}/")
    try:
        out = generate.generate(ws, specs, mirror, progress.progress if progress is not None else None, sink=planner.put)
    except formatting.FormatError as exc:
        raise UsageError(str(exc)) from None
    finally:
        if progress is not None:
            progress.progress_done()
    if diagnostics.has_errors(out.diagnostics):
        return EXIT_FINDINGS, [], out.diagnostics
    return EXIT_OK, planner.finish(), out.diagnostics


def _produce_stale(
    ws: Workspace, specs: list[OpSpec], everything: bool, progress: console.Console | None = None, txn: storage.Transaction | None = None
) -> tuple[int, list[storage.Change], list[diagnostics.Diagnostic]]:
    """Like _produce, but only for the ops (and the mirror) whose stamp no longer matches their
    inputs and files: an unchanged op is neither rendered nor formatted. With `everything`,
    directories of generated/ no spec owns are in scope too (their files are deleted)."""
    from codegen.pipeline.generate import mirror_possible, no_mirror_warning

    mirror = mirror_possible(ws)
    freshness, mirror_fresh = stamp.all_fresh(ws, specs, mirror)
    stale = [s for s, fresh in zip(specs, freshness) if not fresh]
    scopes = [s.op for s in stale] + ([] if mirror_fresh else [naming.PYTHON_DIR])
    if everything and ws.generated_dir.is_dir():  # only these can hold files no spec owns
        owned = {s.op for s in ws.specs} | ({naming.PYTHON_DIR} if mirror else set())
        scopes += sorted(p.name for p in ws.generated_dir.iterdir() if p.name not in owned)
    warnings = [] if mirror else [no_mirror_warning(ws)]
    if not scopes:
        return EXIT_OK, [], warnings
    status, changes, found = _produce(ws, stale, scopes, mirror and not mirror_fresh, progress, txn)
    return status, changes, warnings + [d for d in found if d.rule != rules.GEN_NO_MIRROR.id]


def regenerate_command(ops: list[str]) -> str:
    return " ".join(["hipdnn-codegen generate", *ops])


def _written(
    ws: Workspace, args: argparse.Namespace, changes: list[storage.Change], owners: list[str], extra: list[storage.Change] = []  # noqa: B006 - read only
) -> None:
    """Say what a committed write changed in generated/ (and which `extra` workspace files it
    wrote): a line per owner (op or mirror) that changed, every file with -v, a summary."""
    out: console.Console = args.console
    for change in extra:
        out.say(f"{change.kind + 'd':8} {ws.display(ws.root / change.path)}")
    shown = ws.display(ws.generated_dir)
    for change in changes:
        out.detail(f"{change.kind + 'd':8} {shown}/{change.path}")
    by_owner = dict(console.per_owner([(c.path, c.kind) for c in changes], {}))
    labels = {o: ("python mirror" if o == naming.PYTHON_DIR else o if o in owners else f"{o} (no spec)") for o in {*owners, *by_owner}}
    width = max((len(v) for v in labels.values()), default=0)
    for owner in sorted(labels, key=lambda o: (o == naming.PYTHON_DIR, o)):
        counts = by_owner.get(owner)
        if counts or out.verbose:
            out.say(f"{labels[owner]:<{width}}  {console.counted(counts or console.Counter())}  ({shown}/{owner}/)")
    ops = sum(o != naming.PYTHON_DIR for o in owners)
    mirror = " and the Python mirror" if naming.PYTHON_DIR in owners else ""
    if changes:
        total = console.Counter(c.kind for c in changes)
        out.say(f"{shown}/: {len(changes)} file(s) written for {ops} op(s){mirror} ({console.counted(total)})")
    else:
        out.say(f"{shown}/ is up to date ({ops} op(s){mirror})")


def _owners(ws: Workspace, specs: list[OpSpec], mirror: bool = True) -> list[str]:
    from codegen.pipeline.generate import mirror_possible

    return sorted(s.op for s in specs) + ([naming.PYTHON_DIR] if mirror and mirror_possible(ws) else [])


def cmd_generate(args: argparse.Namespace) -> int:
    ws = load(args.settings.root)
    ws.diagnostics = args.settings.visible(ws.diagnostics)
    status = _report(ws)
    if status != EXIT_OK:
        return status
    specs = _select(ws, args.ops)
    writing = not args.check and not args.dry_run
    with storage.Transaction(ws.root) if writing else contextlib.nullcontext() as txn:
        status, changes, warnings = _produce_stale(ws, specs, everything=not args.ops, progress=args.console, txn=txn)
        args.console.findings(diagnostics.render(args.settings.visible(warnings)))
        if status != EXIT_OK:
            return status
        if txn is not None:
            txn.commit()
    if writing:
        _written(ws, args, changes, _owners(ws, specs))
        return EXIT_OK
    shown = ws.display(ws.generated_dir)
    if args.check:
        for change in changes:
            word = {"create": "missing", "update": "stale", "delete": "extra"}[change.kind]
            print(f"{word}: {shown}/{change.path}")
            if change.kind == "update":
                sys.stdout.write(change.diff(shown))
        if changes:
            print(f"{len(changes)} generated file(s) out of date; run: {regenerate_command(args.ops)}")
            return EXIT_FINDINGS
        args.console.say(f"{shown}/ is up to date")
        return EXIT_OK
    for change in changes:
        print(f"would {change.kind} {shown}/{change.path}")
    if not changes:
        args.console.say(f"{shown}/ is up to date; nothing would change")
    return EXIT_OK


def cmd_add_op(args: argparse.Namespace) -> int:
    root = args.settings.root
    ws = load(root)
    if not naming.OP_ID.match(args.name):
        raise UsageError(f"op name '{args.name}' must be snake_case, e.g. layernorm_bwd")
    status = _report(ws)
    if status != EXIT_OK:
        return status
    new_spec: list[storage.Change] = []  # the spec file, when this run creates it
    closing: list[str] = []  # what add-op adopted or guessed, for review
    if not ws.spec_path(args.name).exists():
        status, text, closing, skeleton = _create_spec(ws, args)
        if status != EXIT_OK or args.dry_run:
            return status
        new_spec = [storage.Change(f"{SPEC_DIR}/{args.name}.yaml", "create", None, text.encode())]
        copy = ws.spec_dir / SPEC_SCHEMA  # what the new spec's modeline names
        old_schema = copy.read_bytes() if copy.is_file() and not copy.is_symlink() else None
        if old_schema != schema_text():
            new_spec.append(storage.Change(f"{SPEC_DIR}/{SPEC_SCHEMA}", "create" if old_schema is None else "update", old_schema, schema_text()))
        if skeleton:  # a placeholder, not yet the op: nothing to generate until it is edited
            return _skeleton_written(ws, args, new_spec)
        ws = load(root, new_specs={args.name: text.encode()})
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
        status, changes, warnings = _produce(ws, [spec], [args.name, naming.PYTHON_DIR], txn=txn)
        sys.stdout.write(diagnostics.render(warnings))
        if status != EXIT_OK:
            return status
        print(f"{ws.display(ws.spec_path(args.name))}: valid")
        txn.commit()
    _written(ws, args, changes, _owners(ws, [spec]), new_spec)
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


def _create_spec(ws: Workspace, args: argparse.Namespace) -> tuple[int, str, list[str], bool]:
    """The text of op_specs/NAME.yaml with allocated numbers (printed instead with --dry-run),
    the review notes on what was adopted or guessed, and whether it is a skeleton."""
    from codegen.hipdnn import adopt, scaffold
    from codegen.pipeline import render
    from codegen.pipeline.workspace import load_spec

    stem = args.stem or scaffold.derive_stem(args.name)
    owners = {b.owner: b.span.loc for b in ws.registry.blocks} if ws.registry else {}
    reason = scaffold.refusal(args.name, stem, {s.op: s.stem for s in ws.specs}, owners)
    if reason:
        raise UsageError(reason)
    try:
        if args.from_fbs:
            path_text, _, table = args.from_fbs.partition(":")
            path = Path(path_text)
            if not path.is_file():
                raise UsageError(f"--from-fbs {path_text}: no such file")
            draft = scaffold.from_fbs(args.name, stem, path, ws.display(path), table or None)
        else:
            draft = scaffold.skeleton(args.name, stem)
        shown = ws.display(ws.spec_path(args.name))
        root = _hipdnn_root(args) if args.hipdnn_root or args.settings.hipdnn_root is not None else None
        closing = adopt.number(draft, ws.specs, ws.registry, root, ws.display, Loc(shown)) + draft.summary()
    except diagnostics.SpecError as exc:
        sys.stdout.write(diagnostics.render(exc.diagnostics))
        return EXIT_FINDINGS, "", [], False
    text = scaffold.render(draft, render.environment(ws.template_dirs))
    spec, problems = load_spec(shown, args.name, text.encode())
    if spec is not None:
        problems += [d for d in collisions.check([*ws.specs, spec], ws.registry) if d.severity == "error"]
    problems = [d for d in problems if d.rule != rules.SPEC_SKELETON.id]  # the placeholder says so itself
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
    return EXIT_OK, text, closing, draft.skeleton


def _owner(specs: list[OpSpec], path: str) -> str:
    """The op whose generated/ directory holds `path`."""
    return next((s.op for s in specs if path in families.planned_files_in_op(naming.OpNames(s))), specs[0].op)


def cmd_apply(args: argparse.Namespace) -> int:
    from codegen.hipdnn import hipdnn_headers

    ws = load(args.settings.root)
    ws.diagnostics.extend(_checkout_findings(ws, _hipdnn_root(args)))  # what check --hipdnn-root reports
    status = _report(ws)
    if status != EXIT_OK:
        print("nothing was written", file=sys.stderr)
        return status
    specs = _select(ws, args.ops)
    freshness, _ = stamp.all_fresh(ws, specs, False)
    stale = [s.op for s, ok in zip(specs, freshness) if not ok]
    if stale:
        print(f"hipdnn-codegen: error: generated/ is out of date for {', '.join(stale)}; run: {regenerate_command(stale)}", file=sys.stderr)
        return EXIT_FINDINGS
    root = hipdnn_headers.checkout_root(_hipdnn_root(args))
    with storage.locked(root, _say):  # and one apply per checkout
        return _apply_locked(args, ws, specs, root)


def _apply_locked(args: argparse.Namespace, ws: Workspace, specs: list[OpSpec], root: Path) -> int:
    from codegen.hipdnn import apply

    try:
        changes = apply.plan(ws, root, specs, ws.display, force=args.force)
    except apply.ApplyError as exc:
        sys.stdout.write(diagnostics.render(exc.diagnostics))
        print("nothing was written", file=sys.stderr)
        return EXIT_FINDINGS
    shown = ws.display(root)
    if args.dry_run:
        for change in changes:
            if change.kind == "create":  # its content is the generated file itself
                source = ws.display(ws.generated_dir / _owner(specs, change.path) / change.path)
                print(f"new file {shown}/{change.path} (a copy of {source})")
            else:
                sys.stdout.write(change.diff(shown, cap=1_000_000))
        print(f"{len(changes)} file(s) would change in {shown}" if changes else f"{shown} already has everything; nothing would change")
        return EXIT_OK
    storage.apply(root, changes)
    out: console.Console = args.console
    for change in changes:
        out.detail(f"{change.kind + 'd':8} {shown}/{change.path}")
    owned = {p for s in specs for p in families.planned_files_in_op(naming.OpNames(s))}
    owner_of = {c.path: (_owner(specs, c.path) if c.path in owned else "shared files") for c in changes}
    rows = console.per_owner([(c.path, c.kind) for c in changes], owner_of)
    width = max((len(o) for o, _ in rows), default=0)
    for owner, counts in rows:
        out.say(f"{owner:<{width}}  {console.counted(counts)}")
    if changes:
        out.say(f"{shown}: {len(changes)} file(s) changed for {len(specs)} op(s) ({console.counted(console.Counter(c.kind for c in changes))})")
    else:
        out.say(f"{shown} already has everything; nothing changed")
    return EXIT_OK


def _graph(args: argparse.Namespace, work: Callable[[ModuleType], tuple[list[diagnostics.Diagnostic], str]]) -> int:
    from codegen.commands import graph as graphcmd

    if args.settings is None:  # no workspace: the ops the tool ships judge the graph
        ws = graphcmd.builtin_workspace()
        if not args.console.quiet:
            _say(f"no workspace here; the graph is judged by the ops hipdnn-codegen ships ({', '.join(sorted(s.op for s in ws.specs))})")
    else:
        ws = load(args.settings.root)
    if diagnostics.has_errors(ws.diagnostics):  # the mirror follows the specs: they must hold first
        return _report(ws)
    try:
        found, summary = work(graphcmd.load_mirror(ws) if args.settings is not None else graphcmd.builtin_mirror(ws))
    except graphcmd.MirrorUnavailable as missing:
        found, summary = [missing.diagnostic], ""
    sys.stdout.write(diagnostics.render(found))
    if diagnostics.has_errors(found):
        print(f"{sum(d.severity == 'error' for d in found)} error(s)", file=sys.stderr)
        return EXIT_FINDINGS
    print(summary)
    return EXIT_OK


def cmd_graph_validate(args: argparse.Namespace) -> int:
    from codegen.commands import graph as graphcmd

    return _graph(args, lambda mirror: graphcmd.validate(mirror, Path(args.file), args.file))


def cmd_graph_convert(args: argparse.Namespace) -> int:
    from codegen.commands import graph as graphcmd

    to_json = None if args.to is None else args.to == "json"
    return _graph(args, lambda mirror: graphcmd.convert(mirror, Path(args.source), Path(args.target), to_json, args.source))


def cmd_registry(args: argparse.Namespace) -> int:
    from codegen.hipdnn import registry_import

    ws = load(args.settings.root)
    checkout = registry_import.read_checkout(_hipdnn_root(args))
    text = registry_import.render(checkout, ws.specs, ws.registry, args.source or "Source: a hipDNN checkout (no --source given).")
    path = ws.spec_dir / REGISTRY_FILE
    old = path.read_bytes() if path.exists() else None
    change = storage.Change(REGISTRY_FILE, "update" if old is not None else "create", old, text.encode())
    shown = ws.display(path)
    if old == change.new:
        print(f"{shown} already matches the checkout")
        return EXIT_OK
    sys.stdout.write(change.diff(ws.display(ws.spec_dir), cap=1_000_000))
    if args.check:
        print(f"{shown} differs from the checkout; run: hipdnn-codegen registry --hipdnn-root {_hipdnn_root(args)}", file=sys.stderr)
        return EXIT_FINDINGS
    if args.dry_run:
        return EXIT_OK
    storage.apply(ws.root, [change.under(SPEC_DIR)])
    print(f"wrote {shown}")
    return EXIT_OK


def _say(message: str) -> None:
    print(f"hipdnn-codegen: {message}", file=sys.stderr, flush=True)


class _PipeSafe:
    """stdout that survives its reader going away (`check | head`): the run goes on and exits
    with its own code, the rest of its output goes nowhere."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.broken = False

    def _guard(self, action: Callable[[], object]) -> None:
        if self.broken:
            return
        try:
            action()
        except BrokenPipeError:
            self.broken = True
            devnull = os.open(os.devnull, os.O_WRONLY)  # interpreter shutdown flushes the real stdout
            os.dup2(devnull, self._stream.fileno())
            os.close(devnull)

    def write(self, text: str) -> int:
        self._guard(lambda: self._stream.write(text))
        return len(text)

    def flush(self) -> None:
        self._guard(self._stream.flush)

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def _paths(args: argparse.Namespace) -> list[str]:
    """Paths on the command line that locate the workspace: check's PATHs, and OPs given as spec files."""
    given = list(getattr(args, "paths", None) or [])
    given += [op for op in getattr(args, "ops", None) or [] if _is_path(op)]
    return given


def _is_path(op: str) -> bool:
    return "/" in op or op.endswith((".yaml", ".yml"))


def _op_ids(args: argparse.Namespace) -> None:
    """OPs given as spec files (op_specs/foo.yaml) stand for their op ids."""
    if getattr(args, "ops", None):
        args.ops = [Path(op).stem if _is_path(op) else op for op in args.ops]


def _hipdnn_root(args: argparse.Namespace) -> Path:
    """--hipdnn-root, else the configuration's hipdnn-root."""
    if args.hipdnn_root:
        return Path(args.hipdnn_root)
    if args.settings.hipdnn_root is not None:
        return args.settings.hipdnn_root
    raise UsageError("no hipDNN checkout: pass --hipdnn-root DIR or set hipdnn-root in the configuration")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    if not isinstance(sys.stdout, _PipeSafe) and hasattr(sys.stdout, "fileno"):
        sys.stdout = _PipeSafe(sys.stdout)  # type: ignore[assignment]
    try:
        args.console = console.Console(getattr(args, "quiet", False), getattr(args, "verbose", False))
        if not getattr(args, "needs_workspace", True):  # `rule`, `schema`: no workspace, no lock
            code = run(args)
            sys.stdout.flush()
            return code
        try:
            args.settings = config.discover(args.root, _paths(args))
        except config.ConfigError as exc:
            # `graph` outside any workspace (and without --root): the ops the tool ships
            if not getattr(args, "builtin_fallback", False) or args.root is not None or not str(exc).startswith(config.NOT_FOUND):
                raise UsageError(str(exc)) from None
            args.settings = None
        _op_ids(args)
        with storage.locked(args.settings.root, _say) if args.settings is not None else contextlib.nullcontext():  # one run per workspace at a time
            code = run(args)
        sys.stdout.flush()
        return code
    except (UsageError, storage.StorageError) as exc:
        print(f"hipdnn-codegen: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:  # the environment: a full disk, a file-size limit, an unreadable file
        where = f" ({exc.filename})" if exc.filename else ""
        print(f"hipdnn-codegen: error: {exc.strerror or exc}{where}; nothing was changed", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("hipdnn-codegen: interrupted; nothing was half-written", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - the one place that turns bugs into exit code 3
        print(f"hipdnn-codegen: internal error: {type(exc).__name__}: {exc}".splitlines()[0], file=sys.stderr)
        return EXIT_INTERNAL
