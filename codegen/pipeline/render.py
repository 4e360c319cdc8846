"""Rendering: the model through Jinja2 templates (StrictUndefined) into file contents in memory."""

from __future__ import annotations

from pathlib import Path

import jinja2
import jinja2.sandbox

from codegen import families, __version__
from codegen.views import cpp, naming, pyview, refview
from codegen.plumbing import escape
from codegen.spec.model import OpSpec
from codegen.spec.registry import Registry
from codegen.pipeline.workspace import builtin_templates


class RenderError(Exception):
    """A template failed: undefined name, syntax error, missing template."""

    def __init__(self, template: str, line: int, message: str):
        super().__init__(f"{template}:{line}: {message}")
        self.template, self.line, self.message = template, line, message


def environment(template_dirs: list[Path]) -> jinja2.Environment:
    """StrictUndefined always; a sandbox when a workspace's own templates are on the search path
    (they are user input: no attribute or call outside what the model offers)."""
    builtin = builtin_templates().resolve()
    foreign = any(d.resolve() != builtin for d in template_dirs)
    kind = jinja2.sandbox.ImmutableSandboxedEnvironment if foreign else jinja2.Environment
    env = kind(
        loader=jinja2.FileSystemLoader([str(d) for d in template_dirs]),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
    )
    from codegen.views.fragments import in_sentence, title

    env.filters["title"] = title  # "LayernormBackward" -> "Layernorm backward" (registry fragments)
    env.filters["in_sentence"] = in_sentence  # "LayernormBackward" -> "layernorm backward"
    env.filters["sentence"] = naming.sentence  # "normalized_dim_count" -> "Normalized dim count"
    env.filters.update(escape.FILTERS)
    env.filters["cpp_int_vector"] = cpp.vector_literal
    return env


def render_op(env: jinja2.Environment, spec: OpSpec, registry: Registry | None = None) -> dict[str, str]:
    """Every C++ file of one op, keyed by its path under generated/."""
    op = cpp.build(spec)
    ref = refview.build(spec, registry) if spec.reference is not None and registry is not None else None
    files = {}
    for key, output in families.op_outputs(op.names).items():
        template, item = families.template_of(key)
        if template.startswith(("reference/", "reference_registry/")) and ref is None:
            continue  # no registry data types to lay the key out with: SPEC-DTYPE-KEY says so
        files[f"{spec.op}/{output}"] = _render(env, template, op=op, item=item, ref=ref)
    return files


def render_mirror(env: jinja2.Environment, specs: list[OpSpec], registry: Registry) -> dict[str, str]:
    """The Python mirror package (generated/python/) for every spec."""
    ops = [pyview.build(spec) for spec in sorted(specs, key=lambda s: s.op)]
    pkg = pyview.build_package(ops, registry, __version__)
    files = {}
    for family in families.all_families():
        files.update({output: _render(env, template, pkg=pkg) for template, output in family.package_outputs.items()})
        for op in ops:
            for template, output in family.package_op_outputs(op.names).items():
                files[output] = _render(env, template, op=op, pkg=pkg)
    return files


def _render(env: jinja2.Environment, template: str, **context: object) -> str:
    try:
        return env.get_template(template).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise RenderError(exc.name or template, exc.lineno, exc.message or str(exc)) from None
    except jinja2.TemplateNotFound as exc:
        raise RenderError(template, 1, f"template {exc.name} not found") from None
    except jinja2.TemplateError as exc:
        raise RenderError(template, _template_line(exc, template), str(exc)) from None


def _template_line(exc: BaseException, template: str) -> int:
    """The template line a runtime error was raised from, read off the traceback."""
    tb = exc.__traceback__
    line = 1
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(template):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
