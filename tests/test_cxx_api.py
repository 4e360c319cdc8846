"""The C++ API reader (codegen.hipdnn.cxx_api): what it reads from the fixture tree and the
repository's generated C++, its facts helpers, and its bounds on malformed and hostile input."""

from __future__ import annotations

import re

import pytest

from codegen.hipdnn import cxx_api
from conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "hipdnn_tree"
GENERATED = REPO / "generated"
LN_ATTRIBUTES = GENERATED / "layernorm_bwd/frontend/include/hipdnn_frontend/attributes/LayernormBackwardAttributes.hpp"
SDPA_ATTRIBUTES = GENERATED / "sdpa_bwd/frontend/include/hipdnn_frontend/attributes/SdpaBackwardAttributes.hpp"
TENSOR = "std::shared_ptr<TensorAttributes>"


# --- the model ------------------------------------------------------------------------------------
SOURCE = """
#pragma once
#define K_LIMIT 0x10
namespace outer::inner
{
class Widget : public Base<Widget>, private Other
{
    int hidden = 1;
public:
    Widget() = default;
    enum class Kind { A = 2, B, C = A, D = -0x3 };
    typedef Kind kind;
    using Map = std::unordered_map< Kind , int >;
    static constexpr int64_t LIMIT = 4;
    std::optional < int32_t > block_size;
    const char* label = "x";
    std::optional<int32_t> get_block_size() const { return block_size; }
    Widget & set_block_size(int32_t value) { block_size = value; return *this; }
    Widget& set_pair(const std::shared_ptr<T>& a, std::shared_ptr<T>&& b = nullptr);
    static Widget make(int n);
    template <typename U> U as() const;
    bool has_label() const;
    auto trailing() -> int;
    struct Nested { int n; };
protected:
    void guarded();
#ifdef EXTRA
public:
    void extra();
#endif
    void after_if();
};
inline Error createWidgetOperation(const Widget& w, int64_t* out) { return {}; }
constexpr int64_t K_UID = 42;
enum NodeType { FIRST = 1, SECOND };
using Gadget = Widget;
} // namespace outer::inner
TEST(WidgetSuite, Makes) { EXPECT_TRUE(true); }
TEST_F(WidgetFixture, Sets) {}
TEST_P(WidgetParam, Runs) {}
"""


@pytest.fixture(scope="module")
def api():
    return cxx_api.parse(SOURCE)


def test_namespaces_and_classes(api):
    assert api.namespaces == ("outer::inner",)
    assert [c.qualified for c in api.classes] == ["outer::inner::Widget", "outer::inner::Widget::Nested"]
    widget = api.cls("Widget")
    assert widget.kind == "class" and widget.bases == ("Base<Widget>", "Other")
    assert api.cls("outer::inner::Widget::Nested").kind == "struct"


def test_public_members_with_normalized_types_and_defaults(api):
    widget = api.cls("Widget")
    assert [(m.name, m.type, m.default, m.static) for m in widget.members] == [
        ("LIMIT", "int64_t", "4", True),
        ("block_size", "std::optional<int32_t>", None, False),
        ("label", "const char*", '"x"', False),
    ]


def test_public_methods_only_with_their_signatures(api):
    widget = api.cls("Widget")
    assert [m.signature for m in widget.methods] == [
        "Widget()",
        "std::optional<int32_t> get_block_size() const",
        "Widget& set_block_size(int32_t)",
        "Widget& set_pair(const std::shared_ptr<T>&, std::shared_ptr<T>&& = nullptr)",
        "static Widget make(int)",
        "U as() const",
        "bool has_label() const",
        "int trailing()",
        "void extra()",  # public: inside the #ifdef
        "void after_if()",  # the access set inside the #ifdef lasts past it
    ]
    assert widget.method("set_pair")[0].params[1] == cxx_api.Param("std::shared_ptr<T>&&", "b", "nullptr")


def test_enums_count_on_from_the_last_value(api):
    kind = api.cls("Widget").enum("Kind")
    assert kind.scoped and kind.values == {"A": 2, "B": 3, "C": 2, "D": -3}
    (node_type,) = api.enums
    assert not node_type.scoped and node_type.values == {"FIRST": 1, "SECOND": 2}


