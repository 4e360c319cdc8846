"""Diagnostics: one finding per problem, printed as `path:line:col: severity[RULE-ID]: message`.

The text form lives here; the machine forms (versioned JSON, SARIF, GitHub annotations,
statistics) are in codegen.report."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, NamedTuple

RUN = "run: "  # a note "run: COMMAND" names the command that fixes the finding


class Loc(NamedTuple):
    """A position in an input file; line and col are 1-based. (A tuple: cheap, ordered, hashable.)

    end_line/end_col, when known, are the position just after the region (as in SARIF and YAML
    end marks). Only the start takes part in equality, hashing and ordering, so findings sort and
    de-duplicate exactly as they did before ends were recorded."""

    path: str
    line: int = 1
    col: int = 1
    end_line: int | None = None
    end_col: int | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"

    @property
    def start(self) -> tuple[str, int, int]:
        return (self.path, self.line, self.col)

    @property
    def end(self) -> tuple[int, int]:
        """(line, col) just after the region; the start when the end is unknown."""
        if self.end_line is None or self.end_col is None:
            return (self.line, self.col)
        return (self.end_line, self.end_col)

    @property
    def has_end(self) -> bool:
        return self.end_line is not None and self.end_col is not None

    def __eq__(self, other: object) -> bool:
        return self.start == other.start if isinstance(other, Loc) else NotImplemented

    def __ne__(self, other: object) -> bool:
        return self.start != other.start if isinstance(other, Loc) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.start)

    def __lt__(self, other: object) -> bool:
        return self.start < other.start if isinstance(other, Loc) else NotImplemented

    def __le__(self, other: object) -> bool:
        return self.start <= other.start if isinstance(other, Loc) else NotImplemented

    def __gt__(self, other: object) -> bool:
        return self.start > other.start if isinstance(other, Loc) else NotImplemented

    def __ge__(self, other: object) -> bool:
        return self.start >= other.start if isinstance(other, Loc) else NotImplemented


@dataclass(frozen=True, order=True)
class Note:
    message: str
    loc: Loc | None = None

    def render(self) -> str:
        return f"{self.loc}: note: {self.message}" if self.loc else f"note: {self.message}"


@dataclass(frozen=True)
class Fix:
    """A suggested fix, as data: a command to run, and/or the text that should replace what the
    finding's location spans (from its start to its end)."""

    description: str
    command: str | None = None
    replacement: str | None = None
    # further exact edits that belong to the same fix: (the region to replace, its new text)
    edits: tuple[tuple[Loc, str], ...] = ()

    def as_json(self) -> dict[str, object]:
        edits = [
            {"path": loc.path, "line": loc.line, "col": loc.col, "end_line": loc.end[0], "end_col": loc.end[1], "text": text}
            for loc, text in self.edits
        ]
        return {"description": self.description, "command": self.command, "replacement": self.replacement, "edits": edits}


@dataclass(frozen=True, order=True)
class Diagnostic:
    loc: Loc
    rule: str
    message: str
    severity: str = "error"
    notes: tuple[Note, ...] = field(default=())
    # A suggestion, not part of the finding's identity. Without one, a "run: COMMAND" note is it.
    fix: Fix | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.fix is None:
            command = next((n.message[len(RUN) :] for n in self.notes if n.message.startswith(RUN)), None)
            if command:
                object.__setattr__(self, "fix", Fix(f"run {command}", command=command))

    def render(self) -> str:
        lines = [f"{self.loc}: {self.severity}[{self.rule}]: {self.message}"]
        lines.extend("    " + note.render() for note in self.notes)
        return "\n".join(lines)


def finalize(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """De-duplicate and sort, so output never depends on discovery order."""
    return sorted(set(diagnostics))


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity == "error" for d in diagnostics)


def render(diagnostics: Iterable[Diagnostic]) -> str:
    """The findings as text (report.render writes the other output formats)."""
    return "".join(d.render() + "\n" for d in finalize(diagnostics))


from codegen.diagnostics.errors import UsageError  # noqa: E402,F401 - where every layer takes it from


class SpecError(Exception):
    """Raised to abandon one input file; carries the findings gathered so far."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(f"{len(diagnostics)} finding(s)")
        self.diagnostics = diagnostics
