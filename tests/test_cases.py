"""Workspace cases: every directory under tests/cases is a workspace; the command in its args.txt
(default: `check`) must print exactly its expected.txt. Adding a case is adding a directory."""

from __future__ import annotations

import re

import pytest

from codegen.diagnostics import rules
from conftest import CASES, UPDATE, run_cli

CASE_DIRS = sorted(p for p in CASES.iterdir() if (p / "op_specs").is_dir())


@pytest.mark.parametrize("case", CASE_DIRS, ids=[p.name for p in CASE_DIRS])
def test_case(case):
    args_file = case / "args.txt"
    args = args_file.read_text().split() if args_file.exists() else ["check"]
    result = run_cli(*args, cwd=case)
    expected_file = case / "expected.txt"
    if UPDATE:
        expected_file.write_text(result.out)
        pytest.fail(f"rewrote {expected_file}; rerun without HIPDNN_CODEGEN_UPDATE_GOLDEN")
    expected = expected_file.read_text()
    assert result.out == expected
    has_error = bool(re.search(r": error\[", expected))
    assert result.code == (1 if has_error else 0), result.err
    assert "Traceback" not in result.err


def _rules_in_expected() -> set[str]:
    """Rule IDs pinned by workspace cases, by the --against, --from-fbs, apply and drift cases and by the
    hostile-input recipes."""
    found: set[str] = set()
    expected = [case / "expected.txt" for case in CASE_DIRS]
    for other in ("against_cases", "fbs_cases", "apply_cases", "graph_cases", "drift_cases"):
        expected += sorted((CASES.parent / other).glob("*/expected.txt"))
    for path in expected:
        text = path.read_text()
        found.update(re.findall(r"^\S+: (?:error|warning)\[([A-Z0-9-]+)\]", text, re.M))
    from test_hostile_inputs import rules_pinned

    return found | rules_pinned()


def test_every_rule_has_a_negative_case():
    missing = set(rules.ALL) - _rules_in_expected()
    assert not missing, f"rules without a case under tests/cases: {sorted(missing)}"


def test_no_case_uses_an_unknown_rule():
    assert _rules_in_expected() <= set(rules.ALL)


def test_each_rule_case_directory_is_named_after_its_rule():
    """A case named after a rule must actually report that rule (first finding)."""
    for case in CASE_DIRS:
        if case.name.startswith("valid"):
            continue
        text = (case / "expected.txt").read_text()
        ids = re.findall(r"(?:error|warning)\[([A-Z0-9-]+)\]", text)
        assert any(case.name.upper().startswith(i) for i in ids), (case.name, ids)
