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
    for t in spec.tensor_lists:
        member = naming.frontend_list_member(t)
        if not re.search(rf"std::vector<std::shared_ptr<TensorAttributes>> {re.escape(member)};", attributes_text):
            yield rules.GEN_COVERAGE(t.span.at("name"), f"tensor list '{t.name}' (member {member}) is missing from the attributes class in {generated_prefix}{prefix}{attributes_path}")
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
    yield from _frontend(spec, files, generated_prefix)
    yield from _graph_and_integration(spec, files, generated_prefix)


def _written(f) -> str:
    """The member or setter a frontend test writes a field through (`normalized_dim_count`, `set_dropout`)."""
    return re.split(r"[( ]", naming.frontend_write(f, "value").removeprefix("attributes."))[0]


def _graph_and_integration(spec: OpSpec, files: dict[str, str], generated_prefix: str) -> Iterator[Diagnostic]:
    """The graph-descriptor test sets every attribute and checks every tensor it serializes; the
    integration lowering and lifting tests build every tensor the rules allow together and write
    every field (the LN-bwd review's findings: optional tensors and fields skipped by lifting)."""
    from codegen import testplan

    names = naming.OpNames(spec)
    prefix = f"{spec.op}/"
    together = set(testplan.largest_satisfying(spec))
    tensors = [t for t in spec.tensors if not t.optional or t.name in together]
    uid_constants = {t.name: naming.uid_constant(names, t) for t in tensors}
    graph_test = files.get(prefix + names.graph_descriptor_test, "")
    for t in tensors:
        for needle, what in ((t.attribute, "attribute"), (uid_constants[t.name], "UID constant")):
            if not re.search(rf"\b{needle}\b", graph_test):
                yield rules.GEN_COVERAGE(t.span.at("name"), f"tensor '{t.name}' ({what} {needle}) is missing from {generated_prefix}{prefix}{names.graph_descriptor_test}")
    for f in spec.fields:
        if not re.search(rf"\b{f.attribute}\b", graph_test):
            yield rules.GEN_COVERAGE(f.span.at("attribute"), f"{f.attribute} is missing from {generated_prefix}{prefix}{names.graph_descriptor_test}")
    for path in (names.integration_lowering_test, names.integration_lifting_test):
        text = files.get(prefix + path, "")
        for t in tensors:
            if not re.search(rf"\b{uid_constants[t.name]}\b", text):
                yield rules.GEN_COVERAGE(t.span.at("name"), f"tensor '{t.name}' ({uid_constants[t.name]}) is missing from {generated_prefix}{prefix}{path}")
        for f in spec.fields:
            written = _written(f)
            if not re.search(rf"\b{re.escape(written)}\b", text):
                yield rules.GEN_COVERAGE(f.span.at("name"), f"field '{f.name}' is never set in {generated_prefix}{prefix}{path}")


def _frontend(spec: OpSpec, files: dict[str, str], generated_prefix: str) -> Iterator[Diagnostic]:
    """The node checks every rule and infers every inference it names (by message, so a template
    that drops one is caught), the node's tests make every check fail, and the frontend tests set
    every tensor and field."""
    from codegen import nodecheck, testplan

    names = naming.OpNames(spec)
    prefix = f"{spec.op}/"
    node_text = files.get(prefix + names.frontend_node_hpp, "")
    node_tests = files.get(prefix + names.frontend_node_test, "")
    flat_node = re.sub(r'"\s*\n\s*"', "", node_text)  # string literals clang-format split
    flat_tests = re.sub(r'"\s*\n\s*"', "", node_tests)
    for check in nodecheck.checks(spec):
        loc = check.conforms.span.loc if check.conforms else next(
            (r.span.loc for r in spec.field_ranges if r.field == check.field), spec.tensor(check.tensors[0]).span.loc if check.tensors else spec.span.loc
        )
        literal = f'"{check.message}"'
        if literal not in flat_node:
            yield rules.GEN_COVERAGE(loc, f"check '{check.message}' is missing from {generated_prefix}{prefix}{names.frontend_node_hpp}")
        elif literal not in flat_tests:
            yield rules.GEN_COVERAGE(loc, f"no test in {generated_prefix}{prefix}{names.frontend_node_test} expects '{check.message}'")
    for step in spec.inferences:
        target = spec.tensor(step.target) if step.kind == "tensor" else spec.field(step.target)
        read = naming.frontend_read(target)
        if read not in node_text:
            yield rules.GEN_COVERAGE(step.span.loc, f"inference of '{step.target}' ({read}) is missing from {generated_prefix}{prefix}{names.frontend_node_hpp}")
    valid = testplan.valid_state(spec, testplan.largest_satisfying(spec))  # the tensors node tests set
    for t in spec.tensors:
        setter = naming.frontend_setter(t) or t.frontend.member or t.name
        if t.name in valid.present and not re.search(rf"\b{re.escape(setter)}\b", node_tests):
            yield rules.GEN_COVERAGE(t.span.at("name"), f"tensor '{t.name}' is never set in {generated_prefix}{prefix}{names.frontend_node_test}")
    for f in spec.fields:
        written = _written(f)
        if not re.search(rf"\b{re.escape(written)}\b", node_tests):
            yield rules.GEN_COVERAGE(f.span.at("name"), f"field '{f.name}' is never set in {generated_prefix}{prefix}{names.frontend_node_test}")
    yield from _new_enums(spec, files, generated_prefix)


def _new_enums(spec: OpSpec, files: dict[str, str], generated_prefix: str) -> Iterator[Diagnostic]:
    """An enum the op introduces: its tag and every value reach the C header, the type-tag entry,
    both conversions, the set/get helpers, the frontend enum and the tests of each."""
    prefix = f"{spec.op}/"

    def fragment(stem: str) -> tuple[str, str]:
        path = f"registry/{naming.fragment_file(stem)}"
        return path, files.get(prefix + path, "")

    for e in spec.new_enums:
        assert e.new_tag is not None
        header = naming.c_enum_header_path(e)
        c_values = [naming.c_enum_value(e, v) for v in e.members]
        needs: list[tuple[tuple[str, str], list[str]]] = [
            ((header, files.get(prefix + header, "")), [rf"\b{c}\b" for c in c_values]),
            (fragment("enum_type_tag.inc"), [rf"\b{e.type_tag} = {e.new_tag.value},"]),
            (fragment("enum_conversion_definitions.inc"), [rf"case {c}:" for c in c_values] + [rf"case {e.name}::{v.name}:" for v in e.members]),
            (fragment("enum_attribute_utils_definitions.inc"), [rf"\b{e.type_tag}\b", rf"\b{naming.to_sdk(e)}\(", rf"\b{naming.from_sdk(e)}\("]),
            (fragment("enum_types.inc"), [rf"case {e.name}::{v.name}:" for v in e.members] + [rf"case {c}:" for c in c_values]),
            (fragment("enum_test_conversion.inc"), [rf"\b{c}\b" for c in c_values]),
            (fragment("enum_test_attribute_utils.inc"), [rf"\b{naming.attribute_setter(e)}\(", rf"\b{naming.attribute_getter(e)}\("]),
            (fragment("enum_test_types.inc"), [rf"\b{e.name}::{v.name}\b" for v in e.members]),
        ]
        for (path, text), patterns in needs:
            for pattern in patterns:
                if not re.search(pattern, text):
                    what = pattern.replace("\\b", "").replace("\\(", "(")
                    yield rules.GEN_COVERAGE(e.span.loc, f"enum {e.name}: {what} is missing from {generated_prefix}{prefix}{path}")
