"""Findings for machines: versioned JSON, SARIF 2.1.0, GitHub workflow commands, per-rule counts,
and the explanation of a rule (`hipdnn-codegen rule ID`).

Every form is deterministic: findings come sorted (diagnostics.finalize) and JSON keys sorted."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from codegen import __version__
from codegen.diagnostics import rules
from codegen.diagnostics.diagnostics import Diagnostic, Loc

JSON_VERSION = 1  # bump when a key of the JSON output changes meaning or disappears
SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
TOOL = "hipdnn-codegen"


def render(items: list[Diagnostic], fmt: str) -> str:
    """The findings in one output format: text, json, github, sarif or statistics; `items` already
    sorted and de-duplicated."""
    if fmt == "text":
        return "".join(d.render() + "\n" for d in items)
    if fmt == "json":
        return _dump({"version": JSON_VERSION, "findings": [_finding(d) for d in items]})
    if fmt == "sarif":
        return _dump(sarif(items))
    if fmt == "github":
        return "".join(github(d) + "\n" for d in items)
    if fmt == "statistics":
        return statistics(items)
    raise ValueError(f"unknown output format {fmt!r}")


def _dump(data: object) -> str:
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


# --- JSON ------------------------------------------------------------------------------------------
def _location(loc: Loc) -> dict[str, object]:
    end_line, end_col = loc.end
    return {"path": loc.path, "line": loc.line, "col": loc.col, "end_line": end_line, "end_col": end_col}


def _finding(d: Diagnostic) -> dict[str, object]:
    return {
        "rule": d.rule,
        "severity": d.severity,
        "message": d.message,
        "location": _location(d.loc),
        "notes": [{"message": n.message, "location": _location(n.loc) if n.loc else None} for n in d.notes],
        "fix": d.fix.as_json() if d.fix else None,
    }


# --- SARIF -----------------------------------------------------------------------------------------
def _level(severity: str) -> str:
    return severity if severity in ("error", "warning") else "note"


def _uri(path: str) -> str:
    """A path as a URI reference: relative paths stay relative (to the directory check ran in)."""
    path = path.replace("\\", "/")
    if re.match(r"[A-Za-z]:/", path):  # a Windows drive
        from urllib.parse import quote

        return "file:///" + path[:2] + quote(path[2:])
    from urllib.parse import quote

    return ("file://" if path.startswith("/") else "") + quote(path)


def _region(loc: Loc) -> dict[str, int]:
    region = {"startLine": max(loc.line, 1), "startColumn": max(loc.col, 1)}
    if loc.has_end:
        end_line, end_col = loc.end
        region.update(endLine=max(end_line, region["startLine"]), endColumn=max(end_col, 1))
    return region


def _physical(loc: Loc) -> dict[str, Any]:
    return {"artifactLocation": {"uri": _uri(loc.path)}, "region": _region(loc)}


def _result(d: Diagnostic, index: int) -> dict[str, Any]:
    text = "\n".join([d.message, *(n.render() for n in d.notes if n.loc is None)])
    result: dict[str, Any] = {
        "ruleId": d.rule,
        "ruleIndex": index,
        "level": _level(d.severity),
        "message": {"text": text},
        "locations": [{"physicalLocation": _physical(d.loc)}],
    }
    related = [n for n in d.notes if n.loc is not None]
    if related:
        result["relatedLocations"] = [
            {"id": i, "message": {"text": n.message}, "physicalLocation": _physical(n.loc)}
            for i, n in enumerate(related, 1)
            if n.loc is not None
        ]
    edits = _edits(d)
    if d.fix is not None and edits:
        by_path: dict[str, list[dict[str, Any]]] = {}
        for loc, text in edits:
            by_path.setdefault(loc.path, []).append({"deletedRegion": _region(loc), "insertedContent": {"text": text}})
        changes = [{"artifactLocation": {"uri": _uri(path)}, "replacements": replacements} for path, replacements in by_path.items()]
        result["fixes"] = [{"description": {"text": d.fix.description}, "artifactChanges": changes}]
    elif d.fix is not None:  # a command (or a change without an exact region): SARIF fixes cannot say it
        result["properties"] = {"fix": d.fix.as_json()}
    return result


def _edits(d: Diagnostic) -> list[tuple[Loc, str]]:
    """The exact edits of a finding's fix (its own region first), or none when any is not exact."""
    if d.fix is None:
        return []
    edits = [(d.loc, d.fix.replacement)] if d.fix.replacement is not None else []
    edits += d.fix.edits
    return edits if all(loc.has_end for loc, _ in edits) else []


