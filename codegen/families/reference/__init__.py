"""CPU-reference family: for an op with `dtypes` and `reference`, hipDNN's test-SDK plumbing of its
CPU reference (the plan and plan builder with per-tensor type checks, the signature key with one
field per data-type group and a plan builder registered per supported combination), a test of the
key, and a golden-vector test of hipDNN's C++ reference against the Python one's results."""

from __future__ import annotations

from codegen.families import Family
from codegen.spec.model import OpSpec
from codegen.views.naming import CPU_EXECUTOR_DETAIL, OpNames

# shared test-SDK files an op with a reference registers in (the tvy-amd fork's layout:
# PlanRegistrySignatureKey.hpp id 58567730250, PlanBuilderRegistry.hpp 58815085503,
# test_sdk/tests/CMakeLists.txt 59040004466)
SHARED_FILES = {
    "plan_registry_key": f"{CPU_EXECUTOR_DETAIL}/PlanRegistrySignatureKey.hpp",
    "plan_builder_registry": f"{CPU_EXECUTOR_DETAIL}/PlanBuilderRegistry.hpp",
    "cmake_test_sdk_tests": "test_sdk/tests/CMakeLists.txt",
}

def has_reference(spec: OpSpec) -> bool:
    return spec.reference is not None and spec.dtypes is not None


def _outputs(names: OpNames) -> dict[str, str]:
    if not has_reference(names.spec):
        return {}
    return {
        "reference/signature_key.hpp.j2": names.signature_key_hpp,
        "reference/plan.hpp.j2": names.plan_hpp,
        "reference/test_signature_key.cpp.j2": names.signature_key_test,
        "reference/test_golden.cpp.j2": names.golden_test,
    }


FAMILY = Family(
    "reference",
    "the CPU reference's plan, signature key, their test and the golden-vector test",
    _outputs,
    registers_in_some=SHARED_FILES,
    registers_some=has_reference,
)