def test_aliases_functions_constants_defines_and_tests(api):
    assert [(a.name, a.target) for a in api.cls("Widget").aliases] == [("kind", "Kind"), ("Map", "std::unordered_map<Kind,int>")]
    assert [(a.name, a.target, a.scope) for a in api.aliases] == [("Gadget", "Widget", "outer::inner")]
    (function,) = api.functions
    assert function.signature == "Error createWidgetOperation(const Widget&, int64_t*)" and function.scope == "outer::inner"
    assert [(v.name, v.type, v.default) for v in api.variables] == [("K_UID", "int64_t", "42")]
    assert [(d.name, d.default) for d in api.defines] == [("K_LIMIT", "0x10")]
    assert [(t.macro, t.full_name, t.line) for t in api.tests] == [
        ("TEST", "WidgetSuite.Makes", 38),
        ("TEST_F", "WidgetFixture.Sets", 39),
        ("TEST_P", "WidgetParam.Runs", 40),
    ]
    assert api.problems == ()


def test_normalize_drops_comments_and_spaces_that_do_not_separate_words():
    assert cxx_api.normalize("const  std::shared_ptr< T /* why */ > &") == "const std::shared_ptr<T>&"
    assert cxx_api.normalize("unsigned long // tail\n int") == "unsigned long int"


# --- the repository's generated C++ and the fixture tree ------------------------------------------
def test_every_generated_test_source_yields_every_test_macro_line():
    sources = sorted(p for p in GENERATED.rglob("*.cpp") if p.name.startswith(("Test", "Integration")))
    assert len(sources) >= 20
    for path in sources:
        text = path.read_text()
        lines = [i + 1 for i, line in enumerate(text.splitlines()) if re.match(r"(TEST|TEST_F|TEST_P|TYPED_TEST)\(", line)]
        api = cxx_api.parse(text)
        assert [t.line for t in api.tests] == lines, path
        assert api.problems == (), path


def test_every_generated_header_and_source_parses_cleanly():
    files = sorted(p for p in GENERATED.rglob("*") if p.suffix in (".hpp", ".cpp") and "registry" not in p.parts)
    assert files
    for path in files:
        assert cxx_api.parse(path.read_bytes()).problems == (), path


def test_generated_layernorm_attributes():
    facts = cxx_api.attributes_class(LN_ATTRIBUTES.read_text(), "LayernormBackwardAttributes")
    assert facts.bases == ("Attributes<LayernormBackwardAttributes>",)
    assert [g.name for g in facts.getters][:3] == ["get_dy", "get_x", "get_scale"]
    assert facts.getter("get_normalized_dim_count") == cxx_api.Accessor("get_normalized_dim_count", "int64_t", False, facts.getter("get_normalized_dim_count").line)
    assert facts.setter_types("set_dy") == (f"{TENSOR}&&", f"const {TENSOR}&")
    assert facts.setter_types("set_saved_mean_and_inv_variance") == (f"const {TENSOR}&", f"{TENSOR}&&")
    assert [(m.name, m.type, m.default) for m in facts.members][2:] == [("normalized_dim_count", "int64_t", "0")]
    assert {e.name: e.values for e in facts.enums}["OutputNames"] == {"DX": 0, "DSCALE": 1, "DBIAS": 2}
    assert facts.alias == "Layernorm_backward_attributes" and not facts.presence


def test_generated_sdpa_attributes_optional_members():
    facts = cxx_api.attributes_class(SDPA_ATTRIBUTES.read_text(), "SdpaBackwardAttributes")
    members = {m.name: m.type for m in facts.members}
    assert members["dropout_probability"] == "std::optional<float>" and members["alibi_mask"] == "bool"
    assert facts.alias == "SDPA_backward_attributes"


def test_fixture_graph_methods_and_return_shapes():
    text = (FIXTURE / "frontend/include/hipdnn_frontend/Graph.hpp").read_text()
    method = cxx_api.graph_method(text, "layernorm_backward")
    assert [p.name for p in method.params] == ["dy", "x", "scale", "attributes"]
    assert method.params[-1].type == "LayernormBackwardAttributes"
    assert method.returns == cxx_api.ReturnShape("array", TENSOR, 3)
    assert cxx_api.graph_method(text, "tensor").returns.kind == "single"
    assert cxx_api.graph_method(text, "no_such_method") is None
    assert cxx_api.return_shape("std::shared_ptr<TensorAttributes>") == cxx_api.ReturnShape("single", TENSOR)


