"""Rendering: the model through Jinja2 templates (StrictUndefined) into file contents in memory."""

from __future__ import annotations

import hashlib
import marshal
import sys
from pathlib import Path
from types import CodeType
from typing import Any

import jinja2
import jinja2.bccache
import jinja2.sandbox

from codegen import families, __version__
from codegen.views import cpp, naming, pyview, refview, workview
from codegen.plumbing import escape
from codegen.spec.model import OpSpec
from codegen.spec.registry import Registry
from codegen.pipeline.workspace import builtin_templates


class RenderError(Exception):
    """A template failed: undefined name, syntax error, missing template."""

    def __init__(self, template: str, line: int, message: str):
        super().__init__(f"{template}:{line}: {message}")
        self.template, self.line, self.message = template, line, message


PRECOMPILED_FILE = Path(__file__).with_name("templates.compiled.json")  # see codegen.pipeline.precompiled


def template_signature(env: jinja2.Environment) -> str:
    """What the Python source of a template depends on besides the template itself."""
    settings = (
        jinja2.__version__,
        type(env).__module__ + "." + type(env).__qualname__,
        env.block_start_string, env.block_end_string, env.variable_start_string, env.variable_end_string,
        env.comment_start_string, env.comment_end_string, env.line_statement_prefix, env.line_comment_prefix,
        env.trim_blocks, env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline,
        repr(env.autoescape), env.optimized, env.is_async, env.finalize is None,
        env.undefined.__module__ + "." + env.undefined.__qualname__,
        sorted(env.extensions), sorted(env.filters), sorted(env.tests),
    )
    return hashlib.sha256(repr(settings).encode()).hexdigest()


