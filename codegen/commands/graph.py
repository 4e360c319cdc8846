"""`hipdnn-codegen graph validate FILE` and `graph convert IN OUT`: serialized hipDNN graphs (the
FlatBuffers binary or hipDNN's JSON) checked and converted with the workspace's Python mirror.

The mirror is the workspace's own generated/python/hipdnn_ops, so a graph is judged by exactly the
ops, numbers and rules of the specs; it must be fresh (GRAPH-MIRROR otherwise). Outside any
workspace the mirror is rendered (into a temporary directory, for this run) from the specs the
tool ships (the project's own op_specs/, packaged as codegen/_shipped/op_specs/).
"""

from __future__ import annotations

import argparse
import bisect
import importlib
import json
import os
import re
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

from codegen.commands._common import EXIT_FINDINGS, EXIT_OK, _report, _say
from codegen.views import naming
from codegen.diagnostics import diagnostics, rules
from codegen.pipeline import stamp
from codegen.plumbing import storage
from codegen.diagnostics.diagnostics import Diagnostic, Loc, Note
from codegen.pipeline.workspace import Workspace, load

MAX_GRAPH_BYTES = 256 << 20  # the largest graph file read
RULES = {
    "format": rules.GRAPH_FORMAT,
    "unknown-op": rules.GRAPH_UNKNOWN_OP,
    "structure": rules.GRAPH_STRUCTURE,
    "tensor": rules.GRAPH_TENSOR,
    "node": rules.GRAPH_NODE,
    "prevalidate": rules.GRAPH_PREVALIDATE,
    "json-name": rules.GRAPH_JSON_NAME,
    "dtype": rules.GRAPH_DTYPE,
}
ITEM = re.compile(r"^(nodes|tensors)\[(\d+)\]")


