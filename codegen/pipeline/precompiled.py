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

import json
import sys
from typing import Any

from codegen.pipeline.render import PRECOMPILED_FILE as FILE, Precompiled, source_digest, template_signature as signature  # noqa: F401 - what tests and tools take from here


def build(env: Any) -> str:
    """FILE's text for every template `env` finds (one line per template, for readable diffs)."""
    lines = []
    for name in env.list_templates(filter_func=lambda n: n.endswith(".j2")):
        source, filename, _ = env.loader.get_source(env, name)
        python = env.compile(source, name, filename, raw=True)
        lines.append(f"{json.dumps(name)}: {json.dumps([source_digest(source), python])}")
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