def _descriptor(rule_id: str) -> dict[str, Any]:
    rule = rules.ALL.get(rule_id)
    descriptor: dict[str, Any] = {
        "id": rule_id,
        "shortDescription": {"text": rule.purpose if rule else rule_id},
        "defaultConfiguration": {"level": _level(rule.severity if rule else "error")},
    }
    if rule is not None and (rule.doc or rule.family):
        descriptor["fullDescription"] = {"text": " ".join(t for t in (rule.doc, rule.family) if t)}
    return descriptor


def sarif(items: list[Diagnostic]) -> dict[str, Any]:
    """One SARIF log with one run: the rules that were reported and a result per finding."""
    ids = sorted({d.rule for d in items})
    index = {rule_id: i for i, rule_id in enumerate(ids)}
    driver = {"name": TOOL, "version": __version__, "rules": [_descriptor(r) for r in ids]}
    run = {
        "tool": {"driver": driver},
        "columnKind": "unicodeCodePoints",  # columns count characters, as YAML marks do
        "results": [_result(d, index[d.rule]) for d in items],
    }
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}


# --- GitHub workflow commands ----------------------------------------------------------------------
def escape_data(text: str) -> str:
    """A workflow command's message: %, CR and LF are percent-encoded."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value: the message escapes plus ':' and ','."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github(d: Diagnostic) -> str:
    """`::error file=F,line=L,col=C,endLine=EL,endColumn=EC,title=...::MESSAGE`, notes on lines of
    their own. endColumn is exclusive, as in SARIF; GitHub takes columns only for a one-line region."""
    command = {"error": "error", "warning": "warning"}.get(d.severity, "notice")
    props = [("file", d.loc.path), ("line", str(d.loc.line))]
    end_line, end_col = d.loc.end
    end_column: int | None = end_col if d.loc.has_end else None
    if end_col == 1 and end_line > d.loc.line:  # ends at a line's start: at the end of the line before
        end_line, end_column = end_line - 1, None
    if end_line == d.loc.line:
        props.append(("col", str(d.loc.col)))
    if d.loc.has_end:
        props.append(("endLine", str(end_line)))
    if end_line == d.loc.line and end_column is not None:
        props.append(("endColumn", str(end_column)))
    props.append(("title", f"{TOOL} ({d.rule})"))
    text = "\n".join([d.message, *(n.render() for n in d.notes)])
    return f"::{command} {','.join(f'{k}={escape_property(v)}' for k, v in props)}::{escape_data(text)}"


# --- statistics ------------------------------------------------------------------------------------
def statistics(items: list[Diagnostic]) -> str:
    """One line per rule: how many findings, the rule and its purpose; most frequent first."""
    counts = sorted(Counter(d.rule for d in items).items(), key=lambda item: (-item[1], item[0]))
    if not counts:
        return ""
    count_width = len(str(counts[0][1]))
    id_width = max(len(rule_id) for rule_id, _ in counts)
    lines = []
    for rule_id, count in counts:
        rule = rules.ALL.get(rule_id)
        lines.append(f"{count:>{count_width}}  {rule_id:<{id_width}}  {rule.purpose if rule else ''}".rstrip())
    return "".join(line + "\n" for line in lines)


# --- rule explanations -----------------------------------------------------------------------------
def explain(rule: rules.Rule) -> str:
    """What `hipdnn-codegen rule ID` prints."""
    parts = [f"{rule.id} ({rule.severity})", f"purpose: {rule.purpose}"]
    parts += ["", rule.doc] if rule.doc else []
    parts += ["", rule.family] if rule.family else []
    return "\n".join(parts) + "\n"


def listing() -> str:
    """What `hipdnn-codegen rule --all` prints: every rule, one line each, in the rule table's order."""
    width = max(len(rule_id) for rule_id in rules.ALL)
    return "".join(f"{r.id:<{width}}  {r.severity:<7}  {r.purpose}\n" for r in rules.ALL.values())
