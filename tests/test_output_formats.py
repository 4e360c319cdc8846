"""Machine output of `check`: SARIF 2.1.0 (validated against the OASIS schema), versioned JSON,
GitHub workflow commands, --statistics, `rule` explanations, fixes as data and end positions."""

from __future__ import annotations

import copy
import json
import re
import shutil
from collections import Counter
from pathlib import Path

import jsonschema
import pytest

from codegen import __version__
from codegen.diagnostics import report, rules
from codegen.diagnostics.diagnostics import Diagnostic, Fix, Loc, Note
from conftest import CASES, run_cli

SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft7Validator(SCHEMA, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)

CLEAN = ("valid-minimal", "--no-stale")  # no findings
ERRORS_WITH_NOTES = ("spec-dtype-combination",)  # errors, a note with a location, a did-you-mean fix
WARNINGS = ("chk-naming-prefix", "--no-stale")  # one warning, no error
STALE = ("gen-stale",)  # errors whose note says "run: hipdnn-codegen generate thing"


def check(case: tuple[str, ...], *args: str):
    name, *extra = case
    return run_cli("check", *extra, *args, cwd=CASES / name)


def sarif(case: tuple[str, ...]) -> tuple[dict, int]:
    result = check(case, "--format", "sarif")
    return json.loads(result.out), result.code


def assert_valid(log: dict) -> None:
    errors = sorted(VALIDATOR.iter_errors(log), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)


# --- SARIF ----------------------------------------------------------------------------------------
def test_vendored_schema_is_the_sarif_2_1_0_schema():
    jsonschema.Draft7Validator.check_schema(SCHEMA)
    assert SCHEMA["properties"]["version"]["enum"] == ["2.1.0"]
    assert SCHEMA["required"] == ["version", "runs"]


@pytest.mark.parametrize("case", [CLEAN, ERRORS_WITH_NOTES, WARNINGS, STALE], ids=lambda c: c[0])
def test_sarif_output_is_valid(case):
    log, _ = sarif(case)
    assert_valid(log)
    assert log["version"] == "2.1.0"
    assert log["$schema"] == report.SARIF_SCHEMA
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "hipdnn-codegen" and driver["version"] == __version__
    ids = [r["id"] for r in driver["rules"]]
    assert ids == sorted({r["ruleId"] for r in run["results"]})  # every rule reported, once
    for result in run["results"]:
        assert ids[result["ruleIndex"]] == result["ruleId"]
    for descriptor in driver["rules"]:
        rule = rules.ALL[descriptor["id"]]
        assert descriptor["shortDescription"]["text"] == rule.purpose
        assert descriptor["defaultConfiguration"]["level"] == rule.severity


def test_sarif_without_findings():
    log, code = sarif(CLEAN)
    assert code == 0
    assert log["runs"][0]["results"] == [] and log["runs"][0]["tool"]["driver"]["rules"] == []


def test_sarif_errors_with_notes_and_fixes():
    log, code = sarif(ERRORS_WITH_NOTES)
    assert code == 1
    results = log["runs"][0]["results"]
    assert {r["level"] for r in results} == {"error"}
    first = results[0]
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "op_specs/thing.yaml"
    assert location["region"] == {"startLine": 31, "startColumn": 25, "endLine": 31, "endColumn": 30}
    (fix,) = first["fixes"]
    (change,) = fix["artifactChanges"]
    assert change["replacements"] == [{"deletedRegion": location["region"], "insertedContent": {"text": "FLOAT"}}]
    repeated = next(r for r in results if "relatedLocations" in r)
    (note,) = repeated["relatedLocations"]
    assert note["message"]["text"] == "first listed here"
    assert note["physicalLocation"]["region"]["startLine"] == 30


def test_sarif_warning_level():
    log, code = sarif(WARNINGS)
    assert code == 0
    (result,) = log["runs"][0]["results"]
    assert result["level"] == "warning" and result["ruleId"] == "CHK-NAMING-PREFIX"
    assert log["runs"][0]["tool"]["driver"]["rules"][0]["defaultConfiguration"] == {"level": "warning"}


def test_sarif_command_fix_and_unlocated_note():
    log, code = sarif(STALE)
    assert code == 1
    result = log["runs"][0]["results"][0]
    assert result["message"]["text"].endswith("\nnote: run: hipdnn-codegen generate thing")
    assert result["properties"]["fix"]["command"] == "hipdnn-codegen generate thing"
    assert "fixes" not in result  # a SARIF fix must change an artifact; a command is no change


