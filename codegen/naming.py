"""Every name the generator derives (classes, files, members, constants, labels) is computed here.

Templates and checks never build a name themselves; they ask this module, so one rule decides
each name and a collision check sees exactly what the generator would emit.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass

from codegen.model import Field, OpSpec, Tensor

OP_ID = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")

# Names a spec may not use for a tensor, field or op: Python keywords (the mirror uses them as
# identifiers) and the members the generated code itself declares. Spec names never appear bare
# in C++ (always with a prefix or suffix), so C++ keywords such as `do` are fine.
GENERATOR_NAMES = frozenset({"name", "data", "compute_data_type", "compute_type", "finalized", "type", "wrapper"})

RESERVED_OP_IDS = frozenset({"registry"})


def reserved_reason(identifier: str) -> str | None:
    if keyword.iskeyword(identifier) or keyword.issoftkeyword(identifier):
        return "a Python keyword"
    if identifier in GENERATOR_NAMES:
        return "a name the generated code already uses"
    return None


def pascal(snake: str) -> str:
    """`inv_variance` -> `InvVariance`, `dbias` -> `Dbias` (one rule, no acronym table)."""
    return "".join(part[:1].upper() + part[1:] for part in snake.split("_"))


def camel(snake: str) -> str:
    text = pascal(snake)
    return text[:1].lower() + text[1:]


def upper(snake: str) -> str:
    return snake.upper()


@dataclass(frozen=True)
class OpNames:
    """The derived names of one op."""

    spec: OpSpec

    # --- backend -----------------------------------------------------------------------------
    @property
    def cls(self) -> str:
        return f"{self.spec.stem}OperationDescriptor"

    @property
    def descriptor_hpp(self) -> str:
        return f"backend/src/descriptors/{self.cls}.hpp"

    @property
    def descriptor_cpp(self) -> str:
        return f"backend/src/descriptors/{self.cls}.cpp"

    @property
    def descriptor_test_suite(self) -> str:
        return f"Test{self.cls}"

    @property
    def from_node_test_suite(self) -> str:
        return f"Test{self.spec.stem}OperationFromNode"

    @property
    def descriptor_test(self) -> str:
        return f"backend/tests/descriptors/{self.descriptor_test_suite}.cpp"

    @property
    def from_node_test(self) -> str:
        return f"backend/tests/descriptors/{self.from_node_test_suite}.cpp"

    # --- FlatBuffers -------------------------------------------------------------------------
    @property
    def fbs_table(self) -> str:
        return self.spec.flatbuffers.table

    @property
    def fbs_object(self) -> str:
        return f"{self.spec.flatbuffers.table}T"

    @property
    def fbs_accessor(self) -> str:
        return f"As{self.spec.flatbuffers.table}"

    @property
    def fbs_header(self) -> str:
        return f"hipdnn_flatbuffers_sdk/data_objects/{self.spec.flatbuffers.header}"

    # --- frontend ----------------------------------------------------------------------------
    @property
    def packer_function(self) -> str:
        return f"create{self.spec.frontend_stem}Operation"

    @property
    def unpacker_function(self) -> str:
        return f"unpack{self.spec.frontend_stem}Operation"

    @property
    def packer_hpp(self) -> str:
        return f"frontend/include/hipdnn_frontend/detail/{self.spec.frontend_stem}Packer.hpp"

    @property
    def unpacker_hpp(self) -> str:
        return f"frontend/include/hipdnn_frontend/detail/{self.spec.frontend_stem}Unpacker.hpp"

    @property
    def frontend_attributes(self) -> str:
        return f"{self.spec.frontend_stem}Attributes"

    @property
    def frontend_attributes_header(self) -> str:
        return f"hipdnn_frontend/attributes/{self.spec.frontend_stem}Attributes.hpp"

    @property
    def frontend_node(self) -> str:
        return f"{self.spec.frontend_stem}Node"

    @property
    def frontend_node_header(self) -> str:
        return f"hipdnn_frontend/node/{self.spec.frontend_stem}Node.hpp"

    @property
    def label(self) -> str:
        """Lower-cased op word used in frontend error labels, e.g. `layernormbackward`."""
        return self.spec.frontend_stem.lower()

    # --- test constants ----------------------------------------------------------------------
    @property
    def constants_hpp(self) -> str:
        return f"test_sdk/include/hipdnn_test_sdk/constants/{self.spec.stem}Constants.hpp"

    @property
    def constants_prefix(self) -> str:
        return f"K_{self.spec.stem.upper()}_"

    # --- Python mirror -----------------------------------------------------------------------
    @property
    def python_module(self) -> str:
        return self.spec.op

    def planned_files(self) -> list[str]:
        """Every C++ file generated for this op, relative to generated/<op>/."""
        return sorted(
            [
                self.descriptor_hpp,
                self.descriptor_cpp,
                self.packer_hpp,
                self.unpacker_hpp,
                self.descriptor_test,
                self.from_node_test,
                self.constants_hpp,
            ]
        )


def tensor_member(t: Tensor) -> str:
    return f"_{camel(t.name)}Desc"


def tensor_getter(t: Tensor) -> str:
    return f"get{pascal(t.name)}Desc"


def tensor_uid_field(t: Tensor) -> str:
    return f"{t.name}_tensor_uid"


def tensor_label(t: Tensor) -> str:
    return upper(t.name)


def frontend_getter(item: Tensor | Field) -> str:
    return f"get_{item.name}"


def frontend_setter(item: Tensor | Field) -> str:
    return f"set_{item.name}"


def uid_constant(names: OpNames, t: Tensor) -> str:
    return f"{names.constants_prefix}TENSOR_{upper(t.name)}_UID"


def dims_constant(names: OpNames, t: Tensor) -> str:
    return f"{names.constants_prefix}TENSOR_{upper(t.name)}_DIMS"


def strides_constant(names: OpNames, t: Tensor) -> str:
    return f"{names.constants_prefix}TENSOR_{upper(t.name)}_STRIDES"


def field_constant(names: OpNames, f: Field) -> str:
    return f"{names.constants_prefix}{upper(f.name)}"


def enum_cpp_value(f: Field, value_name: str) -> str:
    assert f.enum is not None
    return f"{f.enum.name}::{value_name}"
