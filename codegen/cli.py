"""Command line: `hipdnn-codegen COMMAND`. Exit codes: 0 ok, 1 findings, 2 usage, 3 internal error.

This module parses the arguments and dispatches; each command's body is in codegen/commands/."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from codegen import __version__, families
from codegen.commands._common import EXIT_INTERNAL, EXIT_USAGE, _PipeSafe, _say
from codegen.diagnostics.errors import UsageError
from codegen.plumbing import console, storage
from codegen.spec import config


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


COMMANDS = ("check", "list", "generate", "add-op", "registry", "apply", "graph", "rule", "schema")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with `only`, just that command's parser under the top-level one
    (what parsing a command line naming it needs: the others cost time on every run)."""

    def wanted(name: str) -> bool:
        return only is None or only == name

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

    if wanted("check"):
        check = _command(sub, "check", "Validate every spec and the registry; exit 1 on any finding.", "hipdnn-codegen check --format github")
        check.add_argument("paths", nargs="*", metavar="PATH", help="spec files or directories; they locate the workspace (the whole workspace is checked: numbers are global)")
        shown = check.add_mutually_exclusive_group()
        shown.add_argument("--format", choices=("text", "json", "github", "sarif"), default=None, help="output format (default: the configuration's format, else text)")
        shown.add_argument("--statistics", action="store_const", dest="format", const="statistics", help="print one line per rule instead of the findings: count, rule id, purpose")
        check.add_argument("--no-stale", action="store_true", help="skip comparing generated/ with what the specs produce")
        check.add_argument("--diff", action="store_true", help="also print the (capped) diff of every stale generated file, and with --hipdnn-root of every checkout file that drifted")
        check.add_argument("--fix", action="store_true", help="first regenerate stale generated/ files (when the specs hold), then check")
        check.add_argument("--against", metavar="REF", help="also report breaking changes since git revision REF")
        check.add_argument("--hipdnn-root", metavar="DIR", help="also compare numbers with a hipDNN checkout's headers, each op with its schema there, and each per-op C++ file with the checkout's at API level (the drift gate)")
        check.set_defaults(run="check:cmd_check")
    if wanted("list"):
        listing = _command(sub, "list", "List the ops with their attribute ranges and type values.", "hipdnn-codegen list")
        listing.set_defaults(run="listing:cmd_list")
    if wanted("generate"):
        gen = _command(sub, "generate", "Generate the code of every op (or the named ones) into generated/.", "hipdnn-codegen generate layernorm_bwd --dry-run")
        gen.add_argument("ops", nargs="*", metavar="OP", help="op ids to generate (default: all)")
        mode = gen.add_mutually_exclusive_group()
        mode.add_argument("--dry-run", action="store_true", help="list what would change; write nothing")
        mode.add_argument("--check", action="store_true", help="write nothing; exit 1 with a diff if generated/ is stale")
        gen.set_defaults(run="generate:cmd_generate")
    if wanted("add-op"):
        add = _command(sub, "add-op", "Create (or validate) an op's spec with collision-free numbers and generate its code.", "hipdnn-codegen add-op groupnorm_bwd --from-fbs groupnorm_backward_attributes.fbs")
        add.add_argument("name", help="op id: the spec file stem, e.g. layernorm_bwd")
        add.add_argument("--from-fbs", metavar="FILE[:TABLE]", help="fill tensors and fields from a FlatBuffers table")
        add.add_argument("--stem", help="class stem when the derived one is wrong (layernorm_bwd -> LayernormBackward)")
        add.add_argument("--hipdnn-root", metavar="DIR", help="reuse a hipDNN checkout's numbers for names it defines; avoid its other numbers")
        add.add_argument("--cudnn-frontend-root", metavar="DIR", help="a cudnn-frontend checkout (at the registry's pinned release): write the op's `cudnn` parity key from it")
        add.add_argument("--cudnn-root", metavar="DIR", help="a cuDNN install (its include/cudnn_graph.h): cuDNN's backend descriptor and attribute names for an op cudnn-frontend builds from other operations (SDPA backward)")
        add.add_argument("--dry-run", action="store_true", help="print the new spec and the files; write nothing")
        add.set_defaults(run="add_op:cmd_add_op")
    if wanted("registry"):
        reg = _command(sub, "registry", "Rebuild op_specs/registry.yaml from a hipDNN checkout's headers and graph.fbs.", "hipdnn-codegen registry --hipdnn-root ~/rocm-libraries/projects/hipdnn --check")
        reg.add_argument("--hipdnn-root", metavar="DIR", help="the checkout's projects/hipdnn (or the repository root)")
        reg.add_argument("--source", metavar="TEXT", default="", help="where the checkout came from (repository, commit), recorded in the file's header")
        reg_mode = reg.add_mutually_exclusive_group()
        reg_mode.add_argument("--check", action="store_true", help="write nothing; exit 1 with the diff if the registry differs")
        reg_mode.add_argument("--dry-run", action="store_true", help="print the diff; write nothing")
        reg.set_defaults(run="registry:cmd_registry")
    if wanted("apply"):
        app = _command(sub, "apply", "Copy generated files into a hipDNN checkout and register the ops in its shared files.", "hipdnn-codegen apply --hipdnn-root ~/rocm-libraries/projects/hipdnn layernorm_bwd --dry-run")
        app.add_argument("ops", nargs="*", metavar="OP", help="op ids to apply (default: all)")
        app.add_argument("--hipdnn-root", metavar="DIR", help="the checkout's projects/hipdnn (or the repository root)")
        app.add_argument("--dry-run", action="store_true", help="print a unified diff of every change; write nothing")
        app.add_argument("--force", action="store_true", help="also replace files at generated paths that hipdnn-codegen did not write")
        app.set_defaults(run="apply:cmd_apply")
    if wanted("graph"):
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
        check_graph.set_defaults(run="graph:cmd_graph_validate", builtin_fallback=True)
        conv = _command(graph_sub, "convert", "Convert a graph file between the FlatBuffers binary and hipDNN's JSON.", "hipdnn-codegen graph convert model.bin model.json")
        conv.add_argument("source", metavar="IN", help="the graph: FlatBuffers bytes or JSON text")
        conv.add_argument("target", metavar="OUT", help="the file to write (replaced whole or not at all)")
        conv.add_argument("--to", choices=("json", "binary"), help="the output form (default: json when OUT ends in .json, else binary)")
        conv.set_defaults(run="graph:cmd_graph_convert", builtin_fallback=True)
    if wanted("rule"):
        explain = _command(sub, "rule", "Explain a rule: its severity, purpose and how to fix its findings.", "hipdnn-codegen rule GEN-STALE")
        explain.add_argument("rule_id", nargs="?", metavar="RULE-ID", help="the rule, e.g. SCHEMA-UNKNOWN-KEY")
        explain.add_argument("--all", action="store_true", help="list every rule with its severity and purpose")
        explain.set_defaults(run="rule:cmd_rule", needs_workspace=False)
    if wanted("schema"):
        schema = _command(sub, "schema", "Print the JSON schema of op specs (or write it), for editors and other tools.", "hipdnn-codegen schema --write op_specs/op_spec.schema.json")
        schema.add_argument("--write", metavar="PATH", help="write the schema to PATH (only when it differs) instead of printing it")
        schema.add_argument("--registry", action="store_true", help="the schema of op_specs/registry.yaml instead")
        schema.set_defaults(run="schema:cmd_schema", needs_workspace=False)
    return parser


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


