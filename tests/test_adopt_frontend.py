"""codegen/hipdnn/adopt_frontend.py: the Attributes class's setters read from their bodies (the
round trip of sdpa_bwd's `fields` and `frontend` in tests/test_adopt.py uses the fixture's class;
these cases pin what is read and what is not). The classes below are synthetic."""

from __future__ import annotations

from codegen.hipdnn import adopt_frontend

CLASS = """
class FooAttributes : public Attributes<FooAttributes>
{
public:
    bool flag = false;
    std::optional<int64_t> bound;
    int64_t count = 0;
    int64_t other = kDefault;

    // a field setter named otherwise than set_<field>
    FooAttributes& set_band(int64_t value)
    {
        bound = value;
        return *this;
    }
    // more than an assignment: no field setter
    FooAttributes& set_flag(bool value)
    {
        flag = value;
        log("flag");
        return *this;
    }
    FooAttributes& set_window(int value)
    {
        return set_band(value);
    }
    FooAttributes& set_pair(std::shared_ptr<TensorAttributes> a, std::shared_ptr<TensorAttributes> b)
    {
        setInput(InputNames::A, std::move(a));
        return set_b(std::move(b));
    }
    FooAttributes& set_mixed(int64_t n, const std::shared_ptr<TensorAttributes>& a)
    {
        count = n;
        return set_a(a);
    }
    FooAttributes& set_mixed(int64_t n, std::shared_ptr<TensorAttributes>&& a)
    {
        count = n;
        return set_a(std::move(a));
    }
    FooAttributes& set_strict(bool value)
    {
        if(value)
        {
            return recordUnsupported("strict mode is unsupported");
        }
        return *this;
    }
    FooAttributes& set_hook(Hook value)
    {
        return recordUnsupported("an unknown parameter type is not read");
    }
};
"""


def _read():  # type: ignore[no-untyped-def]
    return adopt_frontend.read(CLASS, "FooAttributes", {"A": "a", "B": "b"}, ["flag", "bound", "count", "other"], {"get_count"})


def test_field_setters_and_members():
    access = _read().field_access
    assert access["bound"] == {"member": "bound", "setter": "set_band"}
    assert access["flag"] == {"member": "flag"}  # set_flag does more than assign: not read as its setter
    assert "count" not in access  # a getter of its own: accessors, not a public member


def test_multi_value_setters_forwards_and_unsupported():
    compat = _read()
    assert compat.setters == [{"name": "set_pair", "args": ["a", "b"], "pass": True}, {"name": "set_mixed", "args": ["count", "a"]}]
    assert compat.forwards == [{"name": "set_window", "takes": "int", "to": "bound"}]
    assert compat.unsupported == [{"name": "set_strict", "takes": "bool", "reason": "strict mode is unsupported", "when": True}]
    assert compat.frontend_lines() == [
        "  forwards:",
        "    - {name: set_window, takes: int, to: bound}",
        "  unsupported:",
        "    - {name: set_strict, takes: bool, when: true, reason: strict mode is unsupported}",
    ]


def test_member_initializers_as_defaults():
    assert adopt_frontend.literal("0", "int64") == 0 and adopt_frontend.literal("{-3}", "int32") == -3
    assert adopt_frontend.literal("false", "bool") is False and adopt_frontend.literal("2.5f", "float") == 2.5
    assert adopt_frontend.literal("kDefault", "int64") is None  # a name, not a literal: no default
    assert adopt_frontend.literal("1", "bool") is None


def test_a_class_the_text_lacks_gives_nothing():
    compat = adopt_frontend.read(CLASS, "BarAttributes", {}, ["flag"], set())
    assert compat.field_access == {} and compat.setters == [] and compat.unsupported == []
