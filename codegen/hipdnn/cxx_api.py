"""Read a C++ header or source into its API: namespaces, classes and their public members, methods,
nested enums and aliases, free functions, namespace-scope constants and enums, and gtest test names.

The parser is tree-sitter with its C++ grammar: error-tolerant and linear, so a file it cannot
fully parse still yields what it could read, and the regions it could not read are listed as
problems (line, column, what). The model is plain frozen data; type texts are normalized (comments
dropped, whitespace only where two words meet), so `const std::shared_ptr< T > &` and
`const std::shared_ptr<T>&` are one type.

Bounds: a file larger than MAX_BYTES is not parsed (one problem says so); scopes nested deeper
than MAX_NESTING are not read (one problem per such scope); at most MAX_PROBLEMS unparsable regions
are listed. Nothing here recurses over the syntax tree beyond MAX_NESTING, so hostile input cannot
exhaust the stack.

The facts helpers at the end answer what adopting an op asks of a checkout: a Graph method's
parameters and return shape, an Attributes class's accessors and members, the NodeType values and
a constants header's names and values.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

MAX_BYTES = 16 << 20  # as storage.MAX_HEADER_BYTES: the largest hipDNN source any command reads


def read_source(path: Path, limit: int = MAX_BYTES) -> str | None:
    """A checkout file's text (undecodable bytes replaced), or None when it is no file, is larger
    than `limit` or cannot be read: every adoption reader's one way in."""
    try:
        if path.is_file() and path.stat().st_size <= limit:
            return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return None
MAX_NESTING = 64  # namespaces, classes, #if blocks and templates inside one another
MAX_PROBLEMS = 20  # unparsable regions listed per file
ANONYMOUS = "(anonymous)"  # the scope name of an unnamed namespace (internal linkage: no API)
TEST_MACROS = ("TEST", "TEST_F", "TEST_P", "TYPED_TEST", "TYPED_TEST_P")


# --- the model ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    type: str
    name: str = ""
    default: str | None = None


@dataclass(frozen=True)
class Function:
    """A method or free function. `return_type` is empty for constructors and destructors."""

    name: str
    return_type: str
    params: tuple[Param, ...]
    const: bool = False
    static: bool = False
    line: int = 0
    scope: str = ""  # the enclosing namespace (free functions) or class (methods), qualified

    @property
    def param_types(self) -> tuple[str, ...]:
        return tuple(p.type for p in self.params)

    @property
    def signature(self) -> str:
        """How the function reads, without parameter names: `X& set_b(const T&, int = 3) const`."""
        params = ", ".join(p.type + (f" = {p.default}" if p.default is not None else "") for p in self.params)
        head = ("static " if self.static else "") + (f"{self.return_type} " if self.return_type else "")
        return f"{head}{self.name}({params})" + (" const" if self.const else "")

    @property
    def key(self) -> tuple[str, tuple[str, ...], bool]:
        """What tells overloads apart: name, parameter types and const."""
        return (self.name, self.param_types, self.const)


@dataclass(frozen=True)
class Variable:
    """A data member or namespace-scope variable (constant)."""

    name: str
    type: str
    default: str | None = None  # the initializer's text, normalized
    static: bool = False
    line: int = 0
    scope: str = ""


@dataclass(frozen=True)
class Enumerator:
    name: str
    value: str | None  # the written value's text; None when implicit
    number: int | None  # the value as a number, when it is one (implicit values counted on)
    line: int = 0


@dataclass(frozen=True)
class Enum:
    name: str
    scoped: bool
    enumerators: tuple[Enumerator, ...]
    line: int = 0
    scope: str = ""

    @property
    def values(self) -> dict[str, int | None]:
        return {e.name: e.number for e in self.enumerators}


@dataclass(frozen=True)
class Alias:
    """`using NAME = TARGET;` or `typedef TARGET NAME;`."""

    name: str
    target: str
    line: int = 0
    scope: str = ""


@dataclass(frozen=True)
class Class:
    """A class or struct with its public API only (struct members are public until said otherwise)."""

    name: str
    qualified: str
    kind: str  # "class" or "struct"
    bases: tuple[str, ...]
    members: tuple[Variable, ...]
    methods: tuple[Function, ...]
    enums: tuple[Enum, ...]
    aliases: tuple[Alias, ...]
    line: int = 0

    def method(self, name: str) -> tuple[Function, ...]:
        return tuple(m for m in self.methods if m.name == name)

    def member(self, name: str) -> Variable | None:
        return next((m for m in self.members if m.name == name), None)

    def enum(self, name: str) -> Enum | None:
        return next((e for e in self.enums if e.name == name), None)


