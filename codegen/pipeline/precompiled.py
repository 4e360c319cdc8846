"""The built-in templates compiled ahead of time, so a run with an empty cache does not compile them.

Jinja turns a template into Python source (lexing, parsing and code generation in Python: most of
what an empty cache costs a full `generate`), then Python compiles that source. The first step
is done here once, by `make regenerate` (`python -m codegen.pipeline.precompiled`), into FILE,
which ships with the tool like its code. A run that finds no compiled template in its cache
(render.TemplateCache) compiles the Python source from FILE instead of the template, when

- the environment is the built-in one (a workspace's own templates run sandboxed: never from FILE),
- its signature (Jinja's version, the environment's settings, filters and tests) is the one FILE
  was made with, and
- the template's source has the SHA-256 FILE records for it.

Anything else compiles the template as before, so a stale FILE only costs speed; the test suite
checks that it is current (tests/test_cache.py).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from types import CodeType
from typing import Any

FILE = Path(__file__).with_name("templates.compiled.json")


def signature(env: Any) -> str:
    """What the Python source of a template depends on besides the template itself."""
    import jinja2

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


def _digest(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()


class Precompiled:
    """FILE, read on first use: the code of a template whose source and environment match."""

    def __init__(self) -> None:
        self._table: dict[str, Any] | None = None
        self._signature: str | None = None

    def _load(self) -> dict[str, Any]:
        if self._table is None:
            try:
                data = json.loads(FILE.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                data = None
            ok = isinstance(data, dict) and isinstance(data.get("signature"), str) and isinstance(data.get("templates"), dict)
            self._table = data if ok else {"signature": "", "templates": {}}
        return self._table

    def code(self, env: Any, name: str, filename: str | None, source: str) -> CodeType | None:
        table = self._load()
        if self._signature is None:
            self._signature = signature(env)
        if table["signature"] != self._signature:
            return None
        entry = table["templates"].get(name)
        if not (isinstance(entry, list) and len(entry) == 2 and all(isinstance(e, str) for e in entry)) or entry[0] != _digest(source):
            return None
        try:
            return compile(entry[1], filename or "<template>", "exec")
        except (SyntaxError, ValueError):
            return None


def build(env: Any) -> str:
    """FILE's text for every template `env` finds (one line per template, for readable diffs)."""
    lines = []
    for name in env.list_templates(filter_func=lambda n: n.endswith(".j2")):
        source, filename, _ = env.loader.get_source(env, name)
        python = env.compile(source, name, filename, raw=True)
        lines.append(f"{json.dumps(name)}: {json.dumps([_digest(source), python])}")
    return "{\n" + f'"signature": {json.dumps(signature(env))},\n"templates": {{\n' + ",\n".join(lines) + "\n}\n}\n"


def main() -> int:
    """Write FILE for the built-in templates (only when it changes)."""
    from codegen.families import builtin_templates
    from codegen.pipeline import render

    text = build(render.environment([builtin_templates()]))
    if not FILE.is_file() or FILE.read_text(encoding="utf-8") != text:
        FILE.write_text(text, encoding="utf-8")
        print(f"wrote {FILE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
