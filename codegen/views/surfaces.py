"""Names and paths of the surfaces an op has outside the C++ core: its documentation page and its
rows in hipDNN's operation-support tables, its sample, its Python bindings and its cuDNN-shim
entries. Paths are under projects/hipdnn/ (and, for the generated copies, under generated/<op>/).

hipDNN files these follow (search-index ids, read for facts only): docs/OperationSupport.md
64635012356 and docs/OperationSupport-ReferenceImpl.md 65610171026; samples/CMakeLists.txt
58249940872 / 57975135291 and samples/utils/Helpers.hpp 55546813572; python/frontend_bindings/src/
attributes_bindings.cpp 64877909779 and graph_bindings.cpp 59019905965; the cuDNN shim's
cudnn_frontend/graph_properties.h 58864186909, detail/graph_wrapper.h 65025641253 and
detail/node_wrappers/unsupported_nodes.h 58533257218.
"""

from __future__ import annotations

from codegen.spec.config import SURFACES
from codegen.spec.model import NONE, OpSpec
from codegen.views.naming import OpNames

# The surfaces, by the name a workspace's `skip-surfaces` setting turns one off with.
DOCS, SAMPLES, PYTHON, CUDNN = SURFACES

# shared files, by the key apply uses; paths under projects/hipdnn/
REFERENCE_SUPPORT = "docs/OperationSupport-ReferenceImpl.md"
OPERATION_SUPPORT = "docs/OperationSupport.md"
SAMPLES_CMAKE = "samples/CMakeLists.txt"
ATTRIBUTES_BINDINGS = "python/frontend_bindings/src/attributes_bindings.cpp"
GRAPH_BINDINGS = "python/frontend_bindings/src/graph_bindings.cpp"
SHIM_PROPERTIES = "frontend/include/hipdnn_compatibility/cudnn/cudnn_frontend/graph_properties.h"
SHIM_WRAPPER = "frontend/include/hipdnn_compatibility/cudnn/detail/graph_wrapper.h"

# fragment template stem -> file name under generated/<op>/registry/
FRAGMENTS = {
    "docs/reference_support_row.txt": "OperationSupport-ReferenceImpl.md.row.txt",
    "docs/operation_support_rows.txt": "OperationSupport.md.rows.txt",
    "samples/cmake_sample.txt": "samples-CMakeLists.txt.sample.txt",
    "samples/cmake_sample_test.txt": "samples-CMakeLists.txt.sample-test.txt",
    "python_bindings/attributes_include.inc": "attributes_bindings.cpp.include.inc",
    "python_bindings/attributes_class.inc": "attributes_bindings.cpp.class.inc",
    "python_bindings/graph_include.inc": "graph_bindings.cpp.include.inc",
    "python_bindings/graph_method.inc": "graph_bindings.cpp.method.inc",
    "cudnn_shim/properties_include.inc": "graph_properties.h.include.inc",
    "cudnn_shim/properties_alias.inc": "graph_properties.h.alias.inc",
    "cudnn_shim/wrapper_method.inc": "graph_wrapper.h.method.inc",
}


def fragment_path(stem: str) -> str:
    """A fragment's path under generated/<op>/."""
    return f"registry/{FRAGMENTS[stem]}"


def has_reference_row(spec: OpSpec) -> bool:
    """An op with a CPU reference and its data types has a row in the reference-support table."""
    return spec.reference is not None and spec.dtypes is not None


def has_shim_entry(spec: OpSpec) -> bool:
    """The cuDNN shim aliases and forwards an op cudnn-frontend has (the spec's `cudnn` key); an op
    recording none gets nothing there, and one recording no parity keeps the names it derives."""
    return spec.cudnn is None or spec.cudnn.equivalent


def cudnn_graph_method(names: OpNames) -> str:
    """The shim Graph's method: cudnn-frontend's name for it where the spec records one."""
    parity = names.spec.cudnn
    if parity is not None and parity.graph_method != NONE:
        return parity.graph_method
    return names.graph_method


def cudnn_attributes(names: OpNames) -> str:
    """The cudnn-frontend attributes class the shim aliases to hipDNN's (checked equal to the
    op's cuDNN-compatible alias, SPEC-CUDNN-NAME)."""
    parity = names.spec.cudnn
    return parity.attributes if parity is not None and parity.equivalent else names.cudnn_alias


def has_support_rows(spec: OpSpec) -> bool:
    """An op a plugin implements has rows in hipDNN's docs/OperationSupport.md."""
    return bool(spec.support)


def doc_page(names: OpNames) -> str:
    return f"docs/operations/{names.spec.op}.md"


def sample_target(names: OpNames) -> str:
    """The sample's CMake target, snake case as hipDNN's (`bn_inference`): the op id."""
    return names.spec.op


def sample_source(names: OpNames) -> str:
    """The sample's source as the samples CMake names it (relative to samples/)."""
    return f"{names.spec.op}/{names.spec.frontend_stem}Sample.cpp"


def sample_cpp(names: OpNames) -> str:
    return f"samples/{sample_source(names)}"