def _command_function(name: str) -> Callable[[argparse.Namespace], int]:
    """A command's function ("module:function" under codegen/commands/), imported only when that
    command runs: `check` on a fresh workspace never loads what `generate` or `apply` need."""
    module, _, function = name.partition(":")
    run: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(f"codegen.commands.{module}"), function)
    return run


def _named_command(argv: Sequence[str]) -> str | None:
    """The command a command line names when it starts plainly (global options spelled out, then
    the command); None for anything else, which the whole parser then reads."""
    tokens = iter(argv)
    for token in tokens:
        if token in ("-q", "--quiet", "-v", "--verbose") or token.startswith("--root="):
            continue
        if token == "--root":
            next(tokens, None)
            continue
        return token if token in COMMANDS else None
    return None


# The cyclic collector's thresholds during a run. A run allocates its models in bulk (a thousand
# cached specs unpickle to some 100,000 objects, all alive until it ends) and the default
# threshold (700) walks them again and again: three quarters of loading a large workspace's
# cache went to collections that freed nothing. Garbage cycles are still collected, after
# 100,000 allocations rather than 700.
GC_THRESHOLDS = (100_000, 50, 100)


def main(argv: Sequence[str] | None = None) -> int:
    import gc

    before = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        return _main(argv)
    finally:
        gc.set_threshold(*before)  # a caller's own process (the tests') keeps its setting


def _main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_named_command(argv))
    args = parser.parse_args(argv)
    run = _command_function(args.run)
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
        families.skip_surfaces(args.settings.skip_surfaces if args.settings is not None else frozenset())
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
