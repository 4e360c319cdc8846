"""The spec's expression language: checks (`requires:`, `when:`) and inference formulas.

One pass each, all linear in the text: `tokenize`, `parse` (recursive descent with a depth bound),
`check` (names and types against the op). Every problem is one `ExprError` carrying the offset in
the text, a rule and, where one is known, a fix; the caller turns the offset into a line:col.

Grammar (lowest precedence first):

    expr    := or ('with' '[' expr ']' '=' or)*          dims with one dimension replaced
    or      := and ('or' and)*
    and     := not ('and' not)*
    not     := 'not' not | cmp
    cmp     := sum (('==' | '!=' | '<' | '<=' | '>' | '>=') sum)?
    sum     := term (('+' | '-') term)*
    term    := unary (('*' | '//' | '%') unary)*
    unary   := '-' unary | postfix
    postfix := primary ('.' NAME | '[' expr ']' | '[' expr? ':' expr? ']')*
    primary := INT | 'true' | 'false' | NAME | NAME '(' args ')' | '(' expr ')'
             | ('all' | 'any') '(' NAME 'in' 'range' '(' expr ',' expr ')' ['except' '[' expr (',' expr)* ']'] ':' expr ')'

Types: int, float, bool, dims (a list of ints), tensor, enum values (`Enum.VALUE`). A tensor has
`.rank`, `.dims` and `.strides`; `present(t)`, `set(f)`, `rank(t)`, `ndims(t)`, `nstrides(t)` and
`len(dims)` are functions. Reading a value that does not exist (an unset tensor or one without dims, an unset field,
an index outside the dims, a division by zero) makes the whole check not apply: it passes. `ndims(t)`
is the one read of a tensor without dims that exists: the number of dims a set tensor has, 0 when it
has none (hipDNN's `get_dim().size()`); `nstrides(t)` likewise counts a set tensor's strides, 0 when
it has none (`get_stride().size()`). `channel_shape(t)` is the dims of a per-channel tensor of
t: t's rank of 1s with t's dimension 1 (its channels) at index 1, as hipDNN's batchnorm nodes infer
their statistics (BatchnormNode.hpp id 60125217721); it needs t to have at least 2 dims.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

from codegen.diagnostics.diagnostics import Loc
from codegen.plumbing.memo import by_identity

if TYPE_CHECKING:
    from codegen.spec.model import Check, Formula, OpSpec

MAX_LENGTH = 400  # characters in one expression
MAX_DEPTH = 24  # nesting of sub-expressions
MAX_INT = 2**62  # a literal beyond this cannot be an int64 the C++ side computes with safely

KEYWORDS = {"and", "or", "not", "true", "false", "with", "all", "any", "in", "range", "except"}
FUNCTIONS = {"present": ("tensor", "bool"), "set": ("field", "bool"), "rank": ("tensor", "int"), "len": ("dims", "int"),
             "ndims": ("tensor", "int"), "nstrides": ("tensor", "int"), "channel_shape": ("tensor", "dims")}
PROPERTIES = {"rank": "int", "dims": "dims", "strides": "dims", "dtype": "enum:DataType", "pass_by_value": "bool"}
SHAPE_PROPERTIES = ("rank", "dims", "strides")  # the rest read only that the tensor is set
# hipDNN's frontend DataType (Types.hpp id 64811238748), the values `t.dtype` compares with; a tensor
# made in a test without one is FLOAT
DATA_TYPE = "DataType"
DATA_TYPES = {"NOT_SET": 0, "FLOAT": 1, "HALF": 2, "BFLOAT16": 3, "DOUBLE": 4, "UINT8": 5, "INT32": 6, "INT8": 7,
              "FP8_E4M3": 8, "FP8_E5M2": 9}
DEFAULT_DATA_TYPE = "FLOAT"
COMPARE = ("==", "!=", "<=", ">=", "<", ">")
ARITH = ("+", "-", "*", "//", "%")


class ExprError(Exception):
    """One problem with an expression: `offset` into its text, the rule ID and an optional fix."""

    def __init__(self, rule: str, offset: int, message: str, fix: str | None = None, replacement: tuple[int, int, str] | None = None):
        super().__init__(message)
        self.rule = rule
        self.offset = offset
        self.message = message
        self.fix = fix
        self.replacement = replacement  # (start, end, text) within the expression, when the fix is an edit


# rule IDs (codegen.diagnostics.rules)
SYNTAX, UNKNOWN, TYPE, COMPLEX, NEVER = "SPEC-EXPR-SYNTAX", "SPEC-EXPR-NAME", "SPEC-EXPR-TYPE", "SPEC-EXPR-COMPLEX", "SPEC-EXPR-NEVER"


@dataclass(frozen=True)
class Token:
    kind: str  # int | float | name | op | end
    text: str
    pos: int


_OPS = ("==", "!=", "<=", ">=", "//", "<", ">", "+", "-", "*", "%", "(", ")", "[", "]", ",", ":", ".", "=")


def tokenize(text: str) -> list[Token]:
    if len(text) > MAX_LENGTH:
        raise ExprError(COMPLEX, MAX_LENGTH, f"expression is {len(text)} characters long; at most {MAX_LENGTH} are allowed",
                        "split it into several checks")
    out: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in " \t\n":
            i += 1
            continue
        if c.isascii() and c.isdigit():
            j = i
            while j < n and text[j].isascii() and text[j].isdigit():
                j += 1
            if j < n and text[j] == "." and j + 1 < n and text[j + 1].isascii() and text[j + 1].isdigit():
                j += 1
                while j < n and text[j].isascii() and text[j].isdigit():
                    j += 1
                out.append(Token("float", text[i:j], i))
            else:
                if j - i > 19 or int(text[i:j]) > MAX_INT:
                    raise ExprError(COMPLEX, i, f"integer {text[i:j]} is too large (at most {MAX_INT})")
                out.append(Token("int", text[i:j], i))
            if j < n and (text[j].isascii() and (text[j].isalpha() or text[j] == "_")):
                raise ExprError(SYNTAX, j, f"unexpected '{text[j]}' after the number {text[i:j]}", "put an operator between them")
            i = j
            continue
        if c.isascii() and (c.isalpha() or c == "_"):
            j = i
            while j < n and text[j].isascii() and (text[j].isalnum() or text[j] == "_"):
                j += 1
            out.append(Token("name", text[i:j], i))
            i = j
            continue
        op = next((o for o in _OPS if text.startswith(o, i)), None)
        if op is None:
            shown = c if c.isprintable() else repr(c)
            fixes = {"&": "write 'and'", "|": "write 'or'", "!": "write 'not' (or '!=')", "/": "write '//' (integer division)"}
            raise ExprError(SYNTAX, i, f"unexpected character '{shown}'", fixes.get(c))
        out.append(Token("op", op, i))
        i += len(op)
    out.append(Token("end", "", n))
    return out


@dataclass(frozen=True)
class Node:
    """One parsed sub-expression. `kind` selects the meaning of `value` and `args`:
    int/float/bool (value), name (value: the name), prop (args[0].value), call (value: function),
    index (args: base, index), slice (args: base, start|None, stop|None), unary/binary (value: the
    operator), quant (value: all|any, name: the variable; args: start, stop, body, *excepted),
    with (args: base, index, value), enum (value: 'Enum.VALUE', number: its value)."""

    kind: str
    pos: int
    value: Any = None
    args: tuple[Any, ...] = ()
    type: str = ""
    name: str = ""
    number: int = 0


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0
        self.depth = 0

    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def take(self) -> Token:
        t = self.tokens[self.i]
        self.i += 1
        return t

    def at(self, text: str) -> bool:
        t = self.tok
        return t.kind in ("op", "name") and t.text == text

    def expect(self, text: str, what: str) -> Token:
        if not self.at(text):
            t = self.tok
            found = "the end of the expression" if t.kind == "end" else f"'{t.text}'"
            raise ExprError(SYNTAX, t.pos, f"expected '{text}' {what}, found {found}", f"insert '{text}'")
        return self.take()

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprError(COMPLEX, self.tok.pos, f"expression nests deeper than {MAX_DEPTH} levels", "split it into several checks")

    def parse(self) -> Node:
        node = self.expr()
        if self.tok.kind != "end":
            t = self.tok
            hint = "join conditions with 'and' or 'or'" if t.kind in ("name", "int", "float") else None
            raise ExprError(SYNTAX, t.pos, f"unexpected '{t.text}' after a complete expression", hint)
        return node

    def expr(self) -> Node:
        self.nest()
        node = self.or_()
        while self.at("with"):
            pos = self.take().pos
            self.expect("[", "after 'with'")
            index = self.expr()
            self.expect("]", "to close the replaced index")
            self.expect("=", "after the replaced index")
            node = Node("with", pos, args=(node, index, self.or_()))
        self.depth -= 1
        return node

    def or_(self) -> Node:
        node = self.and_()
        while self.at("or"):
            pos = self.take().pos
            node = Node("binary", pos, "or", (node, self.and_()))
        return node

    def and_(self) -> Node:
        node = self.not_()
        while self.at("and"):
            pos = self.take().pos
            node = Node("binary", pos, "and", (node, self.not_()))
        return node

    def not_(self) -> Node:
        if self.at("not"):
            pos = self.take().pos
            self.nest()
            node = Node("unary", pos, "not", (self.not_(),))
            self.depth -= 1
            return node
        return self.cmp()

    def cmp(self) -> Node:
        node = self.sum()
        if self.tok.kind == "op" and self.tok.text in COMPARE:
            op = self.take()
            node = Node("binary", op.pos, op.text, (node, self.sum()))
            if self.tok.kind == "op" and self.tok.text in COMPARE:
                raise ExprError(SYNTAX, self.tok.pos, "comparisons do not chain", "join the two comparisons with 'and'")
        elif self.at("="):
            raise ExprError(SYNTAX, self.tok.pos, "'=' is not a comparison", "write '=='",
                            (self.tok.pos, self.tok.pos + 1, "=="))
        return node

    def sum(self) -> Node:
        node = self.term()
        while self.tok.kind == "op" and self.tok.text in ("+", "-"):
            op = self.take()
            node = Node("binary", op.pos, op.text, (node, self.term()))
        return node

    def term(self) -> Node:
        node = self.unary()
        while self.tok.kind == "op" and self.tok.text in ("*", "//", "%"):
            op = self.take()
            node = Node("binary", op.pos, op.text, (node, self.unary()))
        return node

    def unary(self) -> Node:
        if self.at("-"):
            pos = self.take().pos
            self.nest()
            node = Node("unary", pos, "-", (self.unary(),))
            self.depth -= 1
            return node
        return self.postfix()

    def postfix(self) -> Node:
        node = self.primary()
        while True:
            if self.at("."):
                self.take()
                t = self.tok
                if t.kind != "name":
                    raise ExprError(SYNTAX, t.pos, "expected a property name after '.'", "write .rank, .dims or .strides")
                self.take()
                node = Node("prop", t.pos, t.text, (node,))
            elif self.at("["):
                pos = self.take().pos
                start = None if self.at(":") else self.expr()
                if self.at(":"):
                    self.take()
                    stop = None if self.at("]") else self.expr()
                    self.expect("]", "to close the slice")
                    node = Node("slice", pos, args=(node, start, stop))
                else:
                    self.expect("]", "to close the index")
                    node = Node("index", pos, args=(node, start))
            else:
                return node

    def primary(self) -> Node:
        t = self.tok
        if t.kind == "int":
            self.take()
            return Node("int", t.pos, int(t.text))
        if t.kind == "float":
            self.take()
            return Node("float", t.pos, float(t.text))
        if t.kind == "op" and t.text == "(":
            self.take()
            node = self.expr()
            self.expect(")", "to close '('")
            return node
        if t.kind == "name":
            self.take()
            if t.text in ("true", "false"):
                return Node("bool", t.pos, t.text == "true")
            if t.text in ("all", "any") and self.at("("):
                return self.quantifier(t)
            if t.text in KEYWORDS - {"in", "range", "except", "with"}:  # those four are names where a value starts
                raise ExprError(SYNTAX, t.pos, f"'{t.text}' cannot start a value")
            if self.at("("):
                self.take()
                args = [] if self.at(")") else [self.expr()]
                while self.at(","):
                    self.take()
                    args.append(self.expr())
                self.expect(")", f"to close the arguments of {t.text}()")
                return Node("call", t.pos, t.text, tuple(args))
            return Node("name", t.pos, t.text)
        found = "the end of the expression" if t.kind == "end" else f"'{t.text}'"
        raise ExprError(SYNTAX, t.pos, f"expected a value, found {found}")

    def quantifier(self, t: Token) -> Node:
        self.expect("(", f"after {t.text}")
        var = self.tok
        if var.kind != "name" or var.text in KEYWORDS:
            raise ExprError(SYNTAX, var.pos, f"expected the index variable of {t.text}(...)", f"write {t.text}(i in range(0, x.rank): ...)")
        self.take()
        self.expect("in", "after the index variable")
        self.expect("range", "after 'in'")
        self.expect("(", "after 'range'")
        start = self.expr()
        self.expect(",", "between the range's start and stop")
        stop = self.expr()
        self.expect(")", "to close range(...)")
        excepted: list[Node] = []
        if self.at("except"):
            self.take()
            self.expect("[", "after 'except'")
            excepted.append(self.expr())
            while self.at(","):
                self.take()
                excepted.append(self.expr())
            self.expect("]", "to close the except list")
        self.expect(":", f"before the condition of {t.text}(...)")
        body = self.expr()
        self.expect(")", f"to close {t.text}(...)")
        return Node("quant", t.pos, t.text, (start, stop, body, *excepted), name=var.text)


def parse(text: str) -> Node:
    """The syntax tree of `text` (names and types not yet checked)."""
    if not isinstance(text, str) or not text.strip():
        raise ExprError(SYNTAX, 0, "the expression is empty")
    return _Parser(text).parse()


# --- names and types ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Scope:
    """What an expression may name: tensors, fields (name -> type word), enums (name -> values)."""

    tensors: tuple[str, ...]
    fields: Mapping[str, str]  # int | float | bool | dims | enum:<Name> | other
    enums: Mapping[str, Mapping[str, int]] = field(default_factory=dict)


def _close(name: str, options: list[str]) -> str | None:
    import difflib

    found = difflib.get_close_matches(name, options, n=1, cutoff=0.6)
    return found[0] if found else None


def _unknown(node: Node, what: str, options: list[str]) -> ExprError:
    close = _close(node.value, options)
    fix = f"did you mean '{close}'?" if close else None
    repl = (node.pos, node.pos + len(node.value), close) if close else None
    return ExprError(UNKNOWN, node.pos, f"'{node.value}' is not a {what} of this op", fix, repl)


def typed(node: Node, scope: Scope, bound: frozenset[str] = frozenset()) -> Node:
    """`node` with every sub-node's type filled in; raises ExprError on the first problem."""
    from dataclasses import replace

    kind = node.kind
    if kind in ("int", "float", "bool"):
        return replace(node, type=kind)
    if kind == "name":
        if node.value in bound:
            return replace(node, type="int")
        if node.value in scope.tensors:
            return replace(node, type="tensor")
        if node.value in scope.fields:
            t = scope.fields[node.value]
            if t == "other":
                raise ExprError(TYPE, node.pos, f"field '{node.value}' has a type expressions cannot read")
            return replace(node, type=t)
        if node.value in scope.enums:
            return replace(node, type="enumtype")
        raise _unknown(node, "tensor or field", [*scope.tensors, *scope.fields, *bound])
    if kind == "prop":
        base = node.args[0]
        if base.kind == "name" and base.value in scope.enums and base.value not in scope.tensors and base.value not in scope.fields:
            values = scope.enums[base.value]
            if node.value not in values:
                raise _unknown(replace(node, value=node.value), f"value of enum {base.value}", list(values))
            return replace(node, kind="enum", value=f"{base.value}.{node.value}", number=values[node.value],
                           type=f"enum:{base.value}", args=())
        base = typed(base, scope, bound)
        if base.type != "tensor":
            raise ExprError(TYPE, node.pos, f"only a tensor has .{node.value}; this is {_word(base.type)}")
        if node.value not in PROPERTIES:
            close = _close(node.value, list(PROPERTIES))
            raise ExprError(UNKNOWN, node.pos, f"a tensor has no property '{node.value}' (it has {', '.join('.' + p for p in PROPERTIES)})",
                            f"did you mean '.{close}'?" if close else None,
                            (node.pos, node.pos + len(node.value), close) if close else None)
        return replace(node, args=(base,), type=PROPERTIES[node.value])
    if kind == "call":
        if node.value not in FUNCTIONS:
            close = _close(node.value, list(FUNCTIONS))
            raise ExprError(UNKNOWN, node.pos, f"'{node.value}' is not a function (there are {', '.join(sorted(FUNCTIONS))})",
                            f"did you mean '{close}'?" if close else None,
                            (node.pos, node.pos + len(node.value), close) if close else None)
        wants, gives = FUNCTIONS[node.value]
        if len(node.args) != 1:
            raise ExprError(TYPE, node.pos, f"{node.value}() takes one argument, not {len(node.args)}")
        arg = node.args[0]
        if wants in ("tensor", "field"):
            if arg.kind != "name":
                raise ExprError(TYPE, arg.pos, f"{node.value}() takes the name of a {wants}")
            names = list(scope.tensors) if wants == "tensor" else list(scope.fields)
            if arg.value not in names:
                raise _unknown(arg, wants, names)
            return replace(node, args=(replace(arg, type=wants),), type=gives)
        arg = typed(arg, scope, bound)
        if arg.type != wants:
            raise ExprError(TYPE, arg.pos, f"{node.value}() takes dims, not {_word(arg.type)}")
        return replace(node, args=(arg,), type=gives)
    if kind == "index":
        base, index = typed(node.args[0], scope, bound), typed(node.args[1], scope, bound)
        if base.type != "dims":
            raise ExprError(TYPE, node.pos, f"only dims can be indexed; this is {_word(base.type)}", "index .dims or .strides")
        _want(index, "int", "an index")
        return replace(node, args=(base, index), type="int")
    if kind == "slice":
        base = typed(node.args[0], scope, bound)
        if base.type != "dims":
            raise ExprError(TYPE, node.pos, f"only dims can be sliced; this is {_word(base.type)}")
        parts: list[Node | None] = []
        for part in node.args[1:]:
            if part is None:
                parts.append(None)
                continue
            if _constant_int(part) is None:
                raise ExprError(TYPE, part.pos, "a slice bound must be an integer constant", "write a number such as 1 or -1")
            parts.append(typed(part, scope, bound))
        return replace(node, args=(base, *parts), type="dims")
    if kind == "unary":
        arg = typed(node.args[0], scope, bound)
        if node.value == "not":
            _want(arg, "bool", "'not'")
            return replace(node, args=(arg,), type="bool")
        _want(arg, "int", "'-'")
        return replace(node, args=(arg,), type="int")
    if kind == "binary":
        a, b = typed(node.args[0], scope, bound), typed(node.args[1], scope, bound)
        op = node.value
        if op in ("and", "or"):
            _want(a, "bool", f"'{op}'")
            _want(b, "bool", f"'{op}'")
            return replace(node, args=(a, b), type="bool")
        if op in ARITH:
            _want(a, "int", f"'{op}'")
            _want(b, "int", f"'{op}'")
            if op in ("//", "%") and _constant_int(b) == 0:
                raise ExprError(NEVER, b.pos, "division by zero", "divide by a non-zero value")
            return replace(node, args=(a, b), type="int")
        numeric = {"int", "float"}
        if a.type in numeric and b.type in numeric:
            return replace(node, args=(a, b), type="bool")
        if op in ("==", "!=") and a.type == b.type and (a.type in ("bool", "dims") or a.type.startswith("enum:")):
            return replace(node, args=(a, b), type="bool")
        hint = " (compare an enum field with Enum.VALUE)" if "enum" in a.type + b.type else ""
        raise ExprError(TYPE, node.pos, f"cannot compare {_word(a.type)} with {_word(b.type)} using '{op}'{hint}")
    if kind == "quant":
        if node.name in scope.tensors or node.name in scope.fields or node.name in bound:
            raise ExprError(TYPE, node.pos, f"index variable '{node.name}' hides a name of the op", "choose another variable name")
        start, stop = typed(node.args[0], scope, bound), typed(node.args[1], scope, bound)
        _want(start, "int", "range()")
        _want(stop, "int", "range()")
        inner = bound | {node.name}
        body = typed(node.args[2], scope, inner)
        _want(body, "bool", f"{node.value}(...)")
        excepted = []
        for e in node.args[3:]:
            e = typed(e, scope, bound)
            _want(e, "int", "'except'")
            excepted.append(e)
        return replace(node, args=(start, stop, body, *excepted), type="bool")
    if kind == "with":
        base, index, value = (typed(a, scope, bound) for a in node.args)
        if base.type != "dims":
            raise ExprError(TYPE, node.pos, f"'with' replaces a dimension of dims, not of {_word(base.type)}")
        _want(index, "int", "an index")
        _want(value, "int", "a dimension")
        return replace(node, args=(base, index, value), type="dims")
    raise ExprError(SYNTAX, node.pos, "unexpected expression")