class MirrorUnavailable(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def load_mirror(ws: Workspace) -> ModuleType:
    """Import the workspace's generated hipdnn_ops (after checking it is fresh and no link leads
    out of the workspace on the way to it)."""
    from codegen.pipeline.generate import mirror_possible

    shown = ws.display(ws.generated_dir / naming.PYTHON_DIR)
    fix = Note("run: hipdnn-codegen generate")
    if not mirror_possible(ws):
        raise MirrorUnavailable(rules.GRAPH_MIRROR(Loc(shown), "the registry has no data_types/statuses, so the workspace has no Python mirror"))
    package = storage.guard(ws.root, f"{ws.generated_dir.relative_to(ws.root).as_posix()}/{naming.PYTHON_DIR}/{naming.PYTHON_PACKAGE}", file=False)
    _, fresh = stamp.all_fresh(ws, [], True)
    if not (package / "__init__.py").is_file() or not fresh:
        raise MirrorUnavailable(rules.GRAPH_MIRROR(Loc(shown), "the Python mirror is missing or older than the specs", fix))
    return _import_mirror(package.parent)


def builtin_root() -> Path:
    """The workspace of the specs the tool ships: codegen/_shipped/ in an installed wheel (its
    op_specs/ is the project's, packaged), the project itself in the source tree."""
    packaged = Path(__file__).resolve().parent.parent / "_shipped"
    return packaged if (packaged / "op_specs").is_dir() else Path(__file__).resolve().parent.parent.parent


_BUILTIN_DIRS: list[tempfile.TemporaryDirectory[str]] = []  # kept for the run: the mirror imports lazily


def builtin_workspace() -> Workspace:
    from codegen.pipeline.workspace import load

    return load(builtin_root())


def builtin_mirror(ws: Workspace) -> ModuleType:
    """The mirror of the specs the tool ships, rendered into a temporary directory and imported
    (nothing is written anywhere else; the stamps of a workspace play no part)."""
    from codegen.pipeline import render

    assert ws.registry is not None
    files = render.render_mirror(render.environment(ws.template_dirs), ws.specs, ws.registry)
    temporary = tempfile.TemporaryDirectory(prefix="hipdnn-codegen-mirror.")
    _BUILTIN_DIRS.append(temporary)
    for rel, text in files.items():
        path = Path(temporary.name, rel)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return _import_mirror(Path(temporary.name, naming.PYTHON_DIR))


def _import_mirror(parent: Path) -> ModuleType:
    for name in loaded_mirror_modules():
        del sys.modules[name]  # another workspace's mirror may be loaded in this process
    sys.path.insert(0, str(parent))
    try:
        return importlib.import_module(naming.PYTHON_PACKAGE)
    finally:
        sys.path.remove(str(parent))


def loaded_mirror_modules() -> dict[str, ModuleType]:
    """The hipdnn_ops modules this process has imported, by name."""
    package = naming.PYTHON_PACKAGE
    return {name: module for name, module in sys.modules.items() if name == package or name.startswith(package + ".")}


def read_graph(path: Path) -> bytes:
    return storage.read_input(path, MAX_GRAPH_BYTES)


def _positions(data: bytes) -> dict[tuple[str, int], Loc]:
    """Where each element of a JSON graph's "nodes" and "tensors" arrays starts (one pass)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return {}
    decoder = json.JSONDecoder()
    lines = [i for i, c in enumerate(text) if c == "\n"]
    found: dict[tuple[str, int], int] = {}
    space = re.compile(r"[ \t\n\r]*")
    try:
        index = space.match(text, 0).end() + 1  # type: ignore[union-attr]
        while True:
            index = space.match(text, index).end()  # type: ignore[union-attr]
            if text[index] == "}":
                break
            key, index = json.decoder.scanstring(text, index + 1)  # type: ignore[attr-defined]
            index = space.match(text, index).end() + 1  # type: ignore[union-attr]  # past ':'
            index = space.match(text, index).end()  # type: ignore[union-attr]
            if key in ("nodes", "tensors") and text[index] == "[":
                index += 1
                item = 0
                while True:
                    index = space.match(text, index).end()  # type: ignore[union-attr]
                    if text[index] == "]":
                        index += 1
                        break
                    found[(key, item)] = index
                    _, index = decoder.raw_decode(text, index)
                    index = space.match(text, index).end()  # type: ignore[union-attr]
                    item += 1
                    if text[index] == ",":
                        index += 1
            else:
                _, index = decoder.raw_decode(text, index)
            index = space.match(text, index).end()  # type: ignore[union-attr]
            if text[index] == ",":
                index += 1
    except (ValueError, IndexError, AttributeError, RecursionError):
        pass  # a broken document: the positions found so far are still right

    def loc(offset: int) -> tuple[int, int]:
        line = bisect.bisect_left(lines, offset)
        return line + 1, offset - (lines[line - 1] + 1 if line else 0) + 1

    return {item: Loc("", *loc(offset)) for item, offset in found.items()}


def diagnostics_of(mirror: ModuleType, problems: list[Any], shown: str, data: bytes) -> list[Diagnostic]:
    """Findings of the mirror's problems, at the line:col of the node or tensor in JSON text."""
    positions = {} if mirror.graphio.is_binary(data) else _positions(data)
    found = []
    for problem in problems:
        match = ITEM.match(problem.where)
        position = positions.get((match.group(1), int(match.group(2)))) if match else None
        loc = Loc(shown, position.line, position.col) if position else Loc(shown)
        text = str(problem).encode("utf-8", "backslashreplace").decode("utf-8")  # a lone surrogate in a name, shown escaped
        found.append(RULES[problem.rule](loc, text))
    return found


def validate(mirror: ModuleType, path: Path, shown: str) -> tuple[list[Diagnostic], str]:
    """Every problem with the graph in `path`, and a one-line summary when there is none."""
    data = read_graph(path)
    graph, problems = mirror.graphio.check(data)
    summary = f"ok: {shown}: {len(graph.get('nodes', []))} node(s), {len(graph.get('tensors', []))} tensor(s), no findings"
    return diagnostics_of(mirror, problems, shown, data), summary


def convert(mirror: ModuleType, source: Path, target: Path, to_json: bool | None, shown: str) -> tuple[list[Diagnostic], str]:
    """Decode `source` (binary or JSON) and write it to `target` in the other form (or the one
    `to_json` names; default: JSON when the target ends in .json). Nothing is written when the
    graph cannot be read or cannot be represented in the target form."""
    io = mirror.graphio
    data = read_graph(source)
    graph, problems = io.load(data)
    if problems:
        return diagnostics_of(mirror, problems, shown, data), ""
    as_json = target.suffix == ".json" if to_json is None else to_json
    try:
        output = (io.to_json(graph) + "\n").encode("utf-8") if as_json else io.to_binary(graph)
    except io.GraphFormatError as error:
        return diagnostics_of(mirror, error.problems, shown, data), ""
    _replace(target, output)
    form = "JSON" if as_json else "FlatBuffers binary"
    return [], f"wrote {target} ({form}, {len(output)} bytes): {len(graph['nodes'])} node(s), {len(graph['tensors'])} tensor(s)"


def _replace(target: Path, data: bytes) -> None:
    """Write `target` whole or not at all: a temporary file beside it, renamed over it (a link at
    `target` is replaced, never written through)."""
    directory = target.parent if str(target.parent) else Path(".")
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _graph(args: argparse.Namespace, work: Callable[[ModuleType], tuple[list[diagnostics.Diagnostic], str]]) -> int:
    if args.settings is None:  # no workspace: the ops the tool ships judge the graph
        ws = builtin_workspace()
        if not args.console.quiet:
            _say(f"no workspace here; the graph is judged by the ops hipdnn-codegen ships ({', '.join(sorted(s.op for s in ws.specs))})")
    else:
        ws = load(args.settings.root)
    if diagnostics.has_errors(ws.diagnostics):  # the mirror follows the specs: they must hold first
        return _report(ws)
    try:
        found, summary = work(load_mirror(ws) if args.settings is not None else builtin_mirror(ws))
    except MirrorUnavailable as missing:
        found, summary = [missing.diagnostic], ""
    sys.stdout.write(diagnostics.render(found))
    if diagnostics.has_errors(found):
        print(f"{sum(d.severity == 'error' for d in found)} error(s)", file=sys.stderr)
        return EXIT_FINDINGS
    print(summary)
    return EXIT_OK


def cmd_graph_validate(args: argparse.Namespace) -> int:
    return _graph(args, lambda mirror: validate(mirror, Path(args.file), args.file))


def cmd_graph_convert(args: argparse.Namespace) -> int:
    to_json = None if args.to is None else args.to == "json"
    return _graph(args, lambda mirror: convert(mirror, Path(args.source), Path(args.target), to_json, args.source))
