"""spec models -> rendered text -> formatted text -> checked bytes, all in memory."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from codegen import coverage, formatting, fragments, naming, render, rules, stamp
from codegen.diagnostics import Diagnostic, Loc
from codegen.model import OpSpec
from codegen.workspace import GENERATED_DIR, Workspace


@dataclass
class Output:
    files: dict[str, bytes] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def mirror_possible(ws: Workspace) -> bool:
    return ws.registry is not None and bool(ws.registry.data_types) and bool(ws.registry.statuses)


def no_mirror_warning(ws: Workspace) -> Diagnostic:
    registry = ws.display(ws.spec_dir / "registry.yaml")
    return rules.GEN_NO_MIRROR(Loc(registry), "no data_types/statuses in the registry, so generated/python/ is not produced")


def generate(ws: Workspace, specs: list[OpSpec], mirror: bool = True, progress: Callable[[int, int, str], None] | None = None) -> Output:
    """Render and format every file of `specs` and, with `mirror`, the Python mirror of every
    spec in the workspace. Raises formatting.FormatError for tool problems. `progress(done,
    total, what)` hears of each step."""
    out = Output()
    env = render.environment(ws.template_dirs)
    rendered: dict[str, str] = {}
    steps = len(specs) + 2
    tell = progress or (lambda done, total, what: None)
    try:
        for done, spec in enumerate(sorted(specs, key=lambda s: s.op)):
            tell(done, steps, f"rendering {spec.op}")
            rendered.update(render.render_op(env, spec, ws.registry))
        tell(len(specs), steps, "rendering the Python mirror")
        if mirror and mirror_possible(ws):
            assert ws.registry is not None
            rendered.update(render.render_mirror(env, ws.specs, ws.registry))
    except render.RenderError as exc:
        shown = ws.display(ws.template_file(exc.template))
        out.diagnostics.append(rules.GEN_TEMPLATE(Loc(shown, exc.line), exc.message))
        return out
    if mirror and not mirror_possible(ws):
        out.diagnostics.append(no_mirror_warning(ws))
    staged = dict(rendered)
    wrapped = {}
    for path, text in rendered.items():
        context = fragments.context_of(path)
        if context is not None:  # formatted inside a stand-in of the construct it is pasted into
            wrapped[path] = context
            staged[path + ".fragment.cpp"] = fragments.wrap(text, context)
    tell(len(specs) + 1, steps, f"formatting {len(staged)} files")
    formatted = formatting.format_files(staged, ws.template_file(formatting.STYLE_FILE))
    for path, context in wrapped.items():
        formatted[path] = fragments.unwrap(rendered[path], formatted.pop(path + ".fragment.cpp"), context)
    for spec in specs:
        out.diagnostics.extend(coverage.check(spec, formatted, f"{GENERATED_DIR}/"))
    files = {path: text.encode("utf-8") for path, text in formatted.items()}
    inputs = stamp.Inputs(ws)
    for spec in specs:
        prefix = f"{spec.op}/"
        own = {p.removeprefix(prefix): d for p, d in files.items() if p.startswith(prefix)}
        files[prefix + stamp.STAMP] = stamp.render(f"op_specs/{spec.op}.yaml", f"hipdnn-codegen generate {spec.op}", inputs.of(spec), own, inputs.parts_of(spec))
    prefix = f"{naming.PYTHON_DIR}/"
    own = {p.removeprefix(prefix): d for p, d in files.items() if p.startswith(prefix)}
    if own:
        files[prefix + stamp.STAMP] = stamp.render("op_specs/*.yaml", "hipdnn-codegen generate", inputs.of_mirror(), own, inputs.parts_of_mirror())
    out.files = dict(sorted(files.items()))
    return out
