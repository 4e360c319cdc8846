"""The schema and the model agree on every closed vocabulary; the schema is valid Draft 2020-12."""

from __future__ import annotations

import jsonschema

from codegen.spec import model
from codegen.spec.schema_check import load_schema


def _walk(node):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def test_schemas_are_valid_draft_2020_12():
    for name in ("op_spec.schema.json", "registry.schema.json"):
        schema = load_schema(name)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        jsonschema.Draft202012Validator.check_schema(schema)


def test_every_object_forbids_additional_properties():
    for name in ("op_spec.schema.json", "registry.schema.json"):
        for node in _walk(load_schema(name)):
            if node.get("type") == "object" and "properties" in node:
                assert node.get("additionalProperties") is False, node.get("properties").keys()


def test_rule_vocabulary_matches_model():
    rule = load_schema("op_spec.schema.json")["$defs"]["rule"]
    # field_range and conforms are node rules with their own model types (FieldRange, Conforms)
    assert set(rule["properties"]) == set(model.RULE_KINDS) | {"field_range", "conforms"}
    assert model.KEEPS == tuple(rule["properties"]["conforms"]["properties"]["keeps"]["enum"])


def test_field_types_match_model():
    field = load_schema("op_spec.schema.json")["$defs"]["field"]
    assert field["properties"]["type"]["enum"] == list(model.FIELD_TYPES)


def test_tensor_roles_match_model():
    tensor = load_schema("op_spec.schema.json")["$defs"]["tensor"]
    assert tuple(tensor["properties"]["role"]["enum"]) == model.ROLES
