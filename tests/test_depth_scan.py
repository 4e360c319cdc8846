"""The tool's own nesting limit (yaml_loader._depth_scan) runs on the text before any YAML library,
so YAML-TOO-DEEP never turns into a library's message when the library changes its own limits.
The property: on any document PyYAML can write, in any style, the scan refuses exactly the
documents whose collections nest deeper than the limit, at the opener that crosses it."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen.spec import yaml_loader
from codegen.diagnostics.diagnostics import SpecError

LIMIT = 4  # MAX_DEPTH for these tests: small, so generated documents cross it often

text = st.text(st.sampled_from("ab :#-[]{}'\",?|>!&*\\\n\t%@`é"), max_size=12)
scalars = st.none() | st.booleans() | st.integers() | text
documents = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
    max_leaves=20,
)


def collection_depth(value) -> int:
    """Collections on the deepest path, the outermost one included."""
    if isinstance(value, dict):
        return 1 + max((collection_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((collection_depth(v) for v in value), default=0)
    return 0


def refused(text: str) -> bool:
    try:
        yaml_loader._depth_scan("t.yaml", text)
    except SpecError as exc:
        assert [d.rule for d in exc.diagnostics] == ["YAML-TOO-DEEP"]
        assert exc.diagnostics[0].message == f"nesting deeper than {LIMIT} levels"
        return True
    return False


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(
    documents,
    st.sampled_from([False, True, None]),
    st.sampled_from([2, 4]),
    st.sampled_from([20, 80]),
    st.booleans(),
)
def test_the_scan_refuses_exactly_what_nests_too_deep(monkeypatch_limit, data, flow, indent, width, explicit_start):
    written = yaml.safe_dump(
        {"top": data}, default_flow_style=flow, indent=indent, width=width, allow_unicode=True, explicit_start=explicit_start
    )
    # the depth of what the text holds (PyYAML does not round-trip every odd string exactly)
    assert refused(written) == (collection_depth(yaml.safe_load(written)) > LIMIT + 1), written


@pytest.fixture
def monkeypatch_limit(monkeypatch):
    monkeypatch.setattr(yaml_loader, "MAX_DEPTH", LIMIT)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("a: " + "[" * 6, (1, 8)),  # flow: the sixth collection (the top mapping is the first)
        ("a: " + "{b: " * 6, (1, 20)),
        ("a:\n b:\n  c:\n   d:\n    e:\n     f: 1\n", (6, 6)),  # block mappings by indentation
        ("- - - - - - x\n", (1, 11)),  # compact nested sequences
        ("a:\n- b:\n  - c:\n    - [[x]]\n", (4, 5)),  # sequences at their key's column, then flow
    ],
)
def test_the_first_level_past_the_limit_is_blamed(monkeypatch_limit, text, where):
    with pytest.raises(SpecError) as exc:
        yaml_loader._depth_scan("t.yaml", text)
    (diagnostic,) = exc.value.diagnostics
    assert (diagnostic.loc.line, diagnostic.loc.col) == where


@pytest.mark.parametrize(
    "text",
    [
        "a: text with [brackets] and {braces}\n",  # a plain scalar's brackets open nothing
        "a: 'it''s [[[[[[ quoted'\n",
        'a: "escaped \\" [[[[[[["\n',
        "a: |\n  [[[[[[[[\n  - - - - - -\nb: 1\n",  # block scalar content is text
        "a: >-\n    {{{{{{{{\n",
        "a: [x, 'y: [[[[[[', \"z\"]  # [[[[[[ a comment\n",
        "'quoted key: [[[[': [1]\n",
        "a: &anchor !!seq [[1]]\n",
    ],
)
def test_text_that_only_looks_nested_is_not_refused(monkeypatch_limit, text):
    assert not refused(text)


def test_libyaml_limit_is_never_reached_first():
    """25,000 levels (libyaml 0.2.5 of PyYAML 6.0.4 refuses from 1,000 with its own message)."""
    with pytest.raises(SpecError) as exc:
        yaml_loader.load_text("deep.yaml", "a: " + "[" * 25_000)
    assert [d.render() for d in exc.value.diagnostics] == [
        f"deep.yaml:1:{4 + yaml_loader.MAX_DEPTH}: error[YAML-TOO-DEEP]: nesting deeper than {yaml_loader.MAX_DEPTH} levels"
    ]
