"""`apply` for the work model (codegen/families/work): an op's nodeFlops overload before flopsOf in
the plugin SDK's EngineFeatures.hpp, its case in logicalFlops' NodeAttributes switch (after the
counted cases, or before `default:` among the types without a counting convention), and its entry
at the end of the cases of the test that every countable node type has its declared work. Each is
found by structure and skipped when the file already has it (hipDNN's own, or an earlier
apply's), so applying twice changes nothing.

Importing this module adds `register` to apply.REGISTRARS (the apply command imports it).

May import: what codegen/hipdnn/apply.py may import, and apply.py itself.
"""

from __future__ import annotations

import re

from codegen.hipdnn import apply
from codegen.hipdnn.apply import Source, payload
from codegen.pipeline.workspace import Workspace
from codegen.spec.model import OpSpec

DECLARED_WORK_TEST = "TEST(TestEngineFeatures, EveryCountableNodeTypeHasItsDeclaredWork)"


def _region(source: Source, start: re.Pattern[str], what: str) -> tuple[int, int]:
    """The rows of a top-level definition: its first line (matching `start`) to its closing `}` at column 0."""
    texts = source.texts
    first = next((i for i, t in enumerate(texts) if start.search(t)), None)
    if first is None:
        raise source.structure(what)
    last = next((i for i in range(first + 1, len(texts)) if texts[i].rstrip() == "}"), None)
    if last is None:
        raise source.structure(f"the end of {what}", first)
    return first, last


def register(ws: Workspace, spec: OpSpec, sources: dict[str, Source]) -> None:
    work = spec.work
    if work is None or "engine_features" not in sources:
        return
    table = spec.flatbuffers.table
    features = sources["engine_features"]
    masked = apply._mask(features.texts)
    if not any(re.search(r"\b(logicalFlops|flopsOf)\s*\(", t) for t in masked):
        return  # a hipDNN from before the work model (ROCm/rocm-libraries id 68162096859): as when the file is absent
    counted = work.flops is not None
    if counted and not re.search(rf"\bnodeFlops\s*\([^)]*data_objects::{table}\s*&", "\n".join(masked)):
        row = next((i for i, t in enumerate(masked) if re.search(r"\bflopsOf\s*\(", t)), None)
        if row is None:
            raise features.structure("flopsOf, which the nodeFlops overloads precede")
        if row > 0 and masked[row - 1].strip().startswith("template"):
            row -= 1
        features.insert(row, [*payload(ws, spec, "node_flops.inc"), ""])
        masked = apply._mask(features.texts)
    first, last = _region(features, re.compile(r"^inline\s+std::optional<double>\s+logicalFlops\s*\("), "logicalFlops")
    if not any(re.search(rf"\bcase\s+NodeAttributes::{table}\s*:", masked[i]) for i in range(first, last)):
        if counted:
            row = max((i for i in range(first, last) if re.search(r"\breturn\s+flopsOf\s*\(", masked[i])), default=None)
            if row is None:  # the first counted case: at the switch's opening brace
                switch = next((i for i in range(first, last) if re.search(r"\bswitch\s*\(", masked[i])), None)
                if switch is None:
                    raise features.structure("the NodeAttributes switch of logicalFlops", first)
                row = switch if masked[switch].rstrip().endswith("{") else switch + 1
                if masked[row].strip() != "{" and not masked[row].rstrip().endswith("{"):
                    raise features.structure("the opening brace of logicalFlops' switch", switch)
            features.insert(row + 1, payload(ws, spec, "logical_flops_case.inc"))
        else:
            row = next((i for i in range(first, last) if re.match(r"\s*default\s*:", masked[i])), None)
            if row is None:
                raise features.structure("the default: of logicalFlops' switch", first)
            features.insert(row, payload(ws, spec, "logical_flops_case.inc"))
    if not counted or "engine_features_tests" not in sources:
        return
    tests = sources["engine_features_tests"]
    first, last = _region(tests, re.compile(re.escape(DECLARED_WORK_TEST)), DECLARED_WORK_TEST)
    masked = apply._mask(tests.texts)
    if any(re.search(rf"\b{table}T\s+\w+\s*;", masked[i]) for i in range(first, last)):
        return
    opening = next((i for i in range(first, last) if re.search(r"\bcases\s*=\s*\{", masked[i])), None)
    if opening is None:
        raise tests.structure(f"the cases of {DECLARED_WORK_TEST}", first)
    closing = next((i for i in range(opening + 1, last) if re.match(r"\s*\};\s*$", masked[i])), None)
    if closing is None:
        raise tests.structure(f"the end (}};) of the cases of {DECLARED_WORK_TEST}", opening)
    tests.insert(closing, payload(ws, spec, "work_test_case.inc"))


apply.REGISTRARS.append(register)
