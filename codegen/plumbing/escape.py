"""Escaping a spec's free text for each language the generator writes.

Identifiers are never escaped: the schema admits only anchored identifier patterns. Free text
(descriptions, string values, titles, notes) goes through exactly one function here for its
target, so no spec value can end a comment, a string literal or a docstring early.
"""

from __future__ import annotations

import re

_YAML_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_ ()./-]*\Z")
# YAML 1.1 reads these plain scalars as booleans, null or numbers (PyYAML, editors in 1.1 mode).
_YAML_WORDS = re.compile(r"(?i:yes|no|true|false|on|off|null)|~")
# Unicode's explicit bidirectional formatting characters (the "Trojan Source" set g++ warns of).
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_YAML_NUMBER = re.compile(r"[-+]?(\.?[0-9][0-9_.:]*([eE][-+]?[0-9]+)?|\.(?i:inf|nan)|0[xXoObB][0-9a-fA-F_]+)")


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
    characters, no sequence that would end or start a block comment, no backslash that could
    join the next line (at the end, or before a space clang-format may break at: set in
    backquotes), no `??/` trigraph (a backslash to C and pre-17 C++), and no bidirectional
    control character (shown as <U+XXXX>; g++ -Wbidi-chars refuses them)."""
    flat = re.sub(r"[\x00-\x1f\x7f\u2028\u2029\x85]+", " ", text)
    flat = _BIDI.sub(lambda m: f"<U+{ord(m.group(0)):04X}>", flat).strip()
    flat = flat.replace("??/", "?? /")
    flat = re.sub(r"\\+(?=\s|\Z)", lambda m: f"`{m.group(0)}`", flat)
    return flat.replace("*/", "* /").replace("/*", "/ *")


def py_string(text: str) -> str:
    """A Python string literal (repr is always a valid literal that evaluates back to `text`)."""
    return repr(text)


def py_docstring(text: str) -> str:
    """The body of a triple-double-quoted docstring: one line, no backslash escapes or quotes that
    could end it."""
    flat = comment_text(text).replace("\\", "\\\\").replace('"', "'")
    return flat


def yaml_string(text: str) -> str:
    """A YAML scalar every reader takes as the string `text` (`YES`, `null`, `1e3` quoted):
    plain when unambiguous, double-quoted with escapes otherwise."""
    plain = _YAML_PLAIN.match(text) and not text.endswith(" ") and "  " not in text
    if plain and not _YAML_WORDS.fullmatch(text) and not _YAML_NUMBER.fullmatch(text):
        return text
    return '"' + "".join(_yaml_char(c) for c in text) + '"'


def _yaml_char(char: str) -> str:
    """One character inside a double-quoted YAML scalar (non-printables as \\x, \\u or \\U)."""
    if char in '"\\':
        return "\\" + char
    if char.isprintable() and char not in "\ufeff":
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


FILTERS = {
    "cpp_string": cpp_string,
    "comment": comment_text,
    "py_string": py_string,
    "py_docstring": py_docstring,
    "yaml_string": yaml_string,
}
