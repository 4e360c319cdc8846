"""Schema family: the op's FlatBuffers schema and its JSON utility, both derived from the spec
(codegen/fbsview.py decides the table layout; the templates only write it out)."""

from __future__ import annotations

from codegen.families import Family
from codegen.views.naming import OpNames


def _outputs(names: OpNames) -> dict[str, str]:
    return {"schema/attributes.fbs.j2": names.fbs_schema, "schema/json.hpp.j2": names.json_hpp}


FAMILY = Family("schema", "the op's FlatBuffers schema and its JSON to/from utility", _outputs)