def _word(t: str) -> str:
    if t.startswith("enum:"):
        return f"a {t[5:]} value"
    return {"int": "an integer", "float": "a float", "bool": "a condition", "dims": "dims", "tensor": "a tensor",
            "enumtype": "an enum type", "field": "a field"}.get(t, t)


def _want(node: Node, t: str, where: str) -> None:
    if node.type != t and not (t == "int" and node.type == "int"):
        fix = None
        if node.type == "tensor" and t == "int":
            fix = "use .rank or .dims[i]"
        elif node.type == "tensor" and t == "bool":
            fix = f"write present({node.value})" if node.kind == "name" else None
        elif node.type == "int" and t == "bool":
            fix = "compare it, e.g. '> 0'"
        raise ExprError(TYPE, node.pos, f"{where} needs {_word(t)}, not {_word(node.type)}", fix)


def _constant_int(node: Node) -> int | None:
    if node.kind == "int":
        return int(node.value)
    if node.kind == "unary" and node.value == "-" and node.args and node.args[0].kind == "int":
        return -int(node.args[0].value)
    return None


def _constant(node: Node) -> Any:
    """The value of an expression that reads nothing (None when it reads something)."""
    if node.kind in ("int", "float", "bool"):
        return node.value
    if node.kind == "enum":
        return node.number
    if node.kind == "unary":
        a = _constant(node.args[0])
        if a is None:
            return None
        return (not a) if node.value == "not" else -a
    if node.kind == "binary":
        a, b = _constant(node.args[0]), _constant(node.args[1])
        if a is None or b is None:
            return None
        try:
            return _BINARY[node.value](a, b)
        except _Skip:
            return None
    return None