@pytest.mark.parametrize(
    "path",
    [
        ("version",),
        ("runs",),
        ("runs", 0, "tool"),
        ("runs", 0, "tool", "driver"),
        ("runs", 0, "tool", "driver", "name"),
        ("runs", 0, "results", 0, "message"),
        ("runs", 0, "results", 0, "fixes", 0, "artifactChanges"),
        ("runs", 0, "results", 0, "fixes", 0, "artifactChanges", 0, "replacements", 0, "deletedRegion"),
        ("runs", 0, "tool", "driver", "rules", 0, "id"),
    ],
    ids=lambda p: ".".join(map(str, p)),
)
def test_schema_rejects_a_missing_required_property(path):
    """The validation is real: dropping any required property of our own output fails it."""
    log, _ = sarif(ERRORS_WITH_NOTES)
    broken = copy.deepcopy(log)
    parent = broken
    for part in path[:-1]:
        parent = parent[part]
    del parent[path[-1]]
    assert not VALIDATOR.is_valid(broken)
    assert_valid(log)


def test_sarif_is_deterministic():
    first = check(ERRORS_WITH_NOTES, "--format", "sarif").out
    assert first == check(ERRORS_WITH_NOTES, "--format", "sarif").out
    assert first == json.dumps(json.loads(first), indent=2, sort_keys=True) + "\n"


def test_sarif_uris_are_uri_references():
    assert report._uri("op_specs/a b,c.yaml") == "op_specs/a%20b%2Cc.yaml"
    assert report._uri("/abs/x.yaml") == "file:///abs/x.yaml"
    assert report._uri("dir\\x.yaml") == "dir/x.yaml"
    one = Diagnostic(Loc("/abs/a b.yaml", 0, 0), "GEN-STALE", "m")  # positions clamp to the schema's minimum 1
    log = report.sarif([one])
    assert_valid(log)
    assert log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"] == {"startLine": 1, "startColumn": 1}


# --- JSON -----------------------------------------------------------------------------------------
FINDING_KEYS = {"rule", "severity", "message", "location", "notes", "fix"}
LOCATION_KEYS = {"path", "line", "col", "end_line", "end_col"}


def test_json_is_versioned_and_complete():
    result = check(ERRORS_WITH_NOTES, "--format", "json")
    assert result.code == 1
    output = json.loads(result.out)
    assert set(output) == {"version", "findings"} and output["version"] == 1
    for finding in output["findings"]:
        assert set(finding) == FINDING_KEYS
        assert set(finding["location"]) == LOCATION_KEYS
        for note in finding["notes"]:
            assert set(note) == {"message", "location"}
            assert note["location"] is None or set(note["location"]) == LOCATION_KEYS
        assert finding["fix"] is None or set(finding["fix"]) == {"description", "command", "replacement", "edits"}
    first = output["findings"][0]
    assert first["location"] == {"path": "op_specs/thing.yaml", "line": 31, "col": 25, "end_line": 31, "end_col": 30}
    assert first["fix"] == {"description": "replace 'FLAOT' with 'FLOAT'", "command": None, "replacement": "FLOAT", "edits": []}
    assert result.out == check(ERRORS_WITH_NOTES, "--format", "json").out


def test_json_without_findings():
    result = check(CLEAN, "--format", "json")
    assert result.code == 0 and json.loads(result.out) == {"version": 1, "findings": []}


def test_json_stale_findings_carry_the_generate_command():
    output = json.loads(check(STALE, "--format", "json").out)
    stale = [f for f in output["findings"] if f["rule"] == "GEN-STALE"]
    assert stale
    for finding in stale:
        assert finding["fix"] == {"description": "run hipdnn-codegen generate thing", "command": "hipdnn-codegen generate thing", "replacement": None, "edits": []}
        assert finding["notes"] == [{"message": "run: hipdnn-codegen generate thing", "location": None}]


def test_json_did_you_mean_replaces_exactly_the_misspelt_key():
    output = json.loads(check(("schema-unknown-key", "--no-stale"), "--format", "json").out)
    (finding,) = output["findings"]
    assert finding["fix"]["replacement"] == "optional"
    location = finding["location"]
    line = (CASES / "schema-unknown-key" / "op_specs" / "thing.yaml").read_text().splitlines()[location["line"] - 1]
    assert location["end_line"] == location["line"]
    assert line[location["col"] - 1 : location["end_col"] - 1] == "optionl"


