"""Diagnostics: one finding per problem, printed as `path:line:col: severity[RULE-ID]: message`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple


class Loc(NamedTuple):
    """A position in an input file; line and col are 1-based. (A tuple: cheap, ordered, hashable.)"""

    path: str
    line: int = 1
    col: int = 1

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"


@dataclass(frozen=True, order=True)
class Note:
    message: str
    loc: Loc | None = None

    def render(self) -> str:
        return f"{self.loc}: note: {self.message}" if self.loc else f"note: {self.message}"


@dataclass(frozen=True, order=True)
class Diagnostic:
    loc: Loc
    rule: str
    message: str
    severity: str = "error"
    notes: tuple[Note, ...] = field(default=())

    def render(self) -> str:
        lines = [f"{self.loc}: {self.severity}[{self.rule}]: {self.message}"]
        lines.extend("    " + note.render() for note in self.notes)
        return "\n".join(lines)

    def as_json(self) -> dict[str, object]:
        locations = [_loc_json(self.loc)]
        locations.extend(_loc_json(n.loc) for n in self.notes if n.loc)
        return {
            "rule": self.rule,
            "severity": self.severity,
            "message": self.message,
            "notes": [n.message for n in self.notes],
            "locations": locations,
        }

    def render_github(self) -> str:
        text = self.message + "".join(f" ({n.render()})" for n in self.notes)
        text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
        level = "error" if self.severity == "error" else "warning"
        return (
            f"::{level} file={self.loc.path},line={self.loc.line},col={self.loc.col},"
            f"title={self.rule}::{text}"
        )


def _loc_json(loc: Loc) -> dict[str, object]:
    return {"path": loc.path, "line": loc.line, "col": loc.col}


def finalize(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """De-duplicate and sort, so output never depends on discovery order."""
    return sorted(set(diagnostics))


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity == "error" for d in diagnostics)


def render(diagnostics: Iterable[Diagnostic], fmt: str = "text") -> str:
    items = finalize(diagnostics)
    if fmt == "json":
        return json.dumps([d.as_json() for d in items], indent=2, sort_keys=True) + "\n"
    if fmt == "github":
        return "".join(d.render_github() + "\n" for d in items)
    return "".join(d.render() + "\n" for d in items)


class SpecError(Exception):
    """Raised to abandon one input file; carries the findings gathered so far."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(f"{len(diagnostics)} finding(s)")
        self.diagnostics = diagnostics
