"""The numbering space: every number already taken, and the next free one of each kind.

Used for the fixes `check` suggests and for the numbers `add-op` allocates, so both always agree.
"""

from __future__ import annotations

from typing import Iterable

from codegen.spec.model import OpSpec
from codegen.spec.registry import Registry

BLOCK = 100
EXTENSION_AREA = 60000


TYPE_TAG_EXTENSIONS = 10000  # HIPDNN_TYPE_FLATBUFFER_DATA_STRUCT_EXT and later


class NumberSpace:
    """Everything numbered by the specs, the registry and (optionally) a hipDNN checkout."""

    def __init__(self, specs: list[OpSpec], registry: Registry | None):
        self.ids: set[int] = {a.id for s in specs for a in s.numbered()}
        self.ids |= {i for s in specs if s.damage is not None for i in s.damage.ids}  # a rejected entry's ID is not free
        self.ranges: list[tuple[int, int]] = [s.attribute_range for s in specs]
        self.descriptor_types = {s.descriptor_type.value for s in specs}
        self.operation_types = {s.operation_type.value for s in specs}
        self.node_types = {s.node_type.value for s in specs if s.node_type is not None}
        self.union_positions = {s.flatbuffers.union_position for s in specs if s.flatbuffers.union_position is not None}
        self.uids = {t.uid for s in specs for t in s.test_tensors}
        # attribute type tags below hipDNN's extension types (10000+), where new enums are numbered
        self.type_tags = {e.new_tag.value for s in specs for e in s.new_enums if e.new_tag is not None}
        if registry is not None:
            for block in registry.blocks:
                self.ranges.append(block.range)
                for low, high in block.used:
                    self.ids.update(range(low, high + 1))
            self.descriptor_types |= {v.value for v in registry.descriptor_types}
            self.operation_types |= {v.value for v in registry.operation_types}
            self.node_types |= {v.value for v in registry.node_types}
            self.union_positions |= {v.value for v in registry.union_members}
            self.type_tags |= {v.value for v in registry.type_tags if v.value < TYPE_TAG_EXTENSIONS}
            for r in registry.reserved:
                target = {"descriptor_types": self.descriptor_types, "operation_types": self.operation_types}.get(r.kind)
                if target is not None:
                    target.update(range(r.range[0], r.range[1] + 1))
                else:
                    self.ranges.append(r.range)

    def add_header_numbers(self, attributes: Iterable[int], descriptor_types: Iterable[int], operation_types: Iterable[int]) -> None:
        """Numbers a hipDNN checkout defines (its attribute IDs also block their 100-blocks)."""
        for value in attributes:
            self.ids.add(value)
            if value < EXTENSION_AREA:
                low = value // BLOCK * BLOCK
                self.ranges.append((low, low + BLOCK - 1))
        self.descriptor_types.update(descriptor_types)
        self.operation_types.update(operation_types)

    def next_block(self) -> int:
        start = BLOCK
        for low, high in sorted(r for r in self.ranges if r[0] < EXTENSION_AREA):
            if high >= start and low < start + BLOCK:
                start = (high // BLOCK + 1) * BLOCK
        return start

    def next_id(self, spec: OpSpec) -> int | None:
        low, high = spec.attribute_range
        return next((i for i in range(low, high + 1) if i not in self.ids), None)

    @staticmethod
    def next_value(values: set[int]) -> int:
        return max(values, default=-1) + 1

    def next_uids(self, count: int) -> int:
        return max(self.uids, default=0) + 1 if count else 0

    def free_uid_block(self, start: int, count: int) -> int:
        """The first run of `count` unused test UIDs at or after `start`."""
        while any(uid in self.uids for uid in range(start, start + count)):
            start += 1
        return start
