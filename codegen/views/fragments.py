"""Formatting registry fragments: each is pasted into a larger C++ construct, so it is wrapped in
a stand-in of that construct, formatted with the rest of the C++, and unwrapped again. The pasted
lines then match what the target file's own clang-format run would produce."""

from __future__ import annotations

from codegen.views import naming

# Fragment template stem -> the construct its lines are pasted into.
CONTEXT = {
    "attribute_names.inc": "enum",
    "descriptor_type.inc": "enum",
    "operation_type.inc": "enum",
    "string_attribute_names.inc": "switch",
    "string_descriptor_type.inc": "switch",
    "string_operation_type.inc": "switch",
    "descriptor_factory_case.inc": "switch",
    "node_factory_case.inc": "switch",
    "operation_unpacker_case.inc": "switch",
    "string_test_attribute_names.inc": "function",
    "string_test_descriptor_type.inc": "function",
    "string_test_operation_type.inc": "function",
    "json_graph_to_json_case.inc": "switch",
    "json_graph_from_json_case.inc": "switch",
    "enum_type_tag.inc": "enum",
    "enum_conversion_declarations.inc": "file",
    "enum_conversion_definitions.inc": "file",
    "enum_attribute_utils_declarations.inc": "file",
    "enum_attribute_utils_definitions.inc": "file",
    "enum_types.inc": "file",
    "enum_test_conversion.inc": "file",
    "enum_test_attribute_utils.inc": "file",
    "enum_test_types.inc": "file",
}

_WRAPPERS = {
    "enum": ("typedef enum\n{\n", "} hipdnn_codegen_fragment_t;\n"),
    "switch": ("void hipdnnCodegenFragment()\n{\n    switch(x)\n    {\n", "    }\n}\n"),
    "function": ("void hipdnnCodegenFragment()\n{\n", "}\n"),
    "file": ("", ""),  # whole declarations and definitions, at namespace scope
}


def context_of(path: str) -> str | None:
    """The construct a generated file's fragment goes into, or None if it is not one."""
    if "/registry/" not in path:
        return None
    name = path.rsplit("/", 1)[1]
    stem = next((k for k, v in (naming.REGISTRY_FRAGMENTS | naming.ENUM_FRAGMENTS).items() if v == name), None)
    return CONTEXT.get(stem) if stem else None


def split(text: str) -> tuple[str, str]:
    """(the leading comment lines and the blank lines after them, the lines to paste); a comment
    after that first blank line belongs to what is pasted."""
    lines = text.splitlines(keepends=True)
    count = 0
    while count < len(lines) and lines[count].startswith("//"):
        count += 1
    while count < len(lines) and not lines[count].strip():
        count += 1
    return "".join(lines[:count]), "".join(lines[count:])


def wrap(text: str, context: str) -> str:
    head, tail = _WRAPPERS[context]
    return head + split(text)[1] + tail


def unwrap(original: str, formatted: str, context: str) -> str:
    head, tail = _WRAPPERS[context]
    lines = formatted.splitlines(keepends=True)
    body = lines[head.count("\n") : len(lines) - tail.count("\n")]
    return split(original)[0] + "".join(body)


# Fragments are small and many (about 14 per op): formatting each as its own file costs a file and
# clang-format's per-file overhead apiece, more than the formatting itself. A chunk's wrapped
# fragments are formatted as one file instead, each followed by this line. hipDNN's style aligns
# nothing across lines (AlignConsecutive*, AlignTrailingComments and ReflowComments are off), so a
# unit formats exactly as it would alone once the blank lines at its ends (which clang-format
# drops at a file's ends) are dropped too; a test pins the equality. Under a workspace's own
# style, which might align across units, generate formats each fragment alone.
BOUNDARY = "// hipdnn-codegen: fragment boundary"


def bundle(units: list[str]) -> str:
    """Wrapped fragments as one C++ file (no unit may contain BOUNDARY; see bundles())."""
    return "".join((unit if unit.endswith("\n") or not unit else unit + "\n") + BOUNDARY + "\n" for unit in units)


def unbundle(formatted: str, count: int) -> list[str] | None:
    """The `count` units of a formatted bundle, each as clang-format formats it alone; None if
    the boundaries did not survive (the caller then formats the units one by one)."""
    units: list[str] = []
    current: list[str] = []
    for line in formatted.splitlines(keepends=True):
        if line.rstrip("\n") == BOUNDARY:
            units.append("".join(current))
            current = []
        else:
            current.append(line)
    if len(units) != count or "".join(current).strip():
        return None
    return [unit.strip("\n") + "\n" if unit.strip() else "" for unit in units]


def title(stem: str, capitalize: bool = False) -> str:
    """A class stem as the words hipDNN's comments use: `LayernormBackward` -> `Layernorm backward`,
    `RMSNormBackward` -> `RMS norm backward` (acronyms keep their capitals)."""
    words = naming.pascal_words(stem)
    if capitalize:  # `@name Layernorm Backward Operation Attributes`
        return " ".join(words) if words else stem
    return " ".join([words[0]] + [w if w.isupper() and len(w) > 1 else w.lower() for w in words[1:]]) if words else stem


def in_sentence(stem: str) -> str:
    """The op's words inside a sentence, as hipDNN's attribute comments write them ("... tensor for
    rmsnorm backward", "... for SDPA backward"): acronyms keep their capitals, other words are lower."""
    return " ".join(w if w.isupper() and len(w) > 1 else w.lower() for w in naming.pascal_words(stem)) or stem
