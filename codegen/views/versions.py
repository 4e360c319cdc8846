"""The engine-API version floor's inputs an op gives hipDNN: one feature constant per op, tensor or
field whose `since` is later than hipDNN's baseline (the op's own) or than the op's (a slot's), in
the form of PluginVersionConstants.hpp (`inline constexpr std::string_view K_..._MIN_API_VERSION =
"MAJOR.MINOR.PATCH";`). K_MAX_SUPPORTED_API_VERSION, the deserialize ceiling, must equal the highest
of them; `apply` keeps it so."""

from __future__ import annotations

from dataclasses import dataclass

from codegen.diagnostics.diagnostics import Loc
from codegen.spec.model import BASELINE_API_VERSION, OpSpec
from codegen.views import naming

MAX_CONSTANT = "K_MAX_SUPPORTED_API_VERSION"


@dataclass(frozen=True)
class VersionConstant:
    name: str
    version: str
    what: str  # what a graph uses that needs an engine this new, for the constant's comment
    loc: Loc  # the spec's `since` that asks for it
    flag: str = ""  # the feature's flag: computeMinimumEnginePluginApiVersion's parameter, GraphDescriptor's query
    table: str = ""  # the op's FlatBuffers table
    field: str = ""  # the schema field a node sets to use the feature (empty: the op itself)
    test: str = ""  # how the query tells the field is set: "has_value" (an optional scalar) or "not_empty" (a list)

    @property
    def version_variable(self) -> str:
        """The function's static Version for the constant (s_<feature>MinVersion, as hipDNN names them)."""
        rest = self.flag.removeprefix("has")
        return f"s_{rest[0].lower()}{rest[1:]}MinVersion"


def key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def constants(spec: OpSpec) -> tuple[VersionConstant, ...]:
    op = naming.upper_snake(spec.stem)
    table = spec.flatbuffers.table
    out = []
    if key(spec.since) > key(BASELINE_API_VERSION):
        out.append(VersionConstant(f"K_{op}_MIN_API_VERSION", spec.since, f"a {table} node", spec.span.at("since"),
                                   f"has{spec.stem}Nodes", table))
    slots = [(t, f"{table}.{naming.tensor_uid_field(t)}") for t in spec.all_tensors] + [(f, f"{table}.{f.name}") for f in spec.fields]
    for slot, field in slots:
        if slot.since is not None and key(slot.since) > key(spec.since):
            schema_field = field.split(".", 1)[1]
            test = "not_empty" if getattr(slot, "list", False) else "has_value"
            out.append(VersionConstant(f"K_{op}_{slot.name.upper()}_MIN_API_VERSION", slot.since, f"{field} set", slot.span.at("since"),
                                       f"has{spec.stem}{naming.pascal(slot.name)}", table, schema_field, test))
    return tuple(out)
