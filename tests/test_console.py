"""Output for people: progress only on a terminal's stderr and never with -q; per-op counts."""

from __future__ import annotations

import io
import sys
from collections import Counter

from codegen.plumbing import console


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_goes_to_a_terminal_only(monkeypatch):
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    shown = console.Console()
    shown.progress(1, 4, "rendering layernorm_bwd")
    shown.progress_done()
    assert terminal.getvalue() == "\r\x1b[2K[1/4] rendering layernorm_bwd\r\x1b[2K"
    quiet = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    console.Console(quiet=True).progress(1, 4, "x")
    assert quiet.getvalue() == ""
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    console.Console().progress(1, 4, "x")
    assert pipe.getvalue() == ""


def test_quiet_and_verbose_lines(capsys):
    console.Console(quiet=True).say("hidden")
    console.Console().detail("hidden too")
    console.Console(verbose=True).detail("shown")
    assert capsys.readouterr().out == "shown\n"


def test_counts_per_owner_in_a_fixed_order():
    rows = console.per_owner([("a/x", "update"), ("a/y", "create"), ("b/z", "delete"), ("s", "update")], {"s": "shared files"})
    assert [(owner, console.counted(c)) for owner, c in rows] == [("a", "1 created, 1 updated"), ("b", "1 deleted"), ("shared files", "1 updated")]
    assert console.counted(Counter()) == "unchanged"


def test_colourize_marks_severity_rule_and_notes():
    text = "op_specs/a.yaml:1:2: error[SPEC-X]: bad\n    op_specs/a.yaml:3:4: note: first here\n"
    out = console.colourize(text)
    assert out == (
        "op_specs/a.yaml:1:2: \x1b[1;31merror\x1b[0m\x1b[2m[SPEC-X]\x1b[0m: bad\n"
        "    op_specs/a.yaml:3:4: \x1b[1;36mnote\x1b[0m: first here\n"
    )