@dataclass(frozen=True)
class TestCase:
    macro: str
    suite: str
    name: str
    line: int = 0

    @property
    def full_name(self) -> str:
        return f"{self.suite}.{self.name}"


@dataclass(frozen=True, order=True)
class Problem:
    line: int
    col: int
    message: str


@dataclass(frozen=True)
class Api:
    namespaces: tuple[str, ...] = ()
    classes: tuple[Class, ...] = ()  # every class, nested ones too, by qualified name
    functions: tuple[Function, ...] = ()  # free functions
    variables: tuple[Variable, ...] = ()  # namespace-scope variables and constants
    enums: tuple[Enum, ...] = ()  # namespace-scope enums
    aliases: tuple[Alias, ...] = ()  # namespace-scope aliases
    defines: tuple[Variable, ...] = ()  # object-like #define NAME VALUE
    tests: tuple[TestCase, ...] = ()
    problems: tuple[Problem, ...] = ()

    def cls(self, name: str) -> Class | None:
        """A class by its plain or qualified name (the first, in file order)."""
        return next((c for c in self.classes if name in (c.name, c.qualified)), None)


# --- text helpers -------------------------------------------------------------------------------------

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_LEXEME = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'", re.S)  # comments and literals
_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"[A-Za-z0-9_]")


def normalize(text: str) -> str:
    """A type or expression text with comments dropped and one space only between two words; a
    string or character literal is kept as written."""
    chars: list[tuple[str, bool]] = []  # (char, inside a literal)

    def code(part: str) -> None:
        for char in _SPACE.sub(" ", part):
            if not (char == " " and chars and chars[-1] == (" ", False)):
                chars.append((char, False))

    last = 0
    for m in _LEXEME.finditer(text):
        code(text[last:m.start()])
        if m[0][0] in "\"'":
            chars.extend((char, True) for char in m[0])
        else:
            code(" ")
        last = m.end()
    code(text[last:])
    out: list[str] = []
    for index, (char, inside) in enumerate(chars):
        if char == " " and not inside:
            before = chars[index - 1] if index > 0 else (" ", False)
            after = chars[index + 1] if index + 1 < len(chars) else (" ", False)
            if before[1] or after[1] or not (_WORD.match(before[0]) and _WORD.match(after[0])):
                continue
        out.append(char)
    return "".join(out)


def _int(text: str) -> int | None:
    """An integer literal's value (decimal, hex, octal, binary, with sign and suffix), else None."""
    body = text.replace("'", "").strip()
    sign = -1 if body.startswith("-") else 1
    body = body.lstrip("+-").strip()
    body = re.sub(r"[uUlL]+$", "", body)
    try:
        if re.fullmatch(r"0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*", body):
            if body.startswith(("0x", "0X", "0b", "0B")):
                return sign * int(body, 0)
            return sign * (int(body, 8) if len(body) > 1 and body.startswith("0") else int(body))
    except ValueError:
        return None
    return None


# --- parsing ------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _parser():  # type: ignore[no-untyped-def]
    import tree_sitter
    import tree_sitter_cpp

    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_cpp.language()))


def _text(node) -> str:  # type: ignore[no-untyped-def]
    return node.text.decode("utf-8", "replace") if node is not None and node.text is not None else ""


def _line(node) -> int:  # type: ignore[no-untyped-def]
    return int(node.start_point[0]) + 1


def parse(source: str | bytes) -> Api:
    """The API of one C++ file. Never raises on any input: what cannot be read is in `problems`."""
    data = source.encode("utf-8", "replace") if isinstance(source, str) else bytes(source)
    if len(data) > MAX_BYTES:
        return Api(problems=(Problem(1, 1, f"the file is larger than {MAX_BYTES >> 20} MiB; not read"),))
    tree = _parser().parse(data)
    reader = _Reader()
    reader.scope(tree.root_node, "", "namespace", 0)
    problems = list(reader.problems) + list(_error_regions(tree.root_node))
    return Api(
        namespaces=tuple(dict.fromkeys(reader.namespaces)),
        classes=tuple(reader.classes),
        functions=tuple(reader.functions),
        variables=tuple(reader.variables),
        enums=tuple(reader.enums),
        aliases=tuple(reader.aliases),
        defines=tuple(reader.defines),
        tests=tuple(reader.tests),
        problems=tuple(sorted(set(problems))[:MAX_PROBLEMS]),
    )


def internal(scope: str) -> bool:
    """Whether a scope lies in an unnamed namespace (internal linkage: a file's helper, not API)."""
    return ANONYMOUS in scope.split("::")


