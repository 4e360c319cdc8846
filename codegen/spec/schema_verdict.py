"""Whether a document holds under one of the tool's JSON schemas, decided without jsonschema.

A spec changed since the last run has to be validated, and importing jsonschema (with referencing,
attrs and its bundled meta-schemas) costs a new process more than loading the spec itself. Most
edits leave a spec valid, so `holds` answers the yes/no question for the keywords the tool's own
schemas use, with jsonschema's Draft 2020-12 meaning for each. It only ever answers yes or no:
the findings of a document that does not hold still come from jsonschema (schema_check), so they
read exactly as before. A keyword, a `$ref` or a value of a type it does not know raises
`Unknown`, and the caller asks jsonschema instead (tests/test_schema_verdict.py compares the two
on every spec the suite holds and on many edits of them)."""

from __future__ import annotations

import re
from typing import Any, Callable


class Unknown(Exception):
    """The schema or the document holds something this module does not decide."""


_IGNORED = frozenset({"$schema", "$id", "title", "description", "default", "examples", "$comment"})

_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    # Draft 2020-12 (as from draft 6): a float with no fraction is an integer too
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool) or isinstance(v, float) and v.is_integer(),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
}

_SCALARS = (str, bool, int, float, type(None))


def _same(one: Any, two: Any) -> bool:
    """JSON equality as jsonschema's enum and const read it: true and 1 differ, 1 and 1.0 do not."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, list) and isinstance(two, list):
        return len(one) == len(two) and all(_same(a, b) for a, b in zip(one, two))
    if isinstance(one, dict) and isinstance(two, dict):
        return len(one) == len(two) and all(key in two and _same(value, two[key]) for key, value in one.items())
    if isinstance(one, bool) or isinstance(two, bool):
        return type(one) is type(two) and one == two
    return bool(one == two)


def _known(instance: Any) -> None:
    """Only the values a YAML document gives as JSON (float NaN and infinities aside)."""
    if isinstance(instance, float) and (instance != instance or instance in (float("inf"), float("-inf"))):
        raise Unknown("a float that is no JSON number")
    if not isinstance(instance, (*_SCALARS, list, dict)):
        raise Unknown(f"a {type(instance).__name__} value")


def holds(schema: Any, instance: Any) -> bool:
    """Whether `instance` is valid under `schema` (a `$ref`-free schema, as schema_check.inline_refs
    makes it). Raises Unknown where this module does not decide."""
    if schema is True:
        return True
    if schema is False:
        return False
    if not isinstance(schema, dict):
        raise Unknown("a schema that is neither a mapping nor a boolean")
    _known(instance)
    for keyword, value in schema.items():
        if keyword in _IGNORED:
            continue
        check = _KEYWORDS.get(keyword)
        if check is None:
            raise Unknown(f"the keyword {keyword}")
        if not check(value, instance, schema):
            return False
    return True


def _type(value: Any, instance: Any, schema: dict[str, Any]) -> bool:
    names = value if isinstance(value, list) else [value]
    if not all(isinstance(n, str) and n in _TYPES for n in names):
        raise Unknown(f"the type {value!r}")
    return any(_TYPES[n](instance) for n in names)


def _object(check: Callable[[Any, dict[Any, Any], dict[str, Any]], bool]) -> Callable[[Any, Any, dict[str, Any]], bool]:
    def keyword(value: Any, instance: Any, schema: dict[str, Any]) -> bool:
        if not isinstance(instance, dict):
            return True
        if not all(isinstance(key, str) for key in instance):
            raise Unknown("a mapping key that is not a string")
        return check(value, instance, schema)

    return keyword


def _array(check: Callable[[Any, list[Any], dict[str, Any]], bool]) -> Callable[[Any, Any, dict[str, Any]], bool]:
    return lambda value, instance, schema: not isinstance(instance, list) or check(value, instance, schema)


def _string(check: Callable[[Any, str], bool]) -> Callable[[Any, Any, dict[str, Any]], bool]:
    return lambda value, instance, schema: not isinstance(instance, str) or check(value, instance)


def _number(check: Callable[[Any, Any], bool]) -> Callable[[Any, Any, dict[str, Any]], bool]:
    return lambda value, instance, schema: not _TYPES["number"](instance) or check(value, instance)


def _additional(value: Any, instance: dict[Any, Any], schema: dict[str, Any]) -> bool:
    if "patternProperties" in schema:
        raise Unknown("the keyword patternProperties")
    known = schema.get("properties", {})
    return all(holds(value, item) for key, item in instance.items() if key not in known)


def _items(value: Any, instance: list[Any], schema: dict[str, Any]) -> bool:
    prefix = schema.get("prefixItems", [])
    if not isinstance(prefix, list):
        raise Unknown("prefixItems that is not a list")
    return all(holds(value, item) for item in instance[len(prefix) :])


def _unique(value: Any, instance: list[Any], schema: dict[str, Any]) -> bool:
    if value is not True:
        return True
    if not all(isinstance(item, str) for item in instance):
        raise Unknown("uniqueItems over values other than strings")
    return len(set(instance)) == len(instance)


def _if(value: Any, instance: Any, schema: dict[str, Any]) -> bool:
    if holds(value, instance):
        return holds(schema.get("then", True), instance)
    return holds(schema.get("else", True), instance)


def _one_of(value: Any, instance: Any, schema: dict[str, Any]) -> bool:
    return sum(1 for sub in value if holds(sub, instance)) == 1


def _pattern(value: str, instance: str) -> bool:
    return re.search(value, instance) is not None


_KEYWORDS: dict[str, Callable[[Any, Any, dict[str, Any]], bool]] = {
    "type": _type,
    "enum": lambda value, instance, schema: any(_same(choice, instance) for choice in value),
    "const": lambda value, instance, schema: _same(value, instance),
    "not": lambda value, instance, schema: not holds(value, instance),
    "allOf": lambda value, instance, schema: all(holds(sub, instance) for sub in value),
    "oneOf": _one_of,
    "if": _if,
    "then": lambda value, instance, schema: True,  # read by "if"; without an "if" it asks nothing
    "else": lambda value, instance, schema: True,
    "properties": _object(lambda value, instance, schema: all(holds(sub, instance[key]) for key, sub in value.items() if key in instance)),
    "required": _object(lambda value, instance, schema: all(key in instance for key in value)),
    "additionalProperties": _object(_additional),
    "propertyNames": _object(lambda value, instance, schema: all(holds(value, key) for key in instance)),
    "minProperties": _object(lambda value, instance, schema: len(instance) >= value),
    "maxProperties": _object(lambda value, instance, schema: len(instance) <= value),
    "prefixItems": _array(lambda value, instance, schema: all(holds(sub, item) for sub, item in zip(value, instance))),
    "items": _array(_items),
    "minItems": _array(lambda value, instance, schema: len(instance) >= value),
    "maxItems": _array(lambda value, instance, schema: len(instance) <= value),
    "uniqueItems": _array(_unique),
    "pattern": _string(_pattern),
    "minLength": _string(lambda value, instance: len(instance) >= value),
    "maxLength": _string(lambda value, instance: len(instance) <= value),
    "minimum": _number(lambda value, instance: instance >= value),
    "maximum": _number(lambda value, instance: instance <= value),
}
