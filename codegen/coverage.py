"""Coverage self-check on rendered output: every attribute reaches every place it must.

These are the gaps hipDNN reviewers used to find by hand (a packer without the op name, a
getAttribute without OPERATION_TYPE_EXT, a field missing from the test setup). A gap is reported
against the attribute in the spec and names the generated file, so a custom template that drops
something can never ship silently.
"""

from __future__ import annotations

import re
from typing import Iterator

from codegen import naming, rules
from codegen.diagnostics import Diagnostic, Loc
from codegen.model import OpSpec

NAME_ATTRIBUTE = "HIPDNN_ATTR_OPERATION_NAME_EXT"
TYPE_ATTRIBUTE = "HIPDNN_ATTR_OPERATION_TYPE_EXT"


def _function_body(text: str, qualified: str) -> str:
    """The text of `Class::function(...) { ... }` in a formatted .cpp (up to its closing brace)."""
    match = re.search(rf"^[^\n]*\b{re.escape(qualified)}\(.*?^\}}$", text, re.S | re.M)
    return match.group(0) if match else ""


def check(spec: OpSpec, files: dict[str, str], generated_prefix: str) -> Iterator[Diagnostic]:
    names = naming.OpNames(spec)
    prefix = f"{spec.op}/"
    cpp_text = files[prefix + names.descriptor_cpp]
    places = {
        "setAttribute": (names.descriptor_cpp, _function_body(cpp_text, f"{names.cls}::setAttribute")),
        "getAttribute": (names.descriptor_cpp, _function_body(cpp_text, f"{names.cls}::getAttribute")),
        "the packer": (names.packer_hpp, files[prefix + names.packer_hpp]),
        "the unpacker": (names.unpacker_hpp, files[prefix + names.unpacker_hpp]),
        "the descriptor tests": (names.descriptor_test, files[prefix + names.descriptor_test]),
    }
    needed: list[tuple[str, Loc, tuple[str, ...]]] = [
        (a.name, a.span.at("attribute"), tuple(places)) for a in spec.attributes()
    ]
    needed.append((NAME_ATTRIBUTE, spec.span.loc, tuple(places)))
    needed.append((TYPE_ATTRIBUTE, spec.span.loc, ("getAttribute", "the descriptor tests")))
    for attribute, loc, where in needed:
        for place in where:
            path, text = places[place]
            pattern = rf"case {attribute}:" if place.endswith("Attribute") else rf"\b{attribute}\b"
            if not re.search(pattern, text):
                yield rules.GEN_COVERAGE(
                    loc, f"{attribute} is missing from {place} in {generated_prefix}{prefix}{path}"
                )
    attributes_path = names.frontend_attributes_hpp
    attributes_text = files.get(prefix + attributes_path, "")
    for t in spec.tensors:
        needle = naming.frontend_slot(t)
        declared = re.search(rf"^\s*{re.escape(naming.frontend_enumerator(t))} = \d+,$", attributes_text, re.M)
        if not declared or not re.search(rf"{re.escape(needle)}\b", attributes_text):
            yield rules.GEN_COVERAGE(t.span.at("name"), f"tensor '{t.name}' ({needle}) is missing from the attributes class in {generated_prefix}{prefix}{attributes_path}")
    for f in spec.fields:
        member = naming.frontend_member(f)
        if not re.search(rf"\b{re.escape(member)}\b", attributes_text):
            yield rules.GEN_COVERAGE(f.span.at("name"), f"field '{f.name}' (member {member}) is missing from the attributes class in {generated_prefix}{prefix}{attributes_path}")
    test_text = places["the descriptor tests"][1]
    for field in spec.fields:
        constant = naming.field_constant(names, field)
        if not re.search(rf"\b{constant}\b", test_text):
            yield rules.GEN_COVERAGE(
                field.span.at("name"),
                f"test value {constant} of field '{field.name}' is never set in "
                f"{generated_prefix}{prefix}{names.descriptor_test}",
            )