def _error_regions(root) -> Iterator[Problem]:  # type: ignore[no-untyped-def]
    """The outermost regions tree-sitter could not parse, in file order (an explicit stack, only
    into subtrees that hold an error)."""
    if not root.has_error:
        return
    stack = [root]
    found = 0
    while stack and found < MAX_PROBLEMS:
        node = stack.pop()
        if node.is_error or node.is_missing:
            found += 1
            what = f"expected {node.type}" if node.is_missing else "C++ the reader cannot parse"
            yield Problem(_line(node), int(node.start_point[1]) + 1, what)
            continue
        stack.extend(child for child in reversed(node.children) if child.has_error)


# node types that only hold further declarations of the same scope
_TRANSPARENT = {"preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef", "linkage_specification", "declaration_list"}
_SPECIFIERS = {"storage_class_specifier", "type_qualifier", "virtual", "explicit_function_specifier", "attribute_declaration", "attribute_specifier", "ms_declspec_modifier"}


class _Reader:
    def __init__(self) -> None:
        self.namespaces: list[str] = []
        self.classes: list[Class] = []
        self.functions: list[Function] = []
        self.variables: list[Variable] = []
        self.enums: list[Enum] = []
        self.aliases: list[Alias] = []
        self.defines: list[Variable] = []
        self.tests: list[TestCase] = []
        self.problems: list[Problem] = []

    # One scope: a namespace body (kind "namespace") or a class body (kind "class"/"struct").
    # Returns the access in force at its end (an access specifier inside an #if block lasts past it).
    def scope(self, body, qualified: str, kind: str, depth: int, sink: "_ClassSink | None" = None, public: bool | None = None) -> bool:  # type: ignore[no-untyped-def]
        public = kind != "class" if public is None else public
        if depth > MAX_NESTING:
            self.problems.append(Problem(_line(body), int(body.start_point[1]) + 1, f"nested more than {MAX_NESTING} levels deep; not read"))
            return public
        for node in body.children:
            t = node.type
            if t == "access_specifier":
                public = _text(node).strip().rstrip(":").strip() == "public"
                continue
            if t in _TRANSPARENT:
                public = self.scope(node, qualified, kind, depth + 1, sink, public)
                continue
            if t == "namespace_definition":
                name_node = node.child_by_field_name("name")
                name = normalize(_text(name_node)) if name_node is not None else ANONYMOUS
                inner = f"{qualified}::{name}" if qualified else name
                if name != ANONYMOUS:
                    self.namespaces.append(inner)
                nested = node.child_by_field_name("body")
                if nested is not None:
                    self.scope(nested, inner, "namespace", depth + 1)
                continue
            if t == "preproc_def":
                name_node, value = node.child_by_field_name("name"), node.child_by_field_name("value")
                if sink is None and name_node is not None:
                    self.defines.append(Variable(_text(name_node), "#define", normalize(_text(value)) if value is not None else None, line=_line(node), scope=qualified))
                continue
            if sink is not None and not public:
                # private and protected declarations are not API, but their nested classes may hold tests' helpers: skip
                continue
            if t == "template_declaration":
                self._template(node, qualified, kind, depth, sink)
                continue
            self.declaration(node, qualified, kind, depth, sink)
        return public

    def _template(self, node, qualified: str, kind: str, depth: int, sink: "_ClassSink | None") -> None:  # type: ignore[no-untyped-def]
        for child in node.children:
            if child.type in ("function_definition", "declaration", "field_declaration", "class_specifier", "struct_specifier", "alias_declaration", "template_declaration"):
                if child.type == "template_declaration":
                    if depth + 1 > MAX_NESTING:
                        self.problems.append(Problem(_line(child), int(child.start_point[1]) + 1, f"nested more than {MAX_NESTING} levels deep; not read"))
                        return
                    self._template(child, qualified, kind, depth + 1, sink)
                else:
                    self.declaration(child, qualified, kind, depth, sink)

    def declaration(self, node, qualified: str, kind: str, depth: int, sink: "_ClassSink | None") -> None:  # type: ignore[no-untyped-def]
        t = node.type
        if t in ("class_specifier", "struct_specifier"):
            self.klass(node, qualified, depth)
            return
        if t == "enum_specifier":
            self.enum(node, qualified, sink)
            return
        if t == "alias_declaration":
            name, target = node.child_by_field_name("name"), node.child_by_field_name("type")
            if name is not None and target is not None:
                alias = Alias(_text(name), normalize(_text(target)), _line(node), qualified)
                (sink.aliases if sink is not None else self.aliases).append(alias)
            return
        if t == "type_definition":
            target = node.child_by_field_name("type")
            for declarator in node.children_by_field_name("declarator"):
                name, suffix, _ = _unwrap(declarator)
                if name and target is not None:
                    alias = Alias(name, normalize(_qualifiers(node) + _text(target) + suffix), _line(node), qualified)
                    (sink.aliases if sink is not None else self.aliases).append(alias)
            if target is not None and target.type in ("class_specifier", "struct_specifier") and target.child_by_field_name("body") is not None:
                self.klass(target, qualified, depth)
            return
        if t in ("function_definition", "declaration", "field_declaration"):
            if t == "function_definition" and sink is None and self._test(node):
                return
            type_node = node.child_by_field_name("type")
            if type_node is not None and type_node.type in ("class_specifier", "struct_specifier") and type_node.child_by_field_name("body") is not None:
                self.klass(type_node, qualified, depth)
            elif type_node is not None and type_node.type == "enum_specifier" and type_node.child_by_field_name("body") is not None:
                self.enum(type_node, qualified, sink)
            static = any(c.type == "storage_class_specifier" and _text(c) == "static" for c in node.children)
            declarators = node.children_by_field_name("declarator")
            for declarator in declarators:
                self._declarator(node, type_node, declarator, static, qualified, sink)
            return

    def _declarator(self, node, type_node, declarator, static: bool, qualified: str, sink: "_ClassSink | None") -> None:  # type: ignore[no-untyped-def]
        name, suffix, function = _unwrap(declarator)
        qualified_name = "::" in name.split("<")[0]  # Class::member: a definition of something declared elsewhere
        if not name or qualified_name and sink is None and function is None:
            return
        base = normalize(_qualifiers(node) + _text(type_node)) if type_node is not None else ""
        if function is not None:
            if qualified_name:  # an out-of-line definition of a method (a .cpp): not a declaration of the API
                return
            const = any(c.type == "type_qualifier" and _text(c) == "const" for c in function.children)
            trailing = next((c for c in function.children if c.type == "trailing_return_type"), None)
            returns = normalize(base + suffix) if base else ""
            if trailing is not None:
                returns = normalize(_text(trailing).removeprefix("->"))
            params = tuple(_params(function.child_by_field_name("parameters")))
            made = Function(name, returns, params, const, static, _line(node), qualified)
            (sink.methods if sink is not None else self.functions).append(made)
            return
        default_node = node.child_by_field_name("default_value") if declarator.type != "init_declarator" else declarator.child_by_field_name("value")
        default = normalize(_text(default_node)) if default_node is not None else None
        variable = Variable(name, normalize(base + suffix), default, static, _line(node), qualified)
        (sink.members if sink is not None else self.variables).append(variable)

    def _test(self, node) -> bool:  # type: ignore[no-untyped-def]
        """TEST(Suite, Name) { ... } and its kin, as tree-sitter reads them (a function definition
        whose declarator is the macro called with two type names)."""
        if node.child_by_field_name("type") is not None:
            return False
        declarator = node.child_by_field_name("declarator")
        if declarator is None or declarator.type != "function_declarator":
            return False
        macro = declarator.child_by_field_name("declarator")
        if macro is None or _text(macro) not in TEST_MACROS:
            return False
        args = [normalize(_text(p)) for p in (declarator.child_by_field_name("parameters") or node).named_children if p.type != "comment"]
        if len(args) == 2 and all(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", a) for a in args):
            self.tests.append(TestCase(_text(macro), args[0], args[1], _line(node)))
            return True
        return False

    def klass(self, node, qualified: str, depth: int) -> None:  # type: ignore[no-untyped-def]
        name_node, body = node.child_by_field_name("name"), node.child_by_field_name("body")
        if name_node is None or body is None:
            return
        name = normalize(_text(name_node))
        inner = f"{qualified}::{name}" if qualified else name
        kind = "struct" if node.type == "struct_specifier" else "class"
        bases: list[str] = []
        for child in node.children:
            if child.type == "base_class_clause":
                for base in child.named_children:
                    if base.type not in ("access_specifier", "comment", "virtual"):
                        bases.append(normalize(_text(base)))
        sink = _ClassSink()
        index = len(self.classes)
        self.scope(body, inner, kind, depth + 1, sink)
        made = Class(name, inner, kind, tuple(bases), tuple(sink.members), tuple(sink.methods), tuple(sink.enums), tuple(sink.aliases), _line(node))
        self.classes.insert(index, made)  # the outer class before the classes nested in it

    def enum(self, node, qualified: str, sink: "_ClassSink | None") -> None:  # type: ignore[no-untyped-def]
        name_node, body = node.child_by_field_name("name"), node.child_by_field_name("body")
        if body is None:
            return
        scoped = any(c.type in ("class", "struct") for c in node.children)
        enumerators: list[Enumerator] = []
        number: int | None = -1
        for child in body.named_children:
            if child.type != "enumerator":
                continue
            value_node = child.child_by_field_name("value")
            value = normalize(_text(value_node)) if value_node is not None else None
            if value is not None:
                number = _int(value)
                if number is None:  # another enumerator's name: its number
                    known = {e.name: e.number for e in enumerators}
                    number = known.get(value)
            elif number is not None:
                number += 1
            enumerators.append(Enumerator(_text(child.child_by_field_name("name")), value, number, _line(child)))
        made = Enum(_text(name_node) if name_node is not None else "", scoped, tuple(enumerators), _line(node), qualified)
        (sink.enums if sink is not None else self.enums).append(made)


@dataclass
class _ClassSink:
    members: list[Variable] = field(default_factory=list)
    methods: list[Function] = field(default_factory=list)
    enums: list[Enum] = field(default_factory=list)
    aliases: list[Alias] = field(default_factory=list)


def _qualifiers(node) -> str:  # type: ignore[no-untyped-def]
    """`const`/`volatile` written before the type (part of it); constexpr, static, inline are not."""
    words = [_text(c) for c in node.children if c.type == "type_qualifier" and _text(c) in ("const", "volatile")]
    return "".join(w + " " for w in words)


def _unwrap(declarator):  # type: ignore[no-untyped-def]
    """(name, the type's suffix the declarator adds, the function declarator if any), iteratively."""
    prefix: list[str] = []
    function = None
    node = declarator
    for _ in range(MAX_NESTING):
        if node is None:
            return "", "", None
        t = node.type
        if t in ("identifier", "field_identifier", "type_identifier", "operator_name", "destructor_name", "qualified_identifier", "template_function", "primitive_type"):
            return normalize(_text(node)), "".join(reversed(prefix)), function
        if t == "function_declarator":
            if function is None:
                function = node
            node = node.child_by_field_name("declarator")
        elif t == "pointer_declarator":
            quals = "".join(" " + _text(c) for c in node.children if c.type == "type_qualifier")
            prefix.append("*" + quals)
            node = node.child_by_field_name("declarator")
        elif t == "reference_declarator":
            prefix.append("&&" if any(c.type == "&&" for c in node.children) else "&")
            node = node.named_children[0] if node.named_children else None
        elif t == "array_declarator":
            size = node.child_by_field_name("size")
            prefix.insert(0, f"[{normalize(_text(size))}]" if size is not None else "[]")
            node = node.child_by_field_name("declarator")
        elif t in ("init_declarator", "attributed_declarator", "parenthesized_declarator"):
            node = node.child_by_field_name("declarator") or (node.named_children[0] if node.named_children else None)
        else:
            return "", "", None
    return "", "", None


def _params(node) -> Iterator[Param]:  # type: ignore[no-untyped-def]
    if node is None:
        return
    for child in node.named_children:
        if child.type not in ("parameter_declaration", "optional_parameter_declaration", "variadic_parameter_declaration"):
            continue
        type_node = child.child_by_field_name("type")
        base = _qualifiers(child) + (_text(type_node) if type_node is not None else "")
        declarator = child.child_by_field_name("declarator")
        name, suffix = "", ""
        if declarator is not None:
            if declarator.type in ("abstract_reference_declarator", "abstract_pointer_declarator", "abstract_array_declarator"):
                suffix = normalize(_text(declarator))
            else:
                name, suffix, _ = _unwrap(declarator)
        default = child.child_by_field_name("default_value")
        yield Param(normalize(base + suffix), name, normalize(_text(default)) if default is not None else None)


# --- facts for adopting an op ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ReturnShape:
    kind: str  # "single" (one value), "array" (std::array<T, N>), "void" or "other"
    element: str  # the value's type, or the array's element type
    count: int | None = None  # the array's N, when it is a number


@dataclass(frozen=True)
class GraphMethod:
    name: str
    params: tuple[Param, ...]
    returns: ReturnShape
    line: int


_ARRAY = re.compile(r"^std::array<(.*),([^,<>]+)>$")


def return_shape(type_text: str) -> ReturnShape:
    text = normalize(type_text)
    match = _ARRAY.match(text)
    if match:
        return ReturnShape("array", match[1], _int(match[2]))
    if text in ("void", ""):
        return ReturnShape("void", text)
    return ReturnShape("single", text)


def graph_method(text: str | bytes, name: str, cls: str = "Graph") -> GraphMethod | None:
    """The public `Graph::NAME` method of a Graph.hpp text (its first overload), or None."""
    found = parse(text).cls(cls)
    methods = found.method(name) if found is not None else ()
    if not methods:
        return None
    m = methods[0]
    return GraphMethod(m.name, m.params, return_shape(m.return_type), m.line)


@dataclass(frozen=True)
class Accessor:
    name: str
    type: str  # a getter's return type, a setter's (first) parameter type
    optional: bool  # the type is std::optional<...>
    line: int


@dataclass(frozen=True)
class AttributesFacts:
    name: str
    bases: tuple[str, ...]
    getters: tuple[Accessor, ...]
    setters: tuple[Accessor, ...]  # every overload
    members: tuple[Variable, ...]
    presence: tuple[Function, ...]  # has_* methods
    enums: tuple[Enum, ...]
    aliases: tuple[Alias, ...]  # file-scope aliases of the class (the cuDNN spelling)
    line: int

    def getter(self, name: str) -> Accessor | None:
        return next((a for a in self.getters if a.name == name), None)

    def setter_types(self, name: str) -> tuple[str, ...]:
        return tuple(a.type for a in self.setters if a.name == name)

    def has(self, name: str) -> bool:
        return any(f.name == name for f in self.presence)

    @property
    def alias(self) -> str | None:
        return self.aliases[0].name if self.aliases else None


def _optional(type_text: str) -> bool:
    return normalize(type_text).startswith(("std::optional<", "optional<"))


def attributes_class(text: str | bytes, cls: str) -> AttributesFacts | None:
    """What a frontend Attributes class offers: get_*/set_* accessors with their types and
    std::optional-ness, public members, has_* presence queries, nested enums, and the file-scope
    aliases naming the class (`using Rmsnorm_backward_attributes = RMSNormBackwardAttributes;`)."""
    api = parse(text)
    found = api.cls(cls)
    if found is None:
        return None
    getters = tuple(Accessor(m.name, m.return_type, _optional(m.return_type), m.line) for m in found.methods if m.name.startswith("get_") and not m.params)
    setters = tuple(
        Accessor(m.name, m.params[0].type, _optional(m.params[0].type), m.line) for m in found.methods if m.name.startswith("set_") and m.params
    )
    presence = tuple(m for m in found.methods if m.name.startswith("has_"))
    aliases = tuple(a for a in api.aliases if a.target in (found.name, found.qualified))
    return AttributesFacts(found.name, found.bases, getters, setters, found.members, presence, found.enums, aliases, found.line)


def node_types(text: str | bytes, enum: str = "NodeType") -> dict[str, int | None]:
    """NodeType.hpp's enumerators with their values (an empty mapping when the enum is absent)."""
    api = parse(text)
    for e in api.enums:
        if e.name == enum:
            return e.values
    for c in api.classes:
        nested = c.enum(enum)
        if nested is not None:
            return nested.values
    return {}


@dataclass(frozen=True)
class Constant:
    name: str
    type: str
    value: str | None
    number: int | None
    line: int
    scope: str


def constants(text: str | bytes) -> dict[str, Constant]:
    """A constants header's namespace-scope and static class constants and object-like #defines,
    by name (the first of a repeated name)."""
    api = parse(text)
    found: dict[str, Constant] = {}
    variables = list(api.variables) + [m for c in api.classes for m in c.members if m.static] + list(api.defines)
    for v in variables:
        found.setdefault(v.name, Constant(v.name, v.type, v.default, _int(v.default) if v.default is not None else None, v.line, v.scope))
    return found


@dataclass(frozen=True)
class Defined:
    """A method defined in its class's body (any access), as written: its return type, parameters,
    the body's text (normalized), the type parameter of `template <typename T>` when that is its one
    template parameter, and whether nothing but `const` follows its parameter list (no noexcept,
    override, ...)."""

    name: str
    return_type: str
    params: tuple[Param, ...]
    body: str
    template: str | None = None
    plain: bool = True
    line: int = 0


@dataclass(frozen=True)
class Internals:
    """What a class's bodies say beyond its public API: every data member's initializer (private
    ones too), the text of each method body, by method name (every overload, in file order),
    every defined method in file order (`methods`), and the doc comments of the class and of its
    members and methods (`doc`, `docs`; untrusted free text, cleaned and bounded by doc_text)."""

    defaults: dict[str, str | None]
    bodies: dict[str, tuple[tuple[tuple[Param, ...], str], ...]]
    methods: tuple[Defined, ...] = ()
    doc: str = ""  # the class's doc comment, as doc_text gives it
    docs: dict[str, str] = field(default_factory=dict)  # a member's or method's doc comment by name (the first)


def _walk(root, kinds: tuple[str, ...]) -> Iterator:  # type: ignore[no-untyped-def]
    """Nodes of the given kinds, in file order, found with an explicit stack (bounded by MAX_NESTING)."""
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if node.type in kinds:
            yield node
        if depth < MAX_NESTING:
            stack.extend((child, depth + 1) for child in reversed(node.children))


def class_internals(text: str | bytes, cls: str) -> Internals | None:
    """The initializers and method bodies of class `cls` (the first class of that name), or None."""
    data = text.encode("utf-8", "replace") if isinstance(text, str) else bytes(text)
    if len(data) > MAX_BYTES:
        return None
    tree = _parser().parse(data)
    for node in _walk(tree.root_node, ("class_specifier", "struct_specifier")):
        name_node, body = node.child_by_field_name("name"), node.child_by_field_name("body")
        if name_node is None or body is None or normalize(_text(name_node)) != cls:
            continue
        defaults: dict[str, str | None] = {}
        bodies: dict[str, list[tuple[tuple[Param, ...], str]]] = {}
        defined: list[Defined] = []
        docs: dict[str, str] = {}
        pending: list[str] = []  # the comments since the last declaration
        last: tuple[str, int] | None = None  # the last declaration's name and end line (for a trailing ///<)
        stack: list[tuple[Any, str | None]] = [(child, None) for child in reversed(body.children)]
        while stack:
            child, template = stack.pop()
            if child.type == "comment":
                comment = _text(child)
                if _TRAILING_DOC.match(comment):
                    if last is not None and last[1] == int(child.start_point[0]):
                        docs.setdefault(last[0], doc_text([comment]))
                else:
                    pending.append(comment)
                continue
            if child.type in _TRANSPARENT:
                stack.extend((c, None) for c in reversed(child.children))
                continue
            if child.type == "template_declaration":
                stack.extend((c, _type_parameter(child)) for c in reversed(child.children) if c.type == "function_definition")
                continue
            preceding, pending = pending, []
            named = ""
            if child.type == "field_declaration":
                for declarator in child.children_by_field_name("declarator"):
                    member, _suffix, function = _unwrap(declarator)
                    if member and function is None:
                        value = child.child_by_field_name("default_value")
                        defaults.setdefault(member, normalize(_text(value)) if value is not None else None)
                        named = named or member
            elif child.type == "function_definition":
                declarator = child.child_by_field_name("declarator")
                method, suffix, function = _unwrap(declarator) if declarator is not None else ("", "", None)
                block = child.child_by_field_name("body")
                if method and function is not None and block is not None:
                    params = tuple(_params(function.child_by_field_name("parameters")))
                    text_ = normalize(_text(block))
                    bodies.setdefault(method, []).append((params, text_))
                    type_node = child.child_by_field_name("type")
                    returns = normalize(_qualifiers(child) + _text(type_node) + suffix) if type_node is not None else ""
                    plain = all(c.type in ("parameter_list", "comment") or c == function.child_by_field_name("declarator")
                                or (c.type == "type_qualifier" and _text(c) == "const") for c in function.children)
                    defined.append(Defined(method, returns, params, text_, template, plain, _line(child)))
                    named = method
            if named:
                if doc_text(preceding):
                    docs.setdefault(named, doc_text(preceding))
                last = (named, int(child.end_point[0]))
            else:
                last = None
        return Internals(defaults, {k: tuple(v) for k, v in bodies.items()}, tuple(defined), _class_doc(node), docs)
    return None


# --- doc comments: untrusted free text from a checkout -------------------------------------------------

MAX_DOC = 300  # characters of a doc comment kept (a spec description holds at most 400)
_DOC = re.compile(r"^(///|//!|/\*\*|/\*!)(?![</])")  # a doc comment before what it documents
_TRAILING_DOC = re.compile(r"^(///|//!|/\*\*|/\*!)<")  # one after it, on its line
_ONE_LINE_TAGS = ("class", "struct", "union", "enum", "namespace", "fn", "var", "typedef", "def")
_TAG = re.compile(r"^[@\\]([a-zA-Z]+)\b\s*")
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f\x85\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def doc_text(comments: list[str]) -> str:
    """One line of documentation from doc comments (`///`, `//!`, `/** */`, `/*! */`, or a trailing
    `///<`): markers stripped, Doxygen's `@brief` paragraph when there is one, else the first
    paragraph; a comment with `@file` is a file's, not the declaration's. Control and bidirectional
    characters are dropped, `/*` and `*/` broken, whitespace collapsed, and the text cut at MAX_DOC
    characters (on a word, with "..."). Every target still escapes it (codegen.plumbing.escape)."""
    lines: list[str] = []
    for comment in comments[-MAX_NESTING:]:
        if not (_DOC.match(comment) or _TRAILING_DOC.match(comment)):
            continue
        body = comment[:MAX_BYTES]
        if body.startswith("/*"):
            body = body[3:].lstrip("<")
            body = body[:-2] if body.endswith("*/") else body
        else:
            body = body[3:].lstrip("<")
        own = [re.sub(r"^\s*\*(?!/)", "", line).strip() for line in body.split("\n")]
        if any(_TAG.match(line) and _TAG.match(line)[1] == "file" for line in own):  # type: ignore[index]
            continue
        lines += own + ([""] if comment.startswith("/*") else [])  # consecutive `///` lines are one block
    paragraphs: list[tuple[str, list[str]]] = []  # (the tag it opens with, its lines)
    for line in lines:
        tag = _TAG.match(line)
        if tag is not None:
            paragraphs.append((tag[1], [line[tag.end():]]))
            if tag[1] in _ONE_LINE_TAGS:  # `@class NAME`: the text after it is a paragraph of its own
                paragraphs.append(("", []))
        elif not line:
            paragraphs.append(("", []))
        elif paragraphs and (paragraphs[-1][1] or not paragraphs[-1][0]):
            paragraphs[-1][1].append(line)
        else:
            paragraphs.append(("", [line]))
    chosen = next((words for tag, words in paragraphs if tag == "brief" and any(words)), None)
    if chosen is None:
        chosen = next((words for tag, words in paragraphs if tag in ("", "details") and any(words)), [])
    text = _UNSAFE.sub("", " ".join(chosen))
    text = " ".join(text.replace("*/", "* /").replace("/*", "/ *").split())
    if len(text) > MAX_DOC:
        cut = text[:MAX_DOC - 3]
        text = (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "..."
    return text


def _class_doc(node) -> str:  # type: ignore[no-untyped-def]
    """The doc comments right before a class (or before the template declaring it)."""
    anchor = node.parent if node.parent is not None and node.parent.type == "template_declaration" else node
    comments: list[str] = []
    before = anchor.prev_sibling
    while before is not None and before.type == "comment" and len(comments) < MAX_NESTING:
        comments.insert(0, _text(before))
        before = before.prev_sibling
    return doc_text(comments)


def _type_parameter(template) -> str | None:  # type: ignore[no-untyped-def]
    """The name of a template's one type parameter (`template <typename T>`), else None."""
    parameters = template.child_by_field_name("parameters")
    found = [p for p in parameters.named_children if p.type != "comment"] if parameters is not None else []
    if len(found) != 1 or found[0].type != "type_parameter_declaration":
        return None
    names = [c for c in found[0].named_children if c.type == "type_identifier"]
    return _text(names[0]) if len(names) == 1 else None


_UNSET_CHECK = re.compile(r"^\(!\s*[A-Za-z_][A-Za-z0-9_]*\.get_([a-z][a-z0-9_]*)\(\)\.has_value\(\)\)$")


def required_before_packing(text: str | bytes) -> tuple[str, ...]:
    """The fields a packer refuses to pack while unset: each `if(!attributes.get_F().has_value())`
    whose branch returns ATTRIBUTE_NOT_SET names F (in file order)."""
    data = text.encode("utf-8", "replace") if isinstance(text, str) else bytes(text)
    if len(data) > MAX_BYTES:
        return ()
    tree = _parser().parse(data)
    found: list[str] = []
    for node in _walk(tree.root_node, ("if_statement",)):
        condition, branch = node.child_by_field_name("condition"), node.child_by_field_name("consequence")
        match = _UNSET_CHECK.match(normalize(_text(condition)) if condition is not None else "")
        if match and branch is not None and "ATTRIBUTE_NOT_SET" in _text(branch) and match[1] not in found:
            found.append(match[1])
    return tuple(found)


def template_parameters(text: str | bytes, name: str) -> tuple[str, ...] | None:
    """The parameter names of the first class or function template named `name` (a method template
    inside a class too), in order: `template <DataType XDataTypeEnum, typename T>` gives
    ("XDataTypeEnum", "T"); None when the text has no such template."""
    data = text.encode("utf-8", "replace") if isinstance(text, str) else bytes(text)
    if len(data) > MAX_BYTES:
        return None
    tree = _parser().parse(data)
    for node in _walk(tree.root_node, ("template_declaration",)):
        inner = next((c for c in node.named_children if c.type in ("class_specifier", "struct_specifier", "function_definition", "declaration")), None)
        if inner is None:
            continue
        if inner.type in ("class_specifier", "struct_specifier"):
            named = normalize(_text(inner.child_by_field_name("name")))
        else:
            declarator = inner.child_by_field_name("declarator")
            named = _unwrap(declarator)[0] if declarator is not None else ""
        if named != name:
            continue
        parameters = node.child_by_field_name("parameters")
        names: list[str] = []
        for p in parameters.named_children if parameters is not None else []:
            ident = p.child_by_field_name("declarator") or p.child_by_field_name("name")
            if ident is None:
                ident = next((c for c in p.named_children if c.type == "type_identifier"), None)
            names.append(normalize(_text(ident)) if ident is not None else "")
        return tuple(names)
    return None