def test_did_you_mean_fix_without_an_exact_region_only_describes():
    from codegen.spec.schema_check import did_you_mean_fix

    assert did_you_mean_fix("tensr", ["tensor", "x"]) == Fix("replace 'tensr' with 'tensor'", replacement="tensor")
    assert did_you_mean_fix("tensr", ["tensor"], exact=False) == Fix("replace 'tensr' with 'tensor'")
    assert did_you_mean_fix("zzz", ["tensor"]) is None


# --- GitHub workflow commands ---------------------------------------------------------------------
def test_github_escapes_properties_and_message():
    """Per GitHub's rules: properties escape % CR LF : and ,; the message escapes % CR LF only."""
    diagnostic = Diagnostic(
        Loc("dir,with:odd/spec%.yaml", 3, 5, 3, 9),
        "SCHEMA-ENUM",
        "100% wrong: a, b\r\nsecond line",
        notes=(Note("see here, too", Loc("other.yaml", 1, 2)), Note("50% off")),
    )
    assert report.github(diagnostic) == (
        "::error file=dir%2Cwith%3Aodd/spec%25.yaml,line=3,col=5,endLine=3,endColumn=9,"
        "title=hipdnn-codegen (SCHEMA-ENUM)"
        "::100%25 wrong: a, b%0D%0Asecond line%0Aother.yaml:1:2: note: see here, too%0Anote: 50%25 off"
    )


def test_github_commands_by_severity_and_region():
    warning = Diagnostic(Loc("a.yaml", 2, 3), "CHK-NAMING-PREFIX", "w", "warning")
    assert report.github(warning) == "::warning file=a.yaml,line=2,col=3,title=hipdnn-codegen (CHK-NAMING-PREFIX)::w"
    note = Diagnostic(Loc("a.yaml", 2, 3), "X-Y", "n", "note")
    assert report.github(note).startswith("::notice file=a.yaml,")
    # columns only for a one-line region; an end at a line's start ends the line before
    multi = Diagnostic(Loc("a.yaml", 2, 3, 5, 7), "X-Y", "m")
    assert report.github(multi) == "::error file=a.yaml,line=2,endLine=5,title=hipdnn-codegen (X-Y)::m"
    block = Diagnostic(Loc("a.yaml", 2, 3, 3, 1), "X-Y", "m")
    assert report.github(block) == "::error file=a.yaml,line=2,col=3,endLine=2,title=hipdnn-codegen (X-Y)::m"


def test_github_output_of_a_case():
    result = check(ERRORS_WITH_NOTES, "--format", "github")
    assert result.code == 1
    lines = result.out.splitlines()
    assert all(line.startswith("::error file=op_specs/thing.yaml,") for line in lines)
    assert lines[0].startswith("::error file=op_specs/thing.yaml,line=31,col=25,endLine=31,endColumn=30,title=hipdnn-codegen (SPEC-DTYPE-COMBINATION)::")
    assert lines[1].endswith("::combination 3 repeats combination 1%0Aop_specs/thing.yaml:30:7: note: first listed here")


# --- exit codes -----------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [("--format", "text"), ("--format", "json"), ("--format", "github"), ("--format", "sarif"), ("--statistics",)])
def test_errors_exit_1_and_warnings_exit_0_in_every_format(args):
    assert check(ERRORS_WITH_NOTES, *args).code == 1
    assert check(STALE, *args).code == 1
    assert check(WARNINGS, *args).code == 0


# --- statistics -----------------------------------------------------------------------------------
def test_statistics_counts_per_rule_most_frequent_first():
    items = [
        Diagnostic(Loc("a", 1), "SPEC-TEST-SHAPE", "m"),
        Diagnostic(Loc("a", 2), "YAML-EMPTY", "m"),
        Diagnostic(Loc("a", 3), "YAML-EMPTY", "m"),
        Diagnostic(Loc("a", 4), "SPEC-DUPLICATE-ID", "m"),
    ]
    assert report.statistics(items) == (
        f"2  YAML-EMPTY         {rules.YAML_EMPTY.purpose}\n"
        f"1  SPEC-DUPLICATE-ID  {rules.SPEC_DUPLICATE_ID.purpose}\n"
        f"1  SPEC-TEST-SHAPE    {rules.SPEC_TEST_SHAPE.purpose}\n"
    )
    assert report.statistics([]) == ""


