"""What a run prints around its findings: colour, progress, per-op lines and the closing summary.

Colour and progress are for people: colour only when the stream is a terminal and `NO_COLOR` is
unset (`FORCE_COLOR` forces it, as in other tools), progress only on a terminal's stderr and
never with `-q`. Pipes, files and CI logs get plain text.
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter
from typing import TextIO

_FINDING = re.compile(r"^(\S.*?:\d+:\d+: )(error|warning)(\[[A-Z0-9-]+\])(: )", re.MULTILINE)
_NOTE = re.compile(r"^(\s+(?:\S.*?:\d+:\d+: )?)(note)(: )", re.MULTILINE)
_CODES = {"error": "1;31", "warning": "1;33", "note": "1;36", "rule": "2", "bold": "1"}


def colour_enabled(stream: TextIO) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


def _paint(text: str, what: str) -> str:
    return f"\x1b[{_CODES[what]}m{text}\x1b[0m"


def colourize(text: str) -> str:
    """Findings in the text format with the severity and rule coloured."""
    text = _FINDING.sub(lambda m: m.group(1) + _paint(m.group(2), m.group(2)) + _paint(m.group(3), "rule") + m.group(4), text)
    return _NOTE.sub(lambda m: m.group(1) + _paint(m.group(2), "note") + m.group(3), text)


class Console:
    """How much a run says. (A plain class: a dataclass costs its import on every run.)"""

    def __init__(self, quiet: bool = False, verbose: bool = False) -> None:
        self.quiet, self.verbose = quiet, verbose

    def __repr__(self) -> str:
        return f"Console(quiet={self.quiet!r}, verbose={self.verbose!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Console) and (self.quiet, self.verbose) == (other.quiet, other.verbose)

    # unhashable (mutable), like the dataclass it was
    __hash__ = None  # type: ignore[assignment]

    def findings(self, text: str) -> None:
        """Rendered findings in the text format (always printed, even with -q)."""
        sys.stdout.write(colourize(text) if text and colour_enabled(sys.stdout) else text)

    def say(self, line: str) -> None:
        """An ordinary line: suppressed by -q."""
        if not self.quiet:
            print(line)

    def detail(self, line: str) -> None:
        """A line only -v shows."""
        if self.verbose and not self.quiet:
            print(line)

    def progress(self, done: int, total: int, what: str) -> None:
        """`[done/total] what` on a terminal's stderr, overwritten in place; nothing elsewhere."""
        if self.quiet or not _tty(sys.stderr):
            return
        line = f"[{done}/{total}] {what}"[:79]
        sys.stderr.write("\r\x1b[2K" + line)
        sys.stderr.flush()

    def progress_done(self) -> None:
        if not self.quiet and _tty(sys.stderr):
            sys.stderr.write("\r\x1b[2K")
            sys.stderr.flush()


def _tty(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def per_owner(paths_and_kinds: list[tuple[str, str]], owner_of: dict[str, str]) -> list[tuple[str, Counter[str]]]:
    """(owner, counts of created/updated/deleted) for each owner of a changed file, in name order."""
    counts: dict[str, Counter[str]] = {}
    for path, kind in paths_and_kinds:
        counts.setdefault(owner_of.get(path, path.split("/")[0]), Counter())[kind] += 1
    return sorted(counts.items())


def counted(counts: Counter[str]) -> str:
    """'2 updated, 1 created' in a fixed order; 'unchanged' for none."""
    parts = [f"{counts[k]} {k}d" for k in ("create", "update", "delete") if counts[k]]
    return ", ".join(parts) if parts else "unchanged"
