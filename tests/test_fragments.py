"""Registry fragments are formatted many to one clang-format file: each unit must come out exactly
as it does formatted alone, and a bundle that cannot carry a unit falls back to one file each."""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen.plumbing import formatting
from codegen.views import fragments
from codegen.pipeline import generate, render
from codegen.pipeline.workspace import load
from conftest import CASES, REPO


def _wrapped(root: Path) -> tuple[dict[str, str], Path]:
    ws = load(root)
    env = render.environment(ws.template_dirs)
    rendered: dict[str, str] = {}
    for spec in ws.specs:
        rendered.update(render.render_op(env, spec, ws.registry))
    wrapped = {p: fragments.wrap(t, c) for p, t in sorted(rendered.items()) if (c := fragments.context_of(p)) is not None}
    return wrapped, ws.template_file(formatting.STYLE_FILE)


@pytest.mark.parametrize("root", [REPO, CASES / "valid-enum"], ids=["repo", "valid-enum"])
def test_a_bundled_fragment_formats_exactly_as_it_does_alone(root: Path) -> None:
    wrapped, style = _wrapped(root)
    contexts = {fragments.context_of(p) for p in wrapped}
    assert contexts >= {"enum", "switch", "function"} and (root == REPO or "file" in contexts)
    alone = formatting.format_files({f"{p}.cpp": unit for p, unit in wrapped.items()}, style)
    together = formatting.format_files({"all.cpp": fragments.bundle(list(wrapped.values()))}, style)["all.cpp"]
    assert fragments.unbundle(together, len(wrapped)) == [alone[f"{p}.cpp"] for p in wrapped]


def test_unbundle_refuses_a_bundle_whose_boundaries_moved() -> None:
    units = ["typedef enum\n{\n    A = 1,\n} x;\n", "", "void f()\n{\n}\n"]
    text = fragments.bundle(units)
    assert fragments.unbundle(text, 3) == units
    assert fragments.unbundle(text, 2) is None
    assert fragments.unbundle(text.replace(fragments.BOUNDARY, "    " + fragments.BOUNDARY, 1), 3) is None  # indented: inside something
    assert fragments.unbundle(text + "int trailing;\n", 3) is None


def test_a_unit_holding_the_boundary_is_formatted_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fragment (from a workspace's own template, say) that contains the boundary line itself
    still comes out as it would alone."""
    wrapped, style = _wrapped(REPO)
    path = next(p for p in wrapped if fragments.context_of(p) == "enum")
    rendered = {path: f"HIPDNN_CODEGEN_A =   1,\n{fragments.BOUNDARY}\nHIPDNN_CODEGEN_B = 2,\n"}
    chunk = generate._Chunk([], rendered, style)
    assert chunk.BUNDLE not in chunk.job._files
    out = chunk.finish(generate.Output())
    alone = formatting.format_files({"x.cpp": fragments.wrap(rendered[path], "enum")}, style)["x.cpp"]
    assert out[path].decode() == fragments.unwrap(rendered[path], alone, "enum")
    assert b"HIPDNN_CODEGEN_A = 1," in out[path]


def test_under_a_workspace_style_each_fragment_is_formatted_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A workspace's own style might align across lines, so its fragments never share a file;
    with the same rules as hipDNN's, the output is the same either way. (A byte-identical copy of
    the built-in style is no override at all: this one differs by a comment.)"""
    import shutil

    from codegen.pipeline.workspace import builtin_templates

    ws_root = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws_root / "op_specs")
    (ws_root / "templates").mkdir()
    style = (builtin_templates() / formatting.STYLE_FILE).read_text()
    (ws_root / "templates" / formatting.STYLE_FILE).write_text("# the workspace's own copy\n" + style)
    monkeypatch.setattr(fragments, "bundle", lambda units: pytest.fail("fragments bundled under a workspace's own style"))
    ws = load(ws_root)
    own = generate.generate(ws, ws.specs)
    monkeypatch.undo()
    ws = load(REPO)
    builtin = generate.generate(ws, ws.specs)
    changed = [p for p in builtin.files if not p.endswith("hipdnn-codegen.stamp") and builtin.files[p] != own.files.get(p)]
    assert not changed and any(fragments.context_of(p) for p in own.files)