def test_fixture_node_types():
    values = cxx_api.node_types((FIXTURE / "frontend/include/hipdnn_frontend/node/NodeType.hpp").read_text())
    # NodeType.hpp, index id 62461044382
    assert values["BATCHNORM_INFERENCE"] == 5 and values["SDPA_BWD"] == 13 and values["RMS_NORM_BACKWARD"] == 19
    assert cxx_api.node_types("int x;") == {}


def test_generated_constants():
    path = GENERATED / "sdpa_bwd/test_sdk/include/hipdnn_test_sdk/constants/SdpaBwdConstants.hpp"
    found = cxx_api.constants(path.read_text())
    assert found["K_SDPA_BWD_TENSOR_Q_UID"].number == 90 and found["K_SDPA_BWD_TENSOR_Q_UID"].type == "int64_t"
    assert found["K_SDPA_BWD_TENSOR_Q_UID"].scope == "hipdnn_tests::constants"


def test_attributes_class_reads_a_presence_query_and_a_using_alias():
    # the shape of hipDNN's RMSNormBackwardAttributes (index id 55117798218): a private frontend-only
    # flag with get_/set_ accessors, a has_* setter of it, and a `using` alias after the class
    text = """
    namespace g {
    class NormAttributes : public Attributes<NormAttributes> {
    public:
        bool get_flag() const { return flag; }
        NormAttributes& set_flag(bool value) { flag = value; return *this; }
        NormAttributes& has_bias(bool value) { return set_flag(value); }
        std::optional<int32_t> get_block() const;
    private:
        bool flag = false;
    };
    using Norm_attributes = NormAttributes;
    }
    """
    facts = cxx_api.attributes_class(text, "NormAttributes")
    assert facts.has("has_bias") and not facts.has("has_flag")
    assert facts.getter("get_block").optional and not facts.getter("get_flag").optional
    assert facts.members == () and facts.alias == "Norm_attributes"
    assert cxx_api.attributes_class(text, "Missing") is None


# --- malformed and hostile input ------------------------------------------------------------------
@pytest.mark.parametrize(
    "source",
    [
        "",
        "class",
        "class A : {",
        "namespace { struct B { int f( ; }; }",
        "}}}} ))) >>> <<<",
        "\x00\xff" * 1000,
        "TEST(Only, One",
        "enum class E { A = , B };",
        "template <template <template <class> class> class> class X;",
        "int " + "*" * 10000 + "p;",
        "typedef struct { int a; } T;",
        "\ufeffnamespace n { int ü = 1; }",
    ],
)
def test_malformed_input_never_raises(source):
    api = cxx_api.parse(source)
    assert isinstance(api, cxx_api.Api) and len(api.problems) <= cxx_api.MAX_PROBLEMS
    cxx_api.attributes_class(source, "A")
    cxx_api.graph_method(source, "f")
    cxx_api.node_types(source)
    cxx_api.constants(source)


def test_unparsable_regions_are_problems_with_their_position():
    api = cxx_api.parse("namespace n {\nclass A {\npublic:\n    int f() { return ) ; }\n    int g() const;\n};\n}\n")
    assert [(p.line, p.message) for p in api.problems] == [(4, "C++ the reader cannot parse")]
    assert [m.name for m in api.cls("A").methods] == ["f", "g"]  # read past the region


@pytest.mark.parametrize("opener,closer", [("namespace a {", "}"), ("struct A {", "};"), ("#if X\n", "#endif\n"), ("template <class T> ", "")])
def test_deep_nesting_is_bounded_and_reported(opener, closer):
    depth = 5000
    api = cxx_api.parse(opener * depth + "int x;" + closer * depth)
    assert any(f"nested more than {cxx_api.MAX_NESTING} levels deep" in p.message for p in api.problems)
    assert len(api.classes) <= cxx_api.MAX_NESTING + 1


