"""Mirror family: `hipdnn_ops`, the Python runtime mirror of every op (generated/python/)."""

from __future__ import annotations

from codegen import naming
from codegen.families import Family
from codegen.naming import OpNames

PACKAGE_MODULES = ("__init__.py", "py.typed", "enums.py", "errors.py", "tensor.py", "descriptor.py", "node.py", "dispatch.py", "frontend.py", "graph.py", "graphio.py")


def _op_outputs(names: OpNames) -> dict[str, str]:
    package = f"{naming.PYTHON_DIR}/{naming.PYTHON_PACKAGE}"
    return {
        f"mirror/{naming.PYTHON_PACKAGE}/op.py.j2": f"{package}/{names.python_module}.py",
        "mirror/tests/test_op.py.j2": f"{naming.PYTHON_DIR}/tests/test_{names.python_module}.py",
    }


FAMILY = Family(
    "mirror",
    "the Python mirror hipdnn_ops",
    package_outputs={
        "mirror/pyproject.toml.j2": f"{naming.PYTHON_DIR}/pyproject.toml",
        **{f"mirror/{naming.PYTHON_PACKAGE}/{m}.j2": f"{naming.PYTHON_DIR}/{naming.PYTHON_PACKAGE}/{m}" for m in PACKAGE_MODULES},
    },
    package_op_outputs=_op_outputs,
)
