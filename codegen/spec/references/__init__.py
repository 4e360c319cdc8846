"""CPU references the Python mirror ships (`hipdnn_ops.reference`) and the generator runs to
compute the golden vectors of hipDNN's reference tests.

A spec names its reference function in `reference.python`; the function lives in the module of
the same name here, with its own semantics written once. Adding an op's reference is adding a
module (and its name to REFERENCES). Each module imports only numpy and `.numeric`, so the same
file works here and copied into the mirror.
"""

from __future__ import annotations

# function name -> (module file, the tensor inputs it takes in order, the outputs it returns in order)
REFERENCES: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "layernorm_bwd": ("layernorm_bwd.py", ("dy", "x", "scale", "mean", "inv_variance"), ("dx", "dscale", "dbias")),
}

SUPPORT_MODULES = ("numeric.py",)


def load(name: str):
    """(function, its tensor inputs, its outputs, its module) of the reference `name`."""
    import importlib

    module_file, inputs, outputs = REFERENCES[name]
    module = importlib.import_module(f"{__name__}.{module_file.removesuffix('.py')}")
    return getattr(module, name), inputs, outputs, module
