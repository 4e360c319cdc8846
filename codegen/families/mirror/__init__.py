"""Mirror family: `hipdnn_ops`, the Python runtime mirror of every op (generated/python/)."""

from __future__ import annotations

from codegen.views import naming
from codegen.families import Family
from codegen.views.naming import OpNames
from codegen.spec.references import REFERENCES, SUPPORT_MODULES

PACKAGE_MODULES = ("__init__.py", "py.typed", "enums.py", "errors.py", "tensor.py", "descriptor.py", "node.py", "dispatch.py", "frontend.py", "graph.py", "graphio.py")


def _op_outputs(names: OpNames) -> dict[str, str]:
    package = f"{naming.PYTHON_DIR}/{naming.PYTHON_PACKAGE}"
    outputs = {
        f"mirror/{naming.PYTHON_PACKAGE}/op.py.j2": f"{package}/{names.python_module}.py",
        "mirror/tests/test_op.py.j2": f"{naming.PYTHON_DIR}/tests/test_{names.python_module}.py",
    }
    ref = names.spec.reference
    if ref is not None and names.spec.dtypes is not None and ref.python in REFERENCES:
        outputs[f"mirror/{naming.PYTHON_PACKAGE}/reference/module.py.j2"] = f"{package}/reference/{REFERENCES[ref.python][0]}"
    return outputs


FAMILY = Family(
    "mirror",
    "the Python mirror hipdnn_ops",
    package_outputs={
        "mirror/pyproject.toml.j2": f"{naming.PYTHON_DIR}/pyproject.toml",
        **{f"mirror/{naming.PYTHON_PACKAGE}/{m}.j2": f"{naming.PYTHON_DIR}/{naming.PYTHON_PACKAGE}/{m}" for m in PACKAGE_MODULES},
        f"mirror/{naming.PYTHON_PACKAGE}/reference/__init__.py.j2": f"{naming.PYTHON_DIR}/{naming.PYTHON_PACKAGE}/reference/__init__.py",
        **{f"mirror/{naming.PYTHON_PACKAGE}/reference/{m}.j2": f"{naming.PYTHON_DIR}/{naming.PYTHON_PACKAGE}/reference/{m}" for m in SUPPORT_MODULES},
    },
    package_op_outputs=_op_outputs,
)
