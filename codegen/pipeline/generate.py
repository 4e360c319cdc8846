"""spec models -> rendered text -> formatted text -> checked bytes, a chunk of ops at a time."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from codegen.checks import coverage
from codegen.plumbing import formatting
from codegen.views import fragments, naming
from codegen.pipeline import render, stamp
from codegen.diagnostics import rules
from codegen.diagnostics.diagnostics import Diagnostic, Loc
from codegen.spec.model import OpSpec
from codegen.pipeline.workspace import GENERATED_DIR, Workspace, builtin_templates


@dataclass
class Output:
    files: dict[str, bytes] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


mirror_possible = stamp.mirror_possible


no_mirror_warning = stamp.no_mirror_warning


# ops rendered and formatted together: formatting one chunk in the background while the next
# renders keeps both cores busy, and only one chunk's intermediate texts are alive at a time
CHUNK = 16


def generate(
    ws: Workspace,
    specs: list[OpSpec],
    mirror: bool = True,
    progress: Callable[[int, int, str], None] | None = None,
    sink: Callable[[str, bytes], None] | None = None,
) -> Output:
    """Render and format every file of `specs` and, with `mirror`, the Python mirror of every
    spec in the workspace. Raises formatting.FormatError for tool problems. `progress(done,
    total, what)` hears of each step. Each finished file goes to `sink(path, data)` as soon as
    its chunk is formatted, and is not kept (memory stays at one chunk's worth); without a sink
    the files are collected in Output.files."""
    out = Output()
    digests: dict[str, dict[str, str]] = {}  # owner -> {path below it: digest}, for the stamps
    collected: dict[str, bytes] = {}

    deliver = sink or collected.__setitem__

    def emit(files: dict[str, bytes]) -> None:
        for path in sorted(files):
            owner, _, rest = path.partition("/")
            digests.setdefault(owner, {})[rest] = stamp.digest(files[path])
            deliver(path, files[path])

    env = render.environment(ws.template_dirs)
    inputs = stamp.Inputs(ws)
    style = ws.template_file(formatting.STYLE_FILE)
    # fragments share one clang-format file only under hipDNN's style, which aligns nothing
    # across lines (a workspace's own style might, and then each is formatted alone)
    bundled = style.read_bytes() == (builtin_templates() / formatting.STYLE_FILE).read_bytes()
    tell = progress or (lambda done, total, what: None)
    ordered = sorted(specs, key=lambda s: s.op)
    chunks: list[list[OpSpec] | None] = [ordered[i : i + CHUNK] for i in range(0, len(ordered), CHUNK)]
    with_mirror = mirror and mirror_possible(ws)
    if with_mirror:
        chunks.append(None)  # the mirror renders from every spec of the workspace
    pending: _Chunk | None = None
    done = 0
    try:
        for chunk in chunks:
            if chunk is None:
                tell(done, len(ordered) + 1, "rendering the Python mirror")
                assert ws.registry is not None
                rendered = render.render_mirror(env, ws.specs, ws.registry, inputs.shared)
            else:
                rendered = {}
                for spec in chunk:
                    tell(done, len(ordered) + int(with_mirror), f"rendering {spec.op}")
                    rendered.update(render.render_op(env, spec, ws.registry))
                    done += 1
            started = _Chunk(chunk or [], rendered, style, bundled)
            if pending is not None:
                emit(pending.finish(out))
            pending = started
        if pending is not None:
            tell(done, len(ordered) + int(with_mirror), "formatting")
            emit(pending.finish(out))
    except render.RenderError as exc:
        if pending is not None:
            pending.job.cancel()
        shown = ws.display(ws.template_file(exc.template))
        out.diagnostics.append(rules.GEN_TEMPLATE(Loc(shown, exc.line), exc.message))
        return out
    except BaseException:  # a tool or storage problem, Ctrl-C: no clang-format left running
        if pending is not None:
            pending.job.cancel()
        raise
    if mirror and not mirror_possible(ws):
        out.diagnostics.append(no_mirror_warning(ws))
    stamps = {}
    for spec in specs:
        own = digests.get(spec.op, {})
        stamps[f"{spec.op}/{stamp.STAMP}"] = stamp.render(f"op_specs/{spec.op}.yaml", f"hipdnn-codegen generate {spec.op}", inputs.of(spec), own, inputs.parts_of(spec))
    own = digests.get(naming.PYTHON_DIR, {})
    if own:
        stamps[f"{naming.PYTHON_DIR}/{stamp.STAMP}"] = stamp.render("op_specs/*.yaml", "hipdnn-codegen generate", inputs.of_mirror(), own, inputs.parts_of_mirror())
    for path in sorted(stamps):
        deliver(path, stamps[path])
    out.files = dict(sorted(collected.items()))
    return out


class _Chunk:
    """One chunk's rendered files, being formatted in the background. Its registry fragments are
    formatted inside stand-ins of the constructs they are pasted into, all in one file."""

    BUNDLE = "fragments.bundle.cpp"  # no op's path: those start with "<op>/"

    def __init__(self, specs: list[OpSpec], rendered: dict[str, str], style: Path, bundled: bool = True):
        self.specs, self.rendered, self.style = specs, rendered, style
        self.wrapped = {path: context for path in sorted(rendered) if (context := fragments.context_of(path)) is not None}
        self.units = [fragments.wrap(rendered[path], context) for path, context in self.wrapped.items()]
        staged = dict(rendered)
        if bundled and self.units and not any(fragments.BOUNDARY in unit for unit in self.units):
            staged[self.BUNDLE] = fragments.bundle(self.units)
        self.job = formatting.start(staged, style)

    def finish(self, out: Output) -> dict[str, bytes]:
        formatted = self.job.result()
        bundle = formatted.pop(self.BUNDLE, None)
        units = fragments.unbundle(bundle, len(self.units)) if bundle is not None else None
        if units is None and self.units:  # a unit the bundle cannot carry: one file each
            alone = formatting.format_files({f"{i:05d}.cpp": unit for i, unit in enumerate(self.units)}, self.style)
            units = [alone[f"{i:05d}.cpp"] for i in range(len(self.units))]
        for (path, context), unit in zip(self.wrapped.items(), units or []):
            formatted[path] = fragments.unwrap(self.rendered[path], unit, context)
        for spec in self.specs:
            out.diagnostics.extend(coverage.check(spec, formatted, f"{GENERATED_DIR}/"))
        return {path: text.encode("utf-8") for path, text in formatted.items()}
