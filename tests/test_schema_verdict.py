"""codegen.spec.schema_verdict decides whether a document holds under the tool's schemas without
jsonschema; jsonschema stays the judge of every finding. These tests hold the two to the same
verdict on every spec and registry the suite ships and on seeded random edits of them, and show
that the findings of `validate` are jsonschema's, whichever of the two decided."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from conftest import REPO
from codegen.diagnostics.diagnostics import SpecError
from codegen.spec import schema_check, schema_verdict
from codegen.spec.yaml_loader import Document, load_file

SPEC, REGISTRY = "op_spec.schema.json", "registry.schema.json"


def _documents() -> list[tuple[str, Document]]:
    """Every spec and registry file of the repository and of the test cases, loaded as the tool
    loads them (the YAML loader's own types)."""
    found = []
    for path in sorted([*REPO.glob("op_specs/*.yaml"), *REPO.glob("tests/**/*.yaml")]):
        if path.name == "waivers.yaml":
            continue
        try:
            doc = load_file(str(path.relative_to(REPO)), path.read_bytes())
        except SpecError:
            continue
        found.append((REGISTRY if path.name == "registry.yaml" else SPEC, doc))
    return found


DOCUMENTS = _documents()


def _reference(schema_name: str, data: Any) -> bool:
    return bool(jsonschema.Draft202012Validator(schema_check.inlined(schema_name)).is_valid(data))


def test_the_suite_holds_both_kinds_of_verdict() -> None:
    """The corpus is what the comparisons below stand on: many specs and registries, valid and not."""
    verdicts = {(name, _reference(name, doc.data)) for name, doc in DOCUMENTS}
    assert {(SPEC, True), (SPEC, False), (REGISTRY, True)} <= verdicts
    assert len(DOCUMENTS) > 200


@pytest.mark.parametrize("name, doc", DOCUMENTS, ids=[doc.path for _, doc in DOCUMENTS])
def test_same_verdict_as_jsonschema(name: str, doc: Document) -> None:
    """Decided without raising Unknown (so a changed spec never needs jsonschema when it is valid),
    and the same answer as jsonschema's."""
    assert schema_verdict.holds(schema_check.inlined(name), doc.data) is _reference(name, doc.data)


VALUES: list[Any] = [0, -1, 7, 2**40, 1.5, 0.0, True, False, None, "", "x", "Bad Name", "a_b", "float32", [], ["a", "a"], ["a", "b"], [1, "a"], {}, {"name": "x"}, {"x": 1}]


def _paths(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [at]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, at + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, at + (i,))
    return found


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _edit(data: Any, rng: random.Random) -> Any:
    """`data` with one random change: a value replaced, an entry dropped, a key added, a list
    entry repeated, or a value moved to where another was."""
    data = copy.deepcopy(data)
    paths = _paths(data)
    path = rng.choice(paths)
    kind = rng.randrange(5)
    if not path:
        return rng.choice(VALUES) if kind == 0 else data
    parent, last = _at(data, path[:-1]), path[-1]
    if kind == 0:
        parent[last] = copy.deepcopy(rng.choice(VALUES))
    elif kind == 1:
        del parent[last]
    elif kind == 2 and isinstance(parent, dict):
        parent[rng.choice(["extra", "name", "id", "Name", "dtype"])] = copy.deepcopy(rng.choice(VALUES))
    elif kind == 3 and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    else:
        parent[last] = copy.deepcopy(_at(data, rng.choice(paths)))
    return data


def test_same_verdict_on_random_edits() -> None:
    """Seeded edits of every document: where schema_verdict decides, it agrees with jsonschema;
    it decides most of them, and both verdicts occur."""
    rng = random.Random(39)
    decided, seen = 0, set()
    tried = 0
    for name, doc in DOCUMENTS:
        for _ in range(4):
            data = _edit(doc.data, rng)
            tried += 1
            try:
                ours = schema_verdict.holds(schema_check.inlined(name), data)
            except schema_verdict.Unknown:
                continue
            assert ours is _reference(name, data), (doc.path, data)
            decided += 1
            seen.add(ours)
    assert seen == {True, False}
    assert decided > tried * 3 // 4


@pytest.mark.parametrize(
    "schema, value",
    [
        ({"type": "integer"}, float("nan")),
        ({"type": "string"}, b"bytes"),
        ({"properties": {}}, {1: "a"}),
        ({"uniqueItems": True}, [1, 2]),
        ({"patternProperties": {}}, {}),
        ({"$ref": "#/$defs/x"}, 1),
        ({"type": "decimal"}, 1),
    ],
)
def test_what_it_does_not_decide_is_left_to_jsonschema(schema: dict[str, Any], value: Any) -> None:
    with pytest.raises(schema_verdict.Unknown):
        schema_verdict.holds(schema, value)


@pytest.mark.parametrize(
    "schema, value, expected",
    [
        ({"enum": [1]}, True, False),  # true is not 1 in JSON
        ({"const": 1}, 1.0, True),
        ({"type": "integer"}, True, False),
        ({"type": "integer"}, 1.0, True),  # Draft 2020-12: a float without a fraction is an integer
        ({"type": "integer"}, 1.5, False),
        ({"type": "number"}, 1, True),
        ({"prefixItems": [{"type": "string"}], "items": False}, ["a"], True),
        ({"prefixItems": [{"type": "string"}], "items": False}, ["a", "b"], False),
        ({"if": {"required": ["a"]}, "then": {"required": ["b"]}}, {"a": 1}, False),
        ({"if": {"required": ["a"]}, "else": {"required": ["b"]}}, {"a": 1}, True),
        ({"then": False}, 1, True),  # no "if": "then" asks nothing
        ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, 1, False),
        ({"not": {"required": ["a"]}}, {"a": 1}, False),
        ({"propertyNames": {"pattern": "^[a-z]+$"}}, {"Ab": 1}, False),
        ({"additionalProperties": False, "properties": {"a": True}}, {"a": 1}, True),
    ],
)
def test_keyword_meanings(schema: dict[str, Any], value: Any, expected: bool) -> None:
    assert schema_verdict.holds(schema, value) is expected
    assert jsonschema.Draft202012Validator(schema).is_valid(value) is expected


def test_findings_are_jsonschemas(monkeypatch: pytest.MonkeyPatch) -> None:
    """validate() returns no finding where the verdict holds, and for a rejected spec exactly the
    findings it gave when jsonschema decided alone."""
    rejected = [doc for name, doc in DOCUMENTS if name == SPEC and not _reference(SPEC, doc.data)]
    accepted = [doc for name, doc in DOCUMENTS if name == SPEC and _reference(SPEC, doc.data)]
    fast = [schema_check.validate(doc, SPEC) for doc in rejected + accepted]

    def undecided(schema: Any, instance: Any) -> bool:
        raise schema_verdict.Unknown("forced")

    monkeypatch.setattr(schema_verdict, "holds", undecided)
    alone = [schema_check.validate(doc, SPEC) for doc in rejected + accepted]
    assert fast == alone
    assert all(fast[: len(rejected)]) and not any(fast[len(rejected) :])