def compile_check(text: str, scope: Scope, want: str = "bool") -> Node:
    """Parse and type-check one expression; a condition must be able to hold and to fail."""
    node = resolve_vars(typed(parse(text), scope))
    if node.type != want:
        raise ExprError(TYPE, node.pos, f"the expression is {_word(node.type)}; {_word(want)} is needed here",
                        "compare it, e.g. 'x.rank >= 2'" if want == "bool" else None)
    if want == "bool":
        value = _constant(node)
        if value is not None:
            raise ExprError(NEVER, node.pos, f"the condition reads nothing and is always {'true' if value else 'false'}",
                            "name a tensor or field in it")
    return node


def names(node: Node) -> set[str]:
    """Every tensor and field the expression reads (after resolve_vars)."""
    found: set[str] = set()

    def walk(n: Any) -> None:
        if not isinstance(n, Node):
            return
        if n.kind == "name" or n.kind in ("prop", "call") and n.args and n.args[0].kind == "name" and n.args[0].type in ("tensor", "field"):
            found.add(n.value if n.kind == "name" else n.args[0].value)
        for a in n.args:
            walk(a)

    walk(node)
    return found


def shape_reads(node: Node) -> set[str]:
    """The tensors whose rank, dims or strides the expression reads."""
    found: set[str] = set()

    def walk(n: Any) -> None:
        if not isinstance(n, Node):
            return
        if n.kind == "prop" and n.value in SHAPE_PROPERTIES or n.kind == "call" and n.value in ("rank", "ndims", "nstrides", "channel_shape"):
            found.add(n.args[0].value)
        for a in n.args:
            walk(a)

    walk(node)
    return found


