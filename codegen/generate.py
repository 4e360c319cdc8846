"""spec models -> rendered text -> formatted text -> checked bytes, all in memory."""

from __future__ import annotations

from dataclasses import dataclass, field

from codegen import coverage, formatting, render, rules, stamp
from codegen.diagnostics import Diagnostic, Loc
from codegen.model import OpSpec
from codegen.workspace import GENERATED_DIR, Workspace


@dataclass
class Output:
    files: dict[str, bytes] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def generate(ws: Workspace, specs: list[OpSpec]) -> Output:
    """Render and format every file of `specs`. Raises formatting.FormatError for tool problems."""
    out = Output()
    env = render.environment(ws.template_dirs)
    rendered: dict[str, str] = {}
    for spec in sorted(specs, key=lambda s: s.op):
        try:
            rendered.update(render.render_op(env, spec))
        except render.RenderError as exc:
            shown = ws.display(ws.template_file(exc.template))
            out.diagnostics.append(rules.GEN_TEMPLATE(Loc(shown, exc.line), exc.message))
    if out.diagnostics:
        return out
    formatted = formatting.format_files(rendered, ws.template_file(formatting.STYLE_FILE))
    for spec in specs:
        out.diagnostics.extend(coverage.check(spec, formatted, f"{GENERATED_DIR}/"))
    files = {path: text.encode("utf-8") for path, text in formatted.items()}
    inputs = stamp.Inputs(ws)
    for spec in specs:
        prefix = f"{spec.op}/"
        own = {p.removeprefix(prefix): d for p, d in files.items() if p.startswith(prefix)}
        files[prefix + stamp.STAMP] = stamp.render(spec.op, inputs.of(spec), own)
    out.files = dict(sorted(files.items()))
    return out