def test_statistics_replace_the_findings(tmp_path):
    """Several specs that clash: many rules, several counts; the lines agree with the JSON findings."""
    specs = tmp_path / "op_specs"
    specs.mkdir()
    for case in ("yaml-empty", "spec-duplicate-id", "spec-dtype-combination"):
        shutil.copy(CASES / case / "op_specs" / "thing.yaml", specs / f"{case.replace('-', '_')}.yaml")
    shutil.copy(CASES / "spec-dtype-combination" / "op_specs" / "registry.yaml", specs / "registry.yaml")
    result = run_cli("check", "--statistics", cwd=tmp_path)
    assert result.code == 1
    rows = [line.split(None, 2) for line in result.out.splitlines()]
    counts = [(int(count), rule_id) for count, rule_id, _ in rows]
    assert counts == sorted(counts, key=lambda c: (-c[0], c[1]))
    assert len({count for count, _ in counts}) > 1 and len(counts) > 3
    assert all(purpose == rules.ALL[rule_id].purpose for _, rule_id, purpose in rows)
    findings = json.loads(run_cli("check", "--format", "json", cwd=tmp_path).out)["findings"]
    assert sorted(counts) == sorted((n, r) for r, n in Counter(f["rule"] for f in findings).items())
    assert "op_specs/" not in result.out  # counts, not findings


def test_statistics_and_format_exclude_each_other():
    result = check(CLEAN, "--statistics", "--format", "json")
    assert result.code == 2 and "not allowed with" in result.err


# --- rule explanations ----------------------------------------------------------------------------
def test_rule_explains_every_rule():
    for rule in rules.ALL.values():
        result = run_cli("rule", rule.id, cwd=CASES / CLEAN[0])
        assert result.code == 0, (rule.id, result.err)
        assert result.out.splitlines()[:2] == [f"{rule.id} ({rule.severity})", f"purpose: {rule.purpose}"]
        assert rule.family and rule.family in result.out, rule.id


def test_rule_with_a_longer_doc_and_any_case():
    result = run_cli("rule", "gen-stale", cwd=CASES / CLEAN[0])
    assert result.code == 0
    assert result.out.startswith("GEN-STALE (error)\n")
    assert rules.GEN_STALE.doc in result.out and "hipdnn-codegen generate" in result.out


def test_unknown_rule_is_a_usage_error_with_a_suggestion():
    result = run_cli("rule", "GEN-STAEL", cwd=CASES / CLEAN[0])
    assert result.code == 2 and result.out == ""
    assert "unknown rule 'GEN-STAEL'; did you mean 'GEN-STALE'?" in result.err
    assert "rule --all lists every rule" in run_cli("rule", "NOTHING-LIKE-IT", cwd=CASES / CLEAN[0]).err
    assert run_cli("rule", cwd=CASES / CLEAN[0]).code == 2  # neither an id nor --all


def test_rule_all_lists_every_rule():
    result = run_cli("rule", "--all", cwd=CASES / CLEAN[0])
    assert result.code == 0
    lines = result.out.splitlines()
    assert [line.split()[0] for line in lines] == list(rules.ALL)
    for line, rule in zip(lines, rules.ALL.values()):
        assert line.split()[1] == rule.severity and line.endswith(rule.purpose)


# --- fixes and end positions as data --------------------------------------------------------------
def test_run_note_becomes_a_command_fix():
    diagnostic = rules.GEN_STALE(Loc("g/x"), "stale", Note("run: hipdnn-codegen generate"))
    assert diagnostic.fix == Fix("run hipdnn-codegen generate", command="hipdnn-codegen generate")
    assert diagnostic.render() == "g/x:1:1: error[GEN-STALE]: stale\n    note: run: hipdnn-codegen generate"
    assert rules.GEN_STALE(Loc("g/x"), "stale").fix is None


def test_loc_end_does_not_change_identity_order_or_text():
    short, long = Loc("a.yaml", 3, 4, 3, 5), Loc("a.yaml", 3, 4, 9, 1)
    assert short == long == Loc("a.yaml", 3, 4) and hash(short) == hash(Loc("a.yaml", 3, 4))
    assert str(long) == "a.yaml:3:4"
    assert sorted([Loc("a.yaml", 3, 5, 3, 6), long, Loc("a.yaml", 1, 9)]) == [Loc("a.yaml", 1, 9), long, Loc("a.yaml", 3, 5)]
    assert Loc("a.yaml", 3, 4).end == (3, 4) and not Loc("a.yaml", 3, 4).has_end
    assert long.end == (9, 1) and long.has_end


