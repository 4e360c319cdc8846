r"""Coverage self-check on rendered output: every attribute reaches every place it must.

These are the gaps hipDNN reviewers used to find by hand (a packer without the op name, a
getAttribute without OPERATION_TYPE_EXT, a field missing from the test setup). A gap is reported
against the attribute in the spec and names the generated file, so a custom template that drops
something can never ship silently.

It runs on every generated op, so no regex is built per needle: each is a plain substring search,
and one that must stand as a whole word (or start or end one) has the word boundaries around it
checked exactly as a regex `\b` would (`_find`).
"""

from __future__ import annotations

import re
from typing import Iterator

from codegen.views import cpp, naming
from codegen.diagnostics import rules
from codegen.diagnostics.diagnostics import Diagnostic, Loc
from codegen.spec.model import OpSpec

NAME_ATTRIBUTE = "HIPDNN_ATTR_OPERATION_NAME_EXT"
TYPE_ATTRIBUTE = "HIPDNN_ATTR_OPERATION_TYPE_EXT"

_SPLIT_LITERAL = re.compile(r'"\s*\n\s*"')  # a string literal clang-format split over two lines
_WRITE_END = re.compile(r"[( ]")  # what follows the member or setter in a frontend write


def _is_word(text: str, at: int) -> bool:
    r"""Whether `text[at]` exists and is a word character (what `\w` matches)."""
    return 0 <= at < len(text) and (text[at].isalnum() or text[at] == "_")


def _find(text: str, needle: str, start: bool = False, end: bool = False) -> int:
    r"""Where `needle` first occurs in `text` with a word boundary (a regex `\b`) before it if `start`
    and after it if `end`; -1 when it does not."""
    at = text.find(needle)
    while at >= 0:
        after = at + len(needle)
        if (not start or _is_word(text, at - 1) != _is_word(text, at)) and (
            not end or _is_word(text, after - 1) != _is_word(text, after)
        ):
            return at
        at = text.find(needle, at + 1)
    return -1


def _mentions(text: str, word: str) -> bool:
    r"""Whether `text` names `word` as a whole word (what `\bword\b` matches)."""
    return _find(text, word, start=True, end=True) >= 0


def _declares(text: str, name: str) -> bool:
    """Whether a line of `text` is `name = <digits>,` after its indentation (an enumerator)."""
    at = text.find(f"{name} = ")
    while at >= 0:
        indentation = text[text.rfind("\n", 0, at) + 1 : at]
        line_end = text.find("\n", at)
        value = text[at + len(name) + 3 : line_end if line_end >= 0 else len(text)]
        if not indentation.strip() and value.endswith(",") and value[:-1].isdecimal():
            return True
        at = text.find(f"{name} = ", at + 1)
    return False


def _function_body(text: str, qualified: str) -> str:
    """The text of `Class::function(...) { ... }` in a formatted .cpp: from the start of the first
    line that names it to the first later line that is just `}` (empty without one)."""
    at = _find(text, f"{qualified}(", start=True)
    if at < 0:
        return ""
    close = text.find("\n}", at)
    while close >= 0 and text[close + 2 : close + 3] not in ("", "\n"):
        close = text.find("\n}", close + 1)
    return text[text.rfind("\n", 0, at) + 1 : close + 2] if close >= 0 else ""


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
            covered = f"case {attribute}:" in text if place.endswith("Attribute") else _mentions(text, attribute)
            if not covered:
                yield rules.GEN_COVERAGE(
                    loc, f"{attribute} is missing from {place} in {generated_prefix}{prefix}{path}"
                )
    attributes_path = names.frontend_attributes_hpp
    attributes_text = files.get(prefix + attributes_path, "")
    for t in spec.tensors:
        needle = naming.frontend_slot(t)
        declared = _declares(attributes_text, naming.frontend_enumerator(t))
        if not declared or _find(attributes_text, needle, end=True) < 0:
            yield rules.GEN_COVERAGE(t.span.at("name"), f"tensor '{t.name}' ({needle}) is missing from the attributes class in {generated_prefix}{prefix}{attributes_path}")
    for t in spec.tensor_lists:
        member = naming.frontend_list_member(t)
        if f"std::vector<std::shared_ptr<TensorAttributes>> {member};" not in attributes_text:
            yield rules.GEN_COVERAGE(t.span.at("name"), f"tensor list '{t.name}' (member {member}) is missing from the attributes class in {generated_prefix}{prefix}{attributes_path}")
    for f in spec.fields:
        member = naming.frontend_member(f)
        if not _mentions(attributes_text, member):
            yield rules.GEN_COVERAGE(f.span.at("name"), f"field '{f.name}' (member {member}) is missing from the attributes class in {generated_prefix}{prefix}{attributes_path}")
    test_text = places["the descriptor tests"][1]
    for field in spec.fields:
        constant = naming.field_constant(names, field) if spec.has_field_constant(field.name) else cpp.field_view(names, field).constant
        if constant not in test_text if not spec.has_field_constant(field.name) else not _mentions(test_text, constant):
            yield rules.GEN_COVERAGE(
                field.span.at("name"),
                f"test value {constant} of field '{field.name}' is never set in "
                f"{generated_prefix}{prefix}{names.descriptor_test}",
            )
    yield from _frontend(spec, files, generated_prefix)
    yield from _graph_and_integration(spec, files, generated_prefix)


def _written(f) -> str:
    """The member or setter a frontend test writes a field through (`normalized_dim_count`, `set_dropout`)."""
    return _WRITE_END.split(naming.frontend_write(f, "value").removeprefix("attributes."))[0]


