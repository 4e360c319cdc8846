"""Generated code from any accepted spec builds: hostile free text (an op's and enum values'
descriptions ending in a backslash or `??/`, bidirectional controls, comment delimiters, quotes,
line breaks) is drawn by hypothesis, generated, and the C++ where it lands is compiled with
-Werror (and -trigraphs, and -Wbidi-chars=any), the Python mirror is parsed and the generated
YAML and FlatBuffers schema read back (issue 35, items 2 and 3)."""

from __future__ import annotations

import ast
import shutil
import subprocess
from pathlib import Path

import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from codegen.pipeline.workspace import load
from conftest import CASES, run_cli
from cpp_harness import CXX, FLAGS, compile_all, include_flags, registry_unit, write_stubs

# the pieces hostile testers used, mixed with any other text (no lone surrogates: YAML cannot hold them)
PIECES = st.sampled_from(["\\", "??/", "??", "\u202e", "\u2066", "\u200f", "*/", "/*", "//", '"', "'", '"""', "\n", "\r", "\t", " ", "#", "{{", "%"])
TEXT = st.lists(st.one_of(PIECES, st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=6)), min_size=1, max_size=8).map("".join)


def _bidi_flag() -> list[str]:
    """-Wbidi-chars=any where the compiler knows it (GCC 12+)."""
    proc = subprocess.run([CXX, "-Wbidi-chars=any", "-fsyntax-only", "-x", "c++", "-"], input="", capture_output=True, text=True)
    return ["-Wbidi-chars=any"] if proc.returncode == 0 else []


BIDI = _bidi_flag()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(op=TEXT, first=TEXT, second=TEXT)
@example(op="evil \u202e }; int x; /*", first="ends in a backslash \\", second="ends in a trigraph ??/")  # the reported ones
def test_generated_cpp_from_hostile_descriptions_builds(tmp_path_factory, op: str, first: str, second: str) -> None:
    ws = tmp_path_factory.mktemp("ws")
    shutil.copytree(CASES / "valid-enum" / "op_specs", ws / "op_specs")
    spec_path = ws / "op_specs" / "thing.yaml"
    spec = yaml.safe_load(spec_path.read_text())
    spec["description"] = op
    values = spec["fields"][1]["enum"]["values"]
    values[0]["description"], values[1]["description"] = first, second
    spec_path.write_text(yaml.safe_dump(spec, sort_keys=False, allow_unicode=True))
    done = run_cli("generate", cwd=ws)
    assert done.code == 0, done.out + done.err
    specs = sorted(load(ws).specs, key=lambda s: s.op)
    generated = ws / "generated"
    stubs = ws / "stubs"
    write_stubs(specs, generated, stubs)
    (stubs / "registry_check.cpp").write_text(registry_unit(specs, generated))
    # the C enum header, the frontend enums and the graph methods land in these headers
    (stubs / "enums_check.cpp").write_text('#include "hipdnn_backend.h"\n#include "hipdnn_frontend/Types.hpp"\n#include "hipdnn_frontend/Graph.hpp"\n')
    flags = ["-trigraphs", "-Wno-trigraphs", *BIDI, *include_flags(specs, generated, stubs)]
    for compiled in compile_all([stubs / "registry_check.cpp", stubs / "enums_check.cpp"], flags, base=FLAGS):  # both at once
        assert compiled.returncode == 0, compiled.stderr[:3000]
    for path in generated.rglob("*.py"):  # the mirror parses, and its docstrings are the op's text
        ast.parse(path.read_text(encoding="utf-8"))
    for path in generated.rglob("*.yaml"):
        yaml.safe_load(path.read_text(encoding="utf-8"))
    for path in [*generated.rglob("*.h"), *generated.rglob("*.hpp"), *generated.rglob("*.inc"), *generated.rglob("*.fbs"), *generated.rglob("*.cmake"), *generated.rglob("*.txt")]:
        text = path.read_text(encoding="utf-8")
        assert not any(c in text for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"), path
        assert "??/" not in text, path
