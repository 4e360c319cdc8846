"""Escaping a spec's free text for each language the generator writes.

Identifiers are never escaped: the schema admits only anchored identifier patterns. Free text
(descriptions, string values, titles, notes) goes through exactly one function here for its
target, so no spec value can end a comment, a string literal or a docstring early.
"""

from __future__ import annotations

import re

_YAML_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_ ()./-]*\Z")
_YAML_WORDS = frozenset({"null", "true", "false", "yes", "no", "on", "off", "y", "n", "~"})


def cpp_string(text: str) -> str:
    """A C++ string literal: printable ASCII as is, everything else as three-digit octal bytes."""
    out = []
    for byte in text.encode("utf-8"):
        char = chr(byte)
        if char in '"\\?':  # `?` too: no trigraphs
            out.append("\\" + char)
        elif 0x20 <= byte < 0x7F:
            out.append(char)
        else:
            out.append(f"\\{byte:03o}")
    return '"' + "".join(out) + '"'


def comment_text(text: str) -> str:
    """One line of comment text for C++, CMake, Python or YAML: no line breaks or control
    characters, and no sequence that would end or start a block comment."""
    flat = re.sub(r"[\x00-\x1f\x7f\u2028\u2029\x85]+", " ", text)
    return flat.replace("*/", "* /").replace("/*", "/ *").strip()


def py_string(text: str) -> str:
    """A Python string literal (repr is always a valid literal that evaluates back to `text`)."""
    return repr(text)


def py_docstring(text: str) -> str:
    """The body of a triple-double-quoted docstring: one line, no backslash escapes or quotes that
    could end it."""
    flat = comment_text(text).replace("\\", "\\\\").replace('"', "'")
    return flat


def yaml_string(text: str) -> str:
    """A YAML scalar reading back as `text`: plain when unambiguous, double-quoted otherwise."""
    if _YAML_PLAIN.match(text) and text.lower() not in _YAML_WORDS and not text.endswith(" "):
        return text
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\x{ord(m.group(0)):02x}", escaped)
    return '"' + escaped + '"'


FILTERS = {
    "cpp_string": cpp_string,
    "comment": comment_text,
    "py_string": py_string,
    "py_docstring": py_docstring,
    "yaml_string": yaml_string,
}
