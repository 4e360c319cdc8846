"""JSON Schema validation whose errors point at YAML lines and read as one sentence each."""

from __future__ import annotations

import difflib
import functools
import json
from importlib import resources
from typing import TYPE_CHECKING, Any, Iterator

from codegen.diagnostics import rules
from codegen.diagnostics.diagnostics import Diagnostic, Fix, Loc
from codegen.spec import schema_verdict
from codegen.spec.yaml_loader import Document, Path

if TYPE_CHECKING:
    import jsonschema
    from jsonschema.exceptions import ValidationError

_JSON_TYPES = {
    bool: "boolean",
    int: "integer",
    float: "number",
    str: "string",
    list: "list",
    dict: "mapping",
    type(None): "null",
}


@functools.cache
def load_schema(name: str) -> dict[str, Any]:
    text = resources.files("codegen.spec.schema").joinpath(name).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def inline_refs(node: Any, defs: dict[str, Any]) -> Any:
    """The schema with every local `$ref` replaced by its target (siblings win, being stricter).

    Our schemas are not recursive, so this terminates; validating against the inlined copy skips
    jsonschema's reference resolution, which dominates validation time."""
    if isinstance(node, list):
        return [inline_refs(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    result = {k: inline_refs(v, defs) for k, v in node.items() if k not in ("$ref", "$defs")}
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        target = inline_refs(defs[ref.removeprefix("#/$defs/")], defs)
        if "description" in target:  # messages quote the target's description of its pattern
            result.pop("description", None)
        result = {**target, **result}
    return result


@functools.cache
def _validator(name: str) -> jsonschema.Draft202012Validator:
    import jsonschema  # imported on first use: a run whose specs all come from the cache never needs it

    # the tool's own schema: tests/test_schema.py checks it against the meta-schema
    return jsonschema.Draft202012Validator(inlined(name))


def describe(path: Path) -> str:
    """`tensors[2].name` style rendering of a document path."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "the document"


def suggestion(word: str, choices: list[str]) -> str | None:
    """The choice closest to a misspelt word, if one is close enough."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(word: str, choices: list[str]) -> str:
    close = suggestion(word, choices)
    return f"; did you mean '{close}'?" if close else ""


def did_you_mean_fix(word: str, choices: list[str], exact: bool = True) -> Fix | None:
    """The fix behind did_you_mean's hint. `exact`: the finding's location spans the misspelt
    word itself, so the suggestion can replace it; otherwise the fix only describes the change."""
    close = suggestion(word, choices)
    if close is None:
        return None
    return Fix(f"replace '{word}' with '{close}'", replacement=close if exact else None)


def _type_name(value: Any) -> str:
    return _JSON_TYPES.get(type(value), type(value).__name__)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@functools.cache
def inlined(name: str) -> dict[str, Any]:
    """The schema `name` with its references inlined, as both validators read it."""
    schema = load_schema(name)
    inlined: dict[str, Any] = inline_refs(schema, schema.get("$defs", {}))
    return inlined


def validate(doc: Document, schema_name: str) -> list[Diagnostic]:
    """Every finding of the schema in `doc`. A document the schema accepts is told apart without
    jsonschema (schema_verdict: its import costs more than the check); the findings of one it
    rejects, or one that module cannot decide, come from jsonschema."""
    try:
        if schema_verdict.holds(inlined(schema_name), doc.data):
            return []
    except schema_verdict.Unknown:
        pass
    errors = _validator(schema_name).iter_errors(doc.data)
    return [diag for error in errors for diag in _translate(doc, error)]


def rejected(doc: Document, schema_name: str) -> list[tuple[Path, bool]]:
    """Where the schema rejects the document: the path of each offending value, and whether what
    it rejects is a key's name (unknown, forbidden or badly spelt: the path is the key's).
    Empty when the document holds."""
    found: list[tuple[Path, bool]] = []
    for error in _validator(schema_name).iter_errors(doc.data):
        path: Path = tuple(error.absolute_path)
        schema = error.schema if isinstance(error.schema, dict) else {}
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            found += [(path + (key,), True) for key in error.instance if key not in schema.get("properties", {})]
        elif error.validator == "not" and isinstance(error.validator_value, dict) and error.validator_value.get("required"):
            found.append((path + (error.validator_value["required"][0],), True))
        elif error.validator == "pattern" and "propertyNames" in error.schema_path:
            found.append((path + (error.instance,), True))
        else:
            found.append((path, False))
    return found


def without(doc: Document, cut: set[Path]) -> Document:
    """The document without the values at the paths in `cut` (later list items close up); every
    value left keeps its location, so findings about it point where they did."""
    moved: dict[Path, Path] = {}

    def copy(node: Any, old: Path, new: Path) -> Any:
        moved[old] = new
        if isinstance(node, dict):
            return {k: copy(v, old + (k,), new + (k,)) for k, v in node.items() if old + (k,) not in cut}
        if isinstance(node, list):
            kept: list[Any] = []
            for i, v in enumerate(node):
                if old + (i,) not in cut:
                    kept.append(copy(v, old + (i,), new + (len(kept),)))
            return kept
        return node

    data = copy(doc.data, (), ())
    values = {moved[p]: loc for p, loc in doc.values.items() if p in moved}
    keys = {moved[p]: loc for p, loc in doc.keys.items() if p in moved}
    return Document(doc.path, data, values, keys)


def _translate(doc: Document, error: ValidationError) -> Iterator[Diagnostic]:
    path: Path = tuple(error.absolute_path)
    where = describe(path)
    loc = doc.loc(path)
    kind = error.validator
    value = error.instance
    schema = error.schema if isinstance(error.schema, dict) else {}
    if kind == "additionalProperties" and isinstance(value, dict):
        allowed = sorted(schema.get("properties", {}))
        for key in sorted(k for k in value if k not in allowed):
            hint = did_you_mean(key, allowed) or (
                f"; allowed keys: {', '.join(allowed)}" if allowed else ""
            )
            yield rules.SCHEMA_UNKNOWN_KEY(
                doc.key_loc(path + (key,)), f"unknown key '{key}' in {where}{hint}", fix=did_you_mean_fix(key, allowed)
            )
    elif kind == "required" and isinstance(value, dict):
        for key in error.validator_value:
            if key not in value:
                yield rules.SCHEMA_MISSING_KEY(loc, f"{where} is missing required key '{key}'")
    elif kind == "type":
        expected = error.validator_value
        expected = " or ".join(expected) if isinstance(expected, list) else expected
        expected = expected.replace("object", "mapping").replace("array", "list")
        yield rules.SCHEMA_TYPE(
            loc, f"{where} must be a {expected}, not a {_type_name(value)} ({_short(value)})"
        )
    elif kind in ("enum", "const"):
        choices = error.validator_value if kind == "enum" else [error.validator_value]
        words = [str(c) for c in choices]
        hint = did_you_mean(str(value), words) if isinstance(value, str) else ""
        fix = did_you_mean_fix(value, words) if isinstance(value, str) else None
        yield rules.SCHEMA_ENUM(
            loc, f"{where} is {_short(value)}; expected one of: {', '.join(words)}{hint}", fix=fix
        )
    elif kind == "pattern" and "propertyNames" in error.schema_path:
        what = schema.get("description", f"a name matching {error.validator_value}")
        yield rules.SCHEMA_PATTERN(
            doc.key_loc(path + (value,)), f"key {_short(value)} in {where} is not {what}"
        )
    elif kind == "pattern":
        what = schema.get("description", f"a string matching {error.validator_value}")
        yield rules.SCHEMA_PATTERN(loc, f"{where} is {_short(value)}, which is not {what}")
    elif kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        yield rules.SCHEMA_RANGE(
            loc, f"{where} is {_short(value)}; it must lie in [{low}, {high}]"
        )
    elif kind in ("minItems", "maxItems", "minProperties", "maxProperties", "minLength", "maxLength"):
        yield rules.SCHEMA_LENGTH(loc, _length_message(where, kind, error.validator_value, value, schema))
    elif kind == "uniqueItems" and isinstance(value, list):
        repeated = next((_short(v) for i, v in enumerate(value) if v in value[:i]), "an entry")
        yield rules.SCHEMA_LENGTH(loc, f"{where} lists {repeated} more than once")
    elif kind == "items" and error.validator_value is False:
        yield rules.SCHEMA_LENGTH(loc, f"{where} has too many items")
    elif kind == "not":
        forbidden = error.validator_value.get("required", [])
        key = forbidden[0] if forbidden else "?"
        yield rules.SCHEMA_FORBIDDEN_KEY(
            doc.key_loc(path + (key,)), f"'{key}' is not allowed in {where} here"
        )
    elif kind == "oneOf":
        yield from _one_of(doc, error, where, loc)
    elif kind in ("false", None):  # a `false` subschema (jsonschema reports no keyword for it)
        yield rules.SCHEMA_FORBIDDEN_KEY(loc, f"{where} is not allowed here")
    else:
        raise AssertionError(f"schema keyword '{kind}' has no diagnostic mapping")


def _one_of(doc: Document, error: ValidationError, where: str, loc: Loc) -> Iterator[Diagnostic]:
    """A value no form of a `oneOf` takes: the findings of the form it comes closest to, the one
    with the fewest failures on the value itself (its keys, not what they hold), the first on a tie;
    a value two forms take is one finding."""
    forms: list[list[ValidationError]] = [[] for _ in error.validator_value]
    for sub in error.context or ():
        forms[int(sub.schema_path[0])].append(sub)
    if not all(forms):
        yield rules.SCHEMA_FORBIDDEN_KEY(loc, f"{where} matches more than one of its forms")
        return
    own = [sum(1 for sub in form if not sub.relative_path) for form in forms]
    closest = min(range(len(forms)), key=lambda i: (own[i], len(forms[i]), i))
    for sub in forms[closest]:
        yield from _translate(doc, sub)


def _length_message(where: str, kind: str, limit: int, value: Any, schema: dict[str, Any]) -> str:
    if kind in ("minProperties", "maxProperties") and schema.get("minProperties") == schema.get(
        "maxProperties"
    ):
        choices = ", ".join(sorted(schema.get("properties", {})))
        return f"{where} must hold exactly one of: {choices}"
    noun = "characters" if kind.endswith("Length") else "entries"
    bound = "at least" if kind.startswith("min") else "at most"
    return f"{where} must have {bound} {limit} {noun}, not {len(value)}"