def bound_names(node: Node) -> set[str]:
    found: set[str] = set()

    def walk(n: Any) -> None:
        if isinstance(n, Node):
            if n.kind == "quant":
                found.add(n.name)
            for a in n.args:
                walk(a)

    walk(node)
    return found


# --- evaluation (the generator's and the mirror's semantics) ----------------------------------------


class _Skip(Exception):
    """A value the expression reads does not exist: the check does not apply."""


def tdiv(a: int, b: int) -> int:
    """Integer division rounding toward zero, as C++ does."""
    if b == 0:
        raise _Skip()
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def tmod(a: int, b: int) -> int:
    return a - b * tdiv(a, b)


_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "//": tdiv, "%": tmod,
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


class Values:
    """What an expression reads: tensors' dims and strides (None: unset) and fields (with `is_set`)."""

    def __init__(self, dims: Mapping[str, tuple[int, ...] | None], strides: Mapping[str, tuple[int, ...] | None],
                 fields: Mapping[str, Any], is_set: Callable[[str, Any], bool], enum_value: Callable[[str, Any], int],
                 props: Mapping[str, Mapping[str, Any]] | None = None):
        self._dims, self._strides, self._fields = dims, strides, fields
        self._is_set, self._enum = is_set, enum_value
        self._props = props or {}  # per tensor, what differs from a test tensor's defaults (TENSOR_DEFAULTS)

    def dtype(self, name: str) -> int:
        if self._dims.get(name) is None:
            raise _Skip()
        return DATA_TYPES[self._props.get(name, {}).get("dtype", DEFAULT_DATA_TYPE)]

    def pass_by_value(self, name: str) -> bool:
        if self._dims.get(name) is None:
            raise _Skip()
        return bool(self._props.get(name, {}).get("pass_by_value", False))

    def present(self, name: str) -> bool:
        return self._dims.get(name) is not None

    def dims(self, name: str) -> tuple[int, ...]:
        d = self._dims.get(name)
        if not d:
            raise _Skip()
        return tuple(d)

    def ndims(self, name: str) -> int:
        d = self._dims.get(name)
        if d is None:
            raise _Skip()
        return len(d)

    def nstrides(self, name: str) -> int:
        if self._dims.get(name) is None:
            raise _Skip()
        return len(self._strides.get(name) or ())

    def channel_shape(self, name: str) -> tuple[int, ...]:
        d = self.dims(name)
        if len(d) < 2:
            raise _Skip()
        return (1, d[1]) + (1,) * (len(d) - 2)

    def strides(self, name: str) -> tuple[int, ...]:
        self.dims(name)
        s = self._strides.get(name)
        if not s:
            raise _Skip()
        return tuple(s)

    def is_set(self, name: str) -> bool:
        return self._is_set(name, self._fields.get(name))

    def field(self, name: str) -> Any:
        value = self._fields.get(name)
        if not self._is_set(name, value) or value is None:
            raise _Skip()
        return value

    def enum(self, name: str) -> int:
        return self._enum(name, self.field(name))