def _graph_and_integration(spec: OpSpec, files: dict[str, str], generated_prefix: str) -> Iterator[Diagnostic]:
    """The graph-descriptor test sets every attribute and checks every tensor it serializes; the
    integration lowering and lifting tests build every tensor the rules allow together and write
    every field (the LN-bwd review's findings: optional tensors and fields skipped by lifting)."""
    from codegen.views import testplan

    names = naming.OpNames(spec)
    prefix = f"{spec.op}/"
    together = set(testplan.largest_satisfying(spec))
    tensors = [t for t in spec.tensors if not t.optional or t.name in together]
    uid_constants = {t.name: naming.uid_constant(names, t) for t in tensors}
    graph_test = files.get(prefix + names.graph_descriptor_test, "")
    for t in tensors:
        for needle, what in ((t.attribute, "attribute"), (uid_constants[t.name], "UID constant")):
            if not _mentions(graph_test, needle):
                yield rules.GEN_COVERAGE(t.span.at("name"), f"tensor '{t.name}' ({what} {needle}) is missing from {generated_prefix}{prefix}{names.graph_descriptor_test}")
    for f in spec.fields:
        if not _mentions(graph_test, f.attribute):
            yield rules.GEN_COVERAGE(f.span.at("attribute"), f"{f.attribute} is missing from {generated_prefix}{prefix}{names.graph_descriptor_test}")
    for path in (names.integration_lowering_test, names.integration_lifting_test):
        text = files.get(prefix + path, "")
        for t in tensors:
            if not _mentions(text, uid_constants[t.name]):
                yield rules.GEN_COVERAGE(t.span.at("name"), f"tensor '{t.name}' ({uid_constants[t.name]}) is missing from {generated_prefix}{prefix}{path}")
        for f in spec.fields:
            if not _mentions(text, _written(f)):
                yield rules.GEN_COVERAGE(f.span.at("name"), f"field '{f.name}' is never set in {generated_prefix}{prefix}{path}")


def _frontend(spec: OpSpec, files: dict[str, str], generated_prefix: str) -> Iterator[Diagnostic]:
    """The node checks every rule and infers every inference it names (by message, so a template
    that drops one is caught), the node's tests make every check fail, and the frontend tests set
    every tensor and field."""
    from codegen.views import nodecheck, testplan

    names = naming.OpNames(spec)
    prefix = f"{spec.op}/"
    node_text = files.get(prefix + names.frontend_node_hpp, "")
    node_tests = files.get(prefix + names.frontend_node_test, "")
    flat_node = _SPLIT_LITERAL.sub("", node_text)
    flat_tests = _SPLIT_LITERAL.sub("", node_tests)
    for check in nodecheck.checks(spec):
        origin = check.declared.check.origin if check.declared is not None else None
        loc = origin.span.loc if origin is not None else spec.tensor(check.tensors[0]).span.loc if check.tensors else spec.span.loc
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
        if t.name in valid.present and not _mentions(node_tests, setter):
            yield rules.GEN_COVERAGE(t.span.at("name"), f"tensor '{t.name}' is never set in {generated_prefix}{prefix}{names.frontend_node_test}")
    for f in spec.fields:
        if not _mentions(node_tests, _written(f)):
            yield rules.GEN_COVERAGE(f.span.at("name"), f"field '{f.name}' is never set in {generated_prefix}{prefix}{names.frontend_node_test}")
    yield from _new_enums(spec, files, generated_prefix)


def _new_enums(spec: OpSpec, files: dict[str, str], generated_prefix: str) -> Iterator[Diagnostic]:
    """An enum the op introduces: its tag and every value reach the C header, the type-tag entry,
    both conversions, the set/get helpers, the frontend enum and the tests of each."""
    prefix = f"{spec.op}/"

    def fragment(stem: str) -> tuple[str, str]:
        path = f"registry/{naming.fragment_file(stem)}"
        return path, files.get(prefix + path, "")

    # a needle is (text, word boundary before it, word boundary after it); its text names it
    def word(text: str) -> tuple[str, bool, bool]:
        return text, True, True

    def call(function: str) -> tuple[str, bool, bool]:
        return f"{function}(", True, False

    def case(label: str) -> tuple[str, bool, bool]:
        return f"case {label}:", False, False

    for e in spec.new_enums:
        assert e.new_tag is not None
        header = naming.c_enum_header_path(e)
        c_values = [naming.c_enum_value(e, v) for v in e.members]
        members = [f"{e.name}::{v.name}" for v in e.members]
        needs: list[tuple[tuple[str, str], list[tuple[str, bool, bool]]]] = [
            ((header, files.get(prefix + header, "")), [word(c) for c in c_values]),
            (fragment("enum_type_tag.inc"), [(f"{e.type_tag} = {e.new_tag.value},", True, False)]),
            (fragment("enum_conversion_definitions.inc"), [case(c) for c in c_values] + [case(m) for m in members]),
            (fragment("enum_attribute_utils_definitions.inc"), [word(e.type_tag), call(naming.to_sdk(e)), call(naming.from_sdk(e))]),
            (fragment("enum_types.inc"), [case(m) for m in members] + [case(c) for c in c_values]),
            (fragment("enum_test_conversion.inc"), [word(c) for c in c_values]),
            (fragment("enum_test_attribute_utils.inc"), [call(naming.attribute_setter(e)), call(naming.attribute_getter(e))]),
            (fragment("enum_test_types.inc"), [word(m) for m in members]),
        ]
        for (path, text), wanted in needs:
            for needle, start, end in wanted:
                if _find(text, needle, start, end) < 0:
                    yield rules.GEN_COVERAGE(e.span.loc, f"enum {e.name}: {needle} is missing from {generated_prefix}{prefix}{path}")