def source_digest(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()


class Precompiled:
    """PRECOMPILED_FILE (codegen.pipeline.precompiled writes it), read on first use: the code of a
    template whose source and environment are the ones it was made from; None for any other."""

    def __init__(self) -> None:
        self._table: dict[str, Any] | None = None
        self._signature: str | None = None

    def _load(self) -> dict[str, Any]:
        if self._table is None:
            import json

            try:
                data = json.loads(PRECOMPILED_FILE.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                data = None
            ok = isinstance(data, dict) and isinstance(data.get("signature"), str) and isinstance(data.get("templates"), dict)
            self._table = data if ok else {"signature": "", "templates": {}}
        return self._table

    def code(self, env: jinja2.Environment, name: str, filename: str | None, source: str) -> CodeType | None:
        table = self._load()
        if self._signature is None:
            self._signature = template_signature(env)
        if table["signature"] != self._signature:
            return None
        entry = table["templates"].get(name)
        if not (isinstance(entry, list) and len(entry) == 2 and all(isinstance(e, str) for e in entry)) or entry[0] != source_digest(source):
            return None
        try:
            return compile(entry[1], filename or "<template>", "exec")
        except (SyntaxError, ValueError):
            return None


class TemplateCache(jinja2.BytecodeCache):
    """Compiled templates in the tool's cache directory (cache.directory()/templates), so a run
    does not recompile the ~100 templates (about half of a one-op regeneration in a new process).

    Jinja's own file cache unpickles its entries; here nothing is loaded blindly. An entry is
    named by a digest of the template's name, its source, the environment kind, Jinja's and
    Python's versions and the tool's code; it holds a header, the SHA-256 of its payload and the
    marshalled code. It is read only when the folder and the file belong to this user and no one
    else may write them, the header and digest match and the payload unmarshals to a code object;
    anything else (damaged, foreign, from another version) is a miss, compiled and rewritten."""

    MAGIC = b"hipdnn-codegen compiled template 1\n"

    def __init__(self, folder: Path | None, kind: str, precompiled: bool = False):
        from codegen.plumbing import cache

        self.folder = folder
        self._salt = hashlib.sha256(
            "\0".join([kind, jinja2.__version__, sys.version, __version__]).encode() + cache.tool_digest()
        ).digest()
        self._usable = folder is not None and cache.private_folder(folder)
        # the built-in environment: a template missing here is compiled from the shipped Python
        # source of it when that is current (codegen.pipeline.precompiled)
        self._precompiled = Precompiled() if precompiled else None

    def get_bucket(self, environment: jinja2.Environment, name: str, filename: str | None, source: str) -> jinja2.bccache.Bucket:
        bucket = super().get_bucket(environment, name, filename, source)
        if bucket.code is None and self._precompiled is not None:
            code = self._precompiled.code(environment, name, filename, source)
            if code is not None:
                bucket.code = code
                self.dump_bytecode(bucket)  # kept: the next run needs neither
        return bucket

    def _path(self, bucket: jinja2.bccache.Bucket) -> Path:
        assert self.folder is not None
        name = hashlib.sha256(self._salt + bucket.key.encode() + b"\0" + bucket.checksum.encode()).hexdigest()
        return self.folder / f"{name}.jinja"

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        from codegen.plumbing import cache

        payload = cache.sealed_read(self._path(bucket), self.MAGIC) if self._usable else None
        if payload is None:
            return
        try:
            code = marshal.loads(payload)
        except (EOFError, ValueError, TypeError):
            return
        if type(code).__name__ == "code":
            bucket.code = code

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        from codegen.plumbing import cache

        if self._usable and bucket.code is not None:
            cache.sealed_write(self._path(bucket), self.MAGIC, marshal.dumps(bucket.code))

    def clear(self) -> None:
        for path in self.folder.glob("*.jinja") if self.folder is not None else ():
            path.unlink(missing_ok=True)


def template_cache(kind: str, builtin: bool = False) -> TemplateCache | None:
    """The compiled-template cache (for the built-in environment, also the shipped precompiled
    templates), or None when the tool's cache is off and the environment is not the built-in one."""
    from codegen.plumbing import cache

    base = cache.directory()
    if base is None and not builtin:
        return None
    return TemplateCache(base / "templates" if base is not None else None, kind, precompiled=builtin)


def environment(template_dirs: list[Path]) -> jinja2.Environment:
    """StrictUndefined always; a sandbox when a workspace's own templates are on the search path
    (they are user input: no attribute or call outside what the model offers). Compiled templates
    come from the tool's cache when it holds them (TemplateCache)."""
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
        bytecode_cache=template_cache(kind.__name__, builtin=not foreign),
    )
    from codegen.views.fragments import in_sentence, title

    env.filters["title"] = title  # "LayernormBackward" -> "Layernorm backward" (registry fragments)
    env.filters["in_sentence"] = in_sentence  # "LayernormBackward" -> "layernorm backward"
    env.filters["sentence"] = naming.sentence  # "normalized_dim_count" -> "Normalized dim count"
    env.filters.update(escape.FILTERS)
    env.filters["cpp_int_vector"] = cpp.vector_literal
    env.filters["work_view"] = workview.build  # an OpSpec -> its work model's C++ (codegen/views/workview.py)
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


def python_view(spec: OpSpec) -> pyview.OpView:
    """pyview.build(spec), kept in the tool's cache by what the spec says (its content digest, the
    key stamps follow too): a one-op change renders the whole mirror, whose package modules read
    every op's view, and building a view (its test plan) is most of that. A view is a pure
    function of the spec and the tool's code, which the entry's key covers."""
    from codegen.plumbing import cache

    if not spec.content:  # a model built without its document's digest: nothing to key it by
        return pyview.build(spec)
    return cache.kept_model("python-view", (spec.op, spec.content), lambda: pyview.build(spec), pyview.OpView)


def render_mirror(env: jinja2.Environment, specs: list[OpSpec], registry: Registry, salt: str = "") -> dict[str, str]:
    """The Python mirror package (generated/python/) for every spec. With `salt` (a digest of
    the tool and every template on the search path), each op's own files are kept in the tool's
    cache (_op_file): a one-op change renders that op's files and the package modules only."""
    ops = [python_view(spec) for spec in sorted(specs, key=lambda s: s.op)]
    pkg = pyview.build_package(ops, registry, __version__)
    files = {}
    for family in families.all_families():
        files.update({output: _render(env, template, pkg=pkg) for template, output in family.package_outputs.items()})
        for op in ops:
            for template, output in family.package_op_outputs(op.names).items():
                files[output] = _op_file(env, template, op, pkg, salt)
    return files


def _op_file(env: jinja2.Environment, template: str, op: pyview.OpView, pkg: pyview.PackageView, salt: str) -> str:
    """One op's file of the mirror. Rendered without the package view first: when the template
    never reads `pkg` (StrictUndefined raises if it does), the text is a function of the op's
    view, so of what its spec says, and of the templates and the tool (`salt`), and it is kept in
    the tool's cache under those; a template that reads `pkg` is rendered with it, never kept."""
    from codegen.plumbing import cache

    def alone() -> str | None:
        try:
            return env.get_template(template).render(op=op)
        except jinja2.UndefinedError:
            return None
        except jinja2.TemplateError:
            return _render(env, template, op=op, pkg=pkg)  # the error, told as _render tells it

    if salt and op.spec.content:  # None kept too: the template reads `pkg`
        text = cache.kept("mirror-file", (salt, template, op.spec.op, op.spec.content), alone, _text_or_none, _text_or_none)
    else:
        text = alone()
    return text if text is not None else _render(env, template, op=op, pkg=pkg)


def _text_or_none(value: object) -> str | None:
    if value is not None and not isinstance(value, str):
        raise TypeError("a kept mirror file is text or None")
    return value


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
