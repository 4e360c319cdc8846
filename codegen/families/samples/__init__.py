"""Samples family: a minimal program in hipDNN's sample style that builds a graph with the op and
validates it (skipping where no engine supports the graph, as hipDNN's samples do), and its entries
in the samples' CMake list (`apply` places them)."""

from __future__ import annotations

from codegen.families import Family
from codegen.views import surfaces
from codegen.views.naming import OpNames


def _outputs(names: OpNames) -> dict[str, str]:
    outputs = {"samples/sample.cpp.j2": surfaces.sample_cpp(names)}
    for stem in ("samples/cmake_sample.txt", "samples/cmake_sample_test.txt"):
        outputs[f"{stem}.j2"] = surfaces.fragment_path(stem)
    return outputs


FAMILY = Family(
    "samples",
    "the op's sample program and its entries in the samples' CMake list",
    _outputs,
    registers_in={"samples_cmake": surfaces.SAMPLES_CMAKE},
    surface=surfaces.SAMPLES,
)
