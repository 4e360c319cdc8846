"""Escaping for each target round-trips any text (property tests)."""

from __future__ import annotations

import ast

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from codegen.plumbing import escape

TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_yaml_string_reads_back_as_the_same_string(text: str) -> None:
    assert yaml.safe_load(f"key: {escape.yaml_string(text)}\n") == {"key": text}


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_py_string_is_a_literal_of_the_text(text: str) -> None:
    assert ast.literal_eval(escape.py_string(text)) == text


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_docstring_and_comment_text_cannot_escape(text: str) -> None:
    body = escape.py_docstring(text)
    assert isinstance(ast.literal_eval('"""' + body + ' """'), str)  # the docstring ends where it should
    assert '"' not in body and "\n" not in body
    comment = escape.comment_text(text)
    assert "*/" not in comment and "/*" not in comment and "\n" not in comment and "\r" not in comment


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_cpp_string_is_printable_ascii_without_unescaped_quotes(text: str) -> None:
    literal = escape.cpp_string(text)
    inner = literal[1:-1]
    assert literal[0] == literal[-1] == '"'
    assert all(0x20 <= ord(c) < 0x7F for c in literal)
    assert "??" not in inner  # no trigraphs
    # every quote or backslash inside is escaped: removing escape pairs leaves none
    stripped = inner
    for pair in ('\\\\', '\\"', "\\?"):
        stripped = stripped.replace(pair, "")
    assert '"' not in stripped
    # decoding the octal and simple escapes gives the UTF-8 bytes back
    decoded = bytes(ast.literal_eval("b" + literal.replace("\\?", "?")))
    assert decoded == text.encode("utf-8")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(TEXT, st.sampled_from(["\\", "??/", "\u202e", "\u2067", "\u200f", " ", "/", "*"])), max_size=8).map("".join))
def test_comment_text_cannot_continue_a_line_or_hold_bidi_controls(text: str) -> None:
    comment = escape.comment_text(text)
    assert not comment.endswith("\\") and "??/" not in comment
    assert not any(c in comment for c in "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    # a backslash is never followed by white space (clang-format may break a comment line there)
    assert not any(a == "\\" and b.isspace() for a, b in zip(comment, comment[1:]))