def test_a_file_over_the_size_limit_is_not_read():
    api = cxx_api.parse(b"int x;\n" * (cxx_api.MAX_BYTES // 7 + 1))
    assert api.problems == (cxx_api.Problem(1, 1, "the file is larger than 16 MiB; not read"),)
    assert api.variables == ()


def test_problems_are_capped():
    api = cxx_api.parse("int f() { ) }\n" * 200)
    assert len(api.problems) == cxx_api.MAX_PROBLEMS


def test_a_specialization_is_read_and_an_unnamed_namespace_is_internal():
    api = cxx_api.parse("namespace a { namespace { int helper(); } template <> inline auto to<b::C>(int x) -> int; }\nvoid a::Out::defined() {}\n")
    assert [(f.name, f.scope, cxx_api.internal(f.scope)) for f in api.functions] == [
        ("helper", "a::(anonymous)", True),
        ("to<b::C>", "a", False),
    ]  # an out-of-line definition (a::Out::defined) declares nothing
    assert api.namespaces == ("a",)


def test_class_internals_lists_defined_methods_in_file_order():
    """Every method defined in the class body, any access, in file order: its return type, its
    parameters, a sole `template <typename T>` parameter's name and whether more than `const` follows
    its parameters (what adopt_frontend reads the setters from)."""
    text = """
class Foo
{
public:
    template <typename T>
    Foo& set_hook(T&& fn) { hook = fn; return *this; }
    Foo& set_pair(const std::shared_ptr< TensorAttributes >& a, int64_t n) { count = n; return *this; }
    template <typename T, typename U>
    Foo& set_two(T t, U u) { return *this; }
    int64_t get_count() const { return count; }
private:
    Foo& reset() noexcept { count = 0; return *this; }
    int64_t count = 0;
};
"""
    internals = cxx_api.class_internals(text, "Foo")
    assert internals is not None
    found = [(m.name, m.return_type, m.template, m.plain) for m in internals.methods]
    assert found == [
        ("set_hook", "Foo&", "T", True),
        ("set_pair", "Foo&", None, True),
        ("set_two", "Foo&", None, True),
        ("get_count", "int64_t", None, True),
        ("reset", "Foo&", None, False),
    ]
    pair = internals.methods[1]
    assert [(p.type, p.name) for p in pair.params] == [("const std::shared_ptr<TensorAttributes>&", "a"), ("int64_t", "n")]
    assert pair.body == "{count=n;return*this;}"
    assert internals.defaults == {"count": "0"}


def test_doc_comments_of_a_class_its_members_and_methods():
    """Doxygen comments as hipDNN writes them (`/** @class ... @brief ... */` before the class,
    `///<` after a member, `/// @brief` before an accessor, a NOLINT line between): the @brief
    paragraph, else the first; a `@file` comment, plain `//` comments and a `///<` on another line
    document nothing. Synthetic text in hipDNN's comment form."""
    text = """
/**
 * @file Foo.hpp
 * @brief The file's brief, not the class's.
 */
namespace ns
{
/**
 * @class Foo
 * @brief What Foo configures.
 *
 * Details that are not the brief.
 * @code
 * Foo f;
 * @endcode
 */
class Foo
{
public:
    int64_t count = 0; ///< How many.
    int64_t other = 0; // a plain comment
    ///< not after a declaration on its line
    int64_t third = 0;
    /// Gets the count,
    /// over two lines.
    // NOLINTNEXTLINE(readability-identifier-naming)
    int64_t get_count() const { return count; }
    /** @brief Sets it. */
    Foo& set_count(int64_t value) { count = value; return *this; }
};
/// The bar.
template <typename T>
class Bar
{
};
}
"""
    foo = cxx_api.class_internals(text, "Foo")
    assert foo is not None and foo.doc == "What Foo configures."
    assert foo.docs == {"count": "How many.", "get_count": "Gets the count, over two lines.", "set_count": "Sets it."}
    bar = cxx_api.class_internals(text, "Bar")
    assert bar is not None and bar.doc == "The bar."
    assert cxx_api.class_internals("// plain\nclass Baz {};", "Baz").doc == ""  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("comments", "expected"),
    [
        (["/// ends */ a comment /* opens one"], "ends * / a comment / * opens one"),
        (['/// """ \x00\x07\x1b \u202e\u2066 bidi\r\n'], '""" bidi'),
        (["/** @class X\n * Text after the class line.\n */"], "Text after the class line."),
        (["/**/", "//// a banner", "// plain"], ""),
        (["/// " + "x" * 1000], "x" * (cxx_api.MAX_DOC - 3) + "..."),
        (["/// " + "word " * 100], " ".join(["word"] * 59) + "..."),
        (["/// yes: [1, 2] # {a: b}"], "yes: [1, 2] # {a: b}"),
    ],
)
def test_doc_text_is_one_bounded_line_without_markers_or_controls(comments, expected):
    """Free text from a checkout: markers, control and bidirectional characters go, comment
    delimiters are broken, whitespace collapses, length is bounded (on a word when there is one).
    YAML specials stay: the writers escape them for each target (codegen.plumbing.escape)."""
    out = cxx_api.doc_text(comments)
    assert out == expected
    assert len(out) <= cxx_api.MAX_DOC