def test_yaml_locations_carry_their_end():
    from codegen.spec.yaml_loader import load_text

    doc = load_text("t.yaml", "a:\n  b: xyz\n  c: [1, 22]\n  d:\n    - 'q'\n")
    assert doc.loc(("a", "b")).start == ("t.yaml", 2, 6) and doc.loc(("a", "b")).end == (2, 9)
    assert doc.key_loc(("a", "c")).end == (3, 4)
    assert doc.loc(("a", "c")).end == (3, 13)  # a flow list ends after its bracket
    assert doc.loc(("a", "d")).end == (5, 10)  # a block list ends with its last item
    assert doc.loc(("a",)).end == (5, 10)


# --- fixes as data (issue 40, item 6) ----------------------------------------------------------------
def _only(case: str, fmt: str) -> dict:
    result = run_cli("check", "--format", fmt, cwd=CASES / case)
    assert result.code == 1, result.err
    return json.loads(result.out)


def test_json_and_sarif_carry_the_duplicate_id_fix():
    (finding,) = _only("spec-duplicate-id", "json")["findings"]
    assert finding["fix"] == {"command": None, "description": "use the next free ID 9003", "edits": [], "replacement": "9003"}
    log = _only("spec-duplicate-id", "sarif")
    assert_valid(log)
    (result,) = log["runs"][0]["results"]
    assert result["fixes"] == [
        {
            "artifactChanges": [
                {
                    "artifactLocation": {"uri": "op_specs/thing.yaml"},
                    "replacements": [{"deletedRegion": {"startLine": 10, "startColumn": 71, "endLine": 10, "endColumn": 75}, "insertedContent": {"text": "9003"}}],
                }
            ],
            "description": {"text": "use the next free ID 9003"},
        }
    ]


def test_json_and_sarif_carry_the_range_overlap_fix():
    """The range moves to the free block with every ID in it: one exact edit each."""
    (finding,) = _only("chk-range-overlap", "json")["findings"]
    moved = [(4, 18, 30, "[100, 199]"), (7, 65, 69, "150"), (8, 65, 69, "151"), (9, 71, 75, "152"), (10, 71, 75, "153"), (12, 74, 78, "154"), (13, 64, 68, "155")]
    assert finding["fix"] == {
        "command": None,
        "description": "the next free 100-block is [100, 199]",
        "edits": [{"path": "op_specs/other.yaml", "line": line, "col": col, "end_line": line, "end_col": end, "text": text} for line, col, end, text in moved],
        "replacement": None,
    }
    log = _only("chk-range-overlap", "sarif")
    assert_valid(log)
    (result,) = log["runs"][0]["results"]
    replacements = [
        {"deletedRegion": {"startLine": line, "startColumn": col, "endLine": line, "endColumn": end}, "insertedContent": {"text": text}}
        for line, col, end, text in moved
    ]
    assert result["fixes"] == [
        {"artifactChanges": [{"artifactLocation": {"uri": "op_specs/other.yaml"}, "replacements": replacements}], "description": {"text": "the next free 100-block is [100, 199]"}}
    ]
    (line,) = check(("chk-range-overlap",), "--format", "github").out.splitlines()
    assert "note: the next free 100-block is [100, 199]" in line.replace("%0A", "\n")


# Words with which a finding's text offers a fix.
FIX_WORDS = re.compile(r"next free|is free|free block|did you mean|\brun: |write \[|rename")


def _case_findings() -> list[tuple[str, dict]]:
    found = []
    for case in sorted(p for p in CASES.iterdir() if (p / "op_specs").is_dir()):
        args_file = case / "args.txt"
        args = args_file.read_text().split() if args_file.exists() else ["check"]
        if args[0] != "check":
            continue
        result = run_cli(*args, "--format", "json", cwd=case)
        found += [(case.name, finding) for finding in json.loads(result.out)["findings"]]
    return found


def test_every_fix_named_in_text_is_carried_as_data():
    findings = _case_findings()
    offering = [(case, f) for case, f in findings if FIX_WORDS.search(" ".join([f["message"], *(n["message"] for n in f["notes"])]))]
    assert len(offering) >= 20  # the cases do offer fixes: the check is not vacuous
    missing = [(case, f["rule"], f["message"]) for case, f in offering if f["fix"] is None]
    assert not missing