def at(d: tuple[int, ...], i: int) -> int:
    if not -len(d) <= i < len(d):
        raise _Skip()
    return d[i]


def cut(d: tuple[int, ...], start: int | None, stop: int | None) -> tuple[int, ...]:
    n = len(d)
    a = 0 if start is None else (start + n if start < 0 else start)
    b = n if stop is None else (stop + n if stop < 0 else stop)
    if not 0 <= a <= b <= n:
        raise _Skip()
    return d[a:b]


def put(d: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    at(d, i)
    out = list(d)
    out[i] = v
    return tuple(out)


def every(values: Any, body: Callable[[int], bool], want: bool) -> bool:
    """all (want=True) / any (want=False) over the indices; an index whose body reads a missing
    value is left out."""
    for i in values:
        try:
            if body(i) != want:
                return not want
        except _Skip:
            continue
    return want


def holds(fn: Callable[[Values], bool], values: Values) -> bool | None:
    """The condition's value, or None when it reads a value that does not exist."""
    try:
        return bool(fn(values))
    except _Skip:
        return None


def value_of(fn: Callable[[Values], Any], values: Values) -> Any:
    """The expression's value, or None when it reads a value that does not exist."""
    try:
        return fn(values)
    except _Skip:
        return None


def python(node: Node, v: str = "v") -> str:
    """The expression as Python source over a Values object named `v` (and the helpers at, cut, put,
    every, tdiv, tmod in scope)."""
    k = node.kind
    if k in ("int", "float"):
        return repr(node.value)
    if k == "bool":
        return "True" if node.value else "False"
    if k == "enum":
        return str(node.number)
    if k == "name":
        if node.type.startswith("enum:"):
            return f"{v}.enum({node.value!r})"
        if node.type == "dims":
            return f"tuple({v}.field({node.value!r}))"
        return f"{v}.field({node.value!r})"
    if k == "var":
        return f"q_{node.value}"
    if k == "prop":
        t = node.args[0].value
        if node.value == "rank":
            return f"len({v}.dims({t!r}))"
        return f"{v}.{node.value}({t!r})"  # dims, strides, dtype, pass_by_value
    if k == "call":
        a = node.args[0]
        if node.value == "present":
            return f"{v}.present({a.value!r})"
        if node.value == "set":
            return f"{v}.is_set({a.value!r})"
        if node.value == "rank":
            return f"len({v}.dims({a.value!r}))"
        if node.value in ("ndims", "nstrides", "channel_shape"):
            return f"{v}.{node.value}({a.value!r})"
        return f"len({python(a, v)})"
    if k == "index":
        return f"at({python(node.args[0], v)}, {python(node.args[1], v)})"
    if k == "slice":
        parts = ["None" if p is None else python(p, v) for p in node.args[1:]]
        return f"cut({python(node.args[0], v)}, {parts[0]}, {parts[1]})"
    if k == "unary":
        return f"(not {python(node.args[0], v)})" if node.value == "not" else f"(-{python(node.args[0], v)})"
    if k == "binary":
        a, b = python(node.args[0], v), python(node.args[1], v)
        if node.value == "//":
            return f"tdiv({a}, {b})"
        if node.value == "%":
            return f"tmod({a}, {b})"
        op = {"and": "&", "or": "|"}.get(node.value, node.value)  # both sides always read, as in C++
        return f"({a} {op} {b})"
    if k == "quant":
        start, stop, body, *excepted = node.args
        skip = "".join(f", {python(e, v)}" for e in excepted)
        stop_text = python(stop, v)
        rng = f"range({python(start, v)}, {stop_text})"
        if excepted:
            rng = f"(i for i in {rng} if i not in _norm({stop_text}{skip}))"
        return f"every({rng}, lambda q_{node.name}: {python(body, v)}, {node.value == 'all'})"
    if k == "with":
        return f"put({python(node.args[0], v)}, {python(node.args[1], v)}, {python(node.args[2], v)})"
    raise AssertionError(k)


def norm(stop: int, *excepted: int) -> tuple[int, ...]:
    """The excepted indices, a negative one counted back from the range's stop."""
    return tuple(e + stop if e < 0 else e for e in excepted)


def resolve_vars(node: Node, bound: frozenset[str] = frozenset()) -> Node:
    """Mark quantifier variables (kind 'var') so the emitters tell them from fields."""
    from dataclasses import replace

    if node.kind == "name" and node.value in bound:
        return replace(node, kind="var")
    if node.kind == "quant":
        start, stop, body, *excepted = node.args
        inner = bound | {node.name}
        return replace(node, args=(resolve_vars(start, bound), resolve_vars(stop, bound), resolve_vars(body, inner),
                                   *(resolve_vars(e, bound) for e in excepted)))
    return replace(node, args=tuple(resolve_vars(a, bound) if isinstance(a, Node) else a for a in node.args))


HELPERS: dict[str, Any] = {"at": at, "cut": cut, "put": put, "every": every, "tdiv": tdiv, "tmod": tmod, "_norm": norm}


def evaluator(node: Node) -> Callable[[Values], Any]:
    """A function computing the expression (raises the internal skip when a value is missing; use
    `holds`). Built from the same Python text the mirror ships."""
    return evaluator_source(python(node))


def evaluator_source(text: str) -> Callable[[Values], Any]:
    """`lambda v: TEXT` compiled; TEXT comes from `python()` of a checked tree, never from a spec directly."""
    return eval(compile(f"lambda v: {text}", "<expr>", "eval"), dict(HELPERS))  # noqa: S307


# --- C++ ----------------------------------------------------------------------------------------


@dataclass
class CppContext:
    """How the C++ emitter reads the op: tensor name -> pointer expression; field name -> (value
    expression, is-set expression or "" when always set, type word)."""

    tensors: Mapping[str, str]
    fields: Mapping[str, tuple[str, str, str]]
    enums: Mapping[str, str] = field(default_factory=dict)  # "Enum.VALUE" -> the C++ enumerator
    presence: str = "({} != nullptr)"  # present(t) of a tensor's read: a pointer set, or an optional UID's has_value()
    # when set, a quantifier outside any other becomes a named lambda (its name, its body's lines) the
    # caller defines before the condition, which calls it by name: `hoist_name` and a count after the first
    hoisted: list[tuple[str, list[str]]] | None = None
    hoist_name: str = "holds"
    nested: int = 0  # quantifiers open around the expression being compiled

def cpp(node: Node, ctx: CppContext) -> tuple[list[str], str]:
    """(guards, value): the value is meaningful when every guard (evaluated in order) is true."""
    guards: list[str] = []
    value = _cpp(node, ctx, guards)
    return guards, value


def _dims_of(t: str, ctx: CppContext, guards: list[str], strides: bool = False) -> str:
    ptr = ctx.tensors[t]
    g = f"{ptr} != nullptr && !{ptr}->get_dim().empty()"
    if g not in guards:
        guards.append(g)
    if strides:
        s = f"!{ptr}->get_stride().empty()"
        if s not in guards:
            guards.append(s)
        return f"{ptr}->get_stride()"
    return f"{ptr}->get_dim()"


def _guard(guards: list[str], g: str) -> None:
    if g not in guards:
        guards.append(g)


def _size(d: str) -> str:
    return f"static_cast<int64_t>(({d}).size())"


def _cpp(node: Node, ctx: CppContext, guards: list[str]) -> str:
    k = node.kind
    if k == "int":
        v = int(node.value)
        return f"int64_t{{{v}}}" if v >= 0 else f"(-int64_t{{{-v}}})"  # no narrowing, no unsigned mix
    if k == "float":
        return repr(float(node.value))
    if k == "bool":
        return "true" if node.value else "false"
    if k == "enum":
        return ctx.enums[node.value]
    if k == "var":
        return f"q_{node.value}"
    if k == "name":
        read, is_set, kind = ctx.fields[node.value]
        if is_set and is_set not in guards:
            guards.append(is_set)
        if kind.startswith("enum:"):
            return read
        if kind == "int":
            return f"static_cast<int64_t>({read})"
        if kind == "float":
            return f"static_cast<double>({read})"
        if kind == "dims":
            return f"std::vector<int64_t>(({read}).begin(), ({read}).end())"
        return f"static_cast<bool>({read})"
    if k == "prop":
        t = node.args[0].value
        if node.value == "rank":
            return _size(_dims_of(t, ctx, guards))
        if node.value in ("dtype", "pass_by_value"):  # hipDNN's TensorAttributes (id 59757782299)
            _guard(guards, f"{ctx.tensors[t]} != nullptr")
            return f"{ctx.tensors[t]}->get_{'data_type' if node.value == 'dtype' else 'pass_by_value'}()"
        return _dims_of(t, ctx, guards, node.value == "strides")
    if k == "call":
        a = node.args[0]
        if node.value == "present":
            return ctx.presence.format(ctx.tensors[a.value])
        if node.value == "set":
            is_set = ctx.fields[a.value][1]
            return f"({is_set})" if is_set else "true"
        if node.value == "rank":
            return _size(_dims_of(a.value, ctx, guards))
        if node.value in ("ndims", "nstrides"):
            _guard(guards, f"{ctx.tensors[a.value]} != nullptr")
            return _size(f"{ctx.tensors[a.value]}->get_{'dim' if node.value == 'ndims' else 'stride'}()")
        if node.value == "channel_shape":  # t's rank of 1s, t's channels at index 1
            d = _dims_of(a.value, ctx, guards)
            _guard(guards, f"{_size(d)} >= 2")
            return f"[&]() {{ std::vector<int64_t> r(({d}).size(), 1); r[1] = ({d})[1]; return r; }}()"
        return _size(_cpp(a, ctx, guards))
    if k == "index":
        d = _cpp(node.args[0], ctx, guards)
        c = _constant_int(node.args[1])
        if c is not None:  # a constant index: a plain bound and subscript
            _guard(guards, f"{_size(d)} > {c}" if c >= 0 else f"{_size(d)} >= {-c}")
            return f"{d}[{c}]" if c >= 0 else f"{d}[({d}).size() - {-c}]"
        i = _cpp(node.args[1], ctx, guards)
        _guard(guards, f"-{_size(d)} <= {i} && {i} < {_size(d)}")
        return f"({d})[static_cast<size_t>({i} < 0 ? {i} + {_size(d)} : {i})]"
    if k == "slice":
        d = _cpp(node.args[0], ctx, guards)
        n = _size(d)
        bounds = []
        for part, default in ((node.args[1], "0"), (node.args[2], n)):
            if part is None:
                bounds.append(default)
                continue
            c = _constant_int(part)
            assert c is not None
            bounds.append(f"({n} - {-c})" if c < 0 else str(c))
        a, b = bounds
        _guard(guards, f"0 <= {a} && {a} <= {b} && {b} <= {n}")
        return (f"std::vector<int64_t>(({d}).begin() + static_cast<std::ptrdiff_t>({a}), "
                f"({d}).begin() + static_cast<std::ptrdiff_t>({b}))")
    if k == "unary":
        a = _cpp(node.args[0], ctx, guards)
        return f"(!{a})" if node.value == "not" else f"(-{a})"
    if k == "binary":
        op = {"and": "&&", "or": "||"}.get(node.value, node.value)
        a, b = _cpp(node.args[0], ctx, guards), _cpp(node.args[1], ctx, guards)
        if op in ("//", "%"):
            _guard(guards, f"{b} != 0")
            return f"({a} {'/' if op == '//' else '%'} {b})"
        return f"({a} {op} {b})"
    if k == "quant":
        start, stop, body, *excepted = node.args
        s, e = _cpp(start, ctx, guards), _cpp(stop, ctx, guards)
        ex = [_cpp(x, ctx, guards) for x in excepted]
        var = f"q_{node.name}"
        if ctx.hoisted is not None and ctx.nested == 0:
            return _hoisted_quant(node, ctx, s, e, ex, var)
        inner: list[str] = []
        b = _cpp(body, ctx, inner)
        lines = [f"for(int64_t {var} = {s}; {var} < {e}; ++{var}) {{ "]
        for x in ex:
            lines.append(f"if({var} == ({x} < 0 ? {x} + {e} : {x})) {{ continue; }} ")
        if inner:
            lines.append(f"if(!({' && '.join(f'({g})' for g in inner)})) {{ continue; }} ")
        want = node.value == "all"
        lines.append(f"if({'!' if want else ''}{b}) {{ return {'false' if want else 'true'}; }} }} ")
        return f"[&]() {{ {''.join(lines)}return {'true' if want else 'false'}; }}()"
    if k == "with":
        d, i, new = (_cpp(a, ctx, guards) for a in node.args)
        _guard(guards, f"-{_size(d)} <= {i} && {i} < {_size(d)}")
        return (f"[&]() {{ std::vector<int64_t> r = {d}; r[static_cast<size_t>({i} < 0 ? {i} + {_size(d)} : {i})] = {new}; "
                f"return r; }}()")
    raise AssertionError(k)


def _hoisted_quant(node: Node, ctx: CppContext, start: str, stop: str, excepted: list[str], var: str) -> str:
    """A quantifier as a named lambda the caller defines (ctx.hoisted): a loop over the range, one
    statement a line, returning whether all (any) of the indices hold; the expression calls it."""
    assert ctx.hoisted is not None
    inner: list[str] = []
    ctx.nested += 1
    try:
        body = _cpp(node.args[2], ctx, inner)
    finally:
        ctx.nested -= 1
    want = node.value == "all"

    def skip(condition: str) -> list[str]:
        return [f"    if({condition})", "    {", "        continue;", "    }"]

    lines = [f"for(int64_t {var} = {start}; {var} < {stop}; ++{var})", "{"]
    for x in excepted:
        lines += skip(f"{var} == ({x} < 0 ? {x} + {stop} : {x})")
    if inner:
        lines += skip(f"!({' && '.join(f'({g})' for g in inner)})")
    lines += [f"    if({'!' if want else ''}{body})", "    {", f"        return {'false' if want else 'true'};", "    }", "}",
              f"return {'true' if want else 'false'};"]
    name = ctx.hoist_name + (str(len(ctx.hoisted) + 1) if ctx.hoisted else "")
    ctx.hoisted.append((name, lines))
    return f"{name}()"


# --- an op's declared checks ----------------------------------------------------------------------


@dataclass(frozen=True)
class Compiled:
    """A declared check with its expressions parsed and typed."""

    check: "Check"
    requires: Node
    when: Node | None


def scope_of(spec: "OpSpec") -> Scope:
    kinds = {"int64": "int", "int32": "int", "float": "float", "double": "float", "bool": "bool",
             "int64_vector": "dims", "int32_vector": "dims"}
    fields: dict[str, str] = {}
    enums: dict[str, dict[str, int]] = {}
    for f in spec.fields:
        if f.enum is not None:
            fields[f.name] = f"enum:{f.enum.name}"
            enums[f.enum.name] = {v.name: v.value for v in f.enum.values}
        else:
            fields[f.name] = kinds.get(f.type.name, "other")
    enums.setdefault(DATA_TYPE, dict(DATA_TYPES))  # a field of hipDNN's DataType brings its own names
    return Scope(tuple(t.name for t in spec.tensors), fields, enums)


def loc_in(value_loc: Loc, text: str, offset: int) -> Loc:
    """Where offset `offset` of an expression sits in the file, given where its YAML scalar starts
    and ends: exact for a one-line plain or quoted scalar, the scalar's start otherwise."""
    if value_loc.end_line == value_loc.line and value_loc.end_col is not None:
        width = value_loc.end_col - value_loc.col
        if width == len(text):
            return Loc(value_loc.path, value_loc.line, value_loc.col + offset)
        if width == len(text) + 2:
            return Loc(value_loc.path, value_loc.line, value_loc.col + 1 + offset)
    return Loc(value_loc.path, value_loc.line, value_loc.col)


def compile_spec_check(spec: "OpSpec", check: "Check") -> tuple[Compiled | None, list[tuple[str, Loc, ExprError]]]:
    """The check compiled, or the problems (key, location, error) of its expressions."""
    scope = scope_of(spec)
    problems: list[tuple[str, Loc, ExprError]] = []
    nodes: dict[str, Node] = {}
    for key in ("when", "requires"):
        text = getattr(check, key)
        if text is None:
            continue
        try:
            nodes[key] = compile_check(text, scope)
        except ExprError as e:
            problems.append((key, loc_in(check.span.at(key), text, min(e.offset, len(text))), e))
    if problems:
        return None, problems
    return Compiled(check, nodes["requires"], nodes.get("when")), []


_CACHE: dict[tuple[str, str, Any], tuple[Compiled, ...] | None] = {}


@by_identity
def compiled_checks(spec: "OpSpec") -> tuple[Compiled, ...] | None:
    """Every declared check of the op compiled, or None when any of them has a problem."""
    key = (spec.path, spec.content, spec.checks)
    if key not in _CACHE:
        out = []
        for c in spec.checks:
            done, problems = compile_spec_check(spec, c)
            if done is None:
                _CACHE[key] = None
                return None
            out.append(done)
        _CACHE[key] = tuple(out)
    return _CACHE[key]


@dataclass(frozen=True)
class CompiledFormula:
    """An inference formula with its expressions parsed and typed."""

    formula: "Formula"
    dims: Node
    when: Node | None


def compile_spec_formula(spec: "OpSpec", formula: "Formula") -> tuple[CompiledFormula | None, list[tuple[str, Loc, ExprError]]]:
    scope = scope_of(spec)
    problems: list[tuple[str, Loc, ExprError]] = []
    nodes: dict[str, Node] = {}
    for key, want in (("when", "bool"), ("dims", "dims")):
        text = getattr(formula, key)
        if text is None:
            continue
        try:
            nodes[key] = compile_check(text, scope, want)
        except ExprError as e:
            problems.append((key, loc_in(formula.span.at(key), text, min(e.offset, len(text))), e))
    axis = formula.axis_field
    if axis is not None and scope.fields.get(axis) != "int":
        close = _close(axis, [n for n, t in scope.fields.items() if t == "int"])
        offset = formula.strides.index(axis, len("packed_axis("))
        problems.append(("strides", loc_in(formula.span.at("strides"), formula.strides, offset),
                         ExprError(UNKNOWN, offset, f"'{axis}' is not an integer field of this op", f"did you mean '{close}'?" if close else None)))
    order_of = formula.order_of
    if order_of is not None and order_of not in scope.tensors:
        close = _close(order_of, list(scope.tensors))
        offset = formula.strides.index("(") + 1
        problems.append(("strides", loc_in(formula.span.at("strides"), formula.strides, offset),
                         ExprError(UNKNOWN, offset, f"'{order_of}' is not a tensor of this op", f"did you mean '{close}'?" if close else None)))
    if problems:
        return None, problems
    return CompiledFormula(formula, nodes["dims"], nodes.get("when")), []


_FORMULAS: dict[tuple[str, str, Any], tuple[CompiledFormula, ...] | None] = {}


def compiled_formulas(spec: "OpSpec") -> tuple[CompiledFormula, ...] | None:
    """Every inference formula of the op compiled (those naming an unknown tensor left out), or None
    when an expression has a problem."""
    key = (spec.path, spec.content, spec.formulas)
    if key not in _FORMULAS:
        out = []
        for f in spec.formulas:
            done, problems = compile_spec_formula(spec, f)
            if done is None:
                _FORMULAS[key] = None
                return None
            out.append(done)
        _FORMULAS[key] = tuple(out)
    return _FORMULAS[key]
