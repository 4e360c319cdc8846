"""Arithmetic in hipDNN's floating-point data types for the CPU references (numpy).

Values of every type are held in numpy arrays: FLOAT in float32, HALF in float16 (numpy's float16
arithmetic rounds each operation's float32 result to half, which equals IEEE half arithmetic since
float32 carries more than twice half's precision), BFLOAT16 in float32 arrays whose values are all
bfloat16 numbers (each operation is done in float32 and rounded to nearest-even bfloat16; float32
also carries more than twice bfloat16's precision, so that too equals the exact rounded result).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

# spelling a caller may use -> hipDNN's DataType name
ALIASES = {
    "float": "FLOAT", "float32": "FLOAT", "fp32": "FLOAT", "FLOAT": "FLOAT",
    "half": "HALF", "float16": "HALF", "fp16": "HALF", "HALF": "HALF",
    "bfloat16": "BFLOAT16", "bf16": "BFLOAT16", "BFLOAT16": "BFLOAT16",
}


def bfloat16_round(values: Any) -> np.ndarray:
    """float32 -> the nearest bfloat16 (ties to even), held in float32; NaN stays NaN, inf stays inf."""
    f = np.asarray(values, dtype=np.float32)
    bits = f.view(np.uint32) if f.ndim else f.reshape(1).view(np.uint32)
    rounded = (bits + np.uint32(0x7FFF) + ((bits >> np.uint32(16)) & np.uint32(1))) & np.uint32(0xFFFF0000)
    out = rounded.view(np.float32).reshape(f.shape)
    return np.where(np.isnan(f), f, out).astype(np.float32)


@dataclass(frozen=True)
class Arith:
    """One data type's storage and rounding: `round` maps float32/float16/float64 values to the
    type (as its storage dtype); every arithmetic result goes through it."""

    name: str
    storage: type
    round: Callable[[Any], np.ndarray]

    def of(self, value: Any) -> np.ndarray:
        """static_cast<T>(value): a number or array of another type converted to this one."""
        return self.round(value)

    def add(self, a: Any, b: Any) -> np.ndarray:
        return self.round(np.add(a, b, dtype=self.storage))

    def sub(self, a: Any, b: Any) -> np.ndarray:
        return self.round(np.subtract(a, b, dtype=self.storage))

    def mul(self, a: Any, b: Any) -> np.ndarray:
        return self.round(np.multiply(a, b, dtype=self.storage))

    def div(self, a: Any, b: Any) -> np.ndarray:
        return self.round(np.divide(a, b, dtype=self.storage))

    def sqrt(self, a: Any) -> np.ndarray:
        return self.round(np.sqrt(a, dtype=self.storage))


def _float32(v: Any) -> np.ndarray:
    return np.asarray(v, dtype=np.float32)


def _half(v: Any) -> np.ndarray:
    # hipDNN's half converts a double through float (types/Half.hpp, id 65461033587)
    a = np.asarray(v)
    return (a.astype(np.float32) if a.dtype == np.float64 else a).astype(np.float16)


def _bfloat16(v: Any) -> np.ndarray:
    return bfloat16_round(np.asarray(v, dtype=np.float32))


TYPES = {
    "FLOAT": Arith("FLOAT", np.float32, _float32),
    "HALF": Arith("HALF", np.float16, _half),
    "BFLOAT16": Arith("BFLOAT16", np.float32, _bfloat16),
}


def data_type(name: str) -> str:
    """A data-type spelling -> hipDNN's name (FLOAT, HALF, BFLOAT16); ValueError otherwise."""
    try:
        return ALIASES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown data type {name!r}: use one of float32, float16, bfloat16") from None


def type_of(array: np.ndarray, declared: str | None) -> str:
    """An input array's data type: the declared one, else its numpy dtype (float32 or float16;
    bfloat16 values travel in float32 arrays and must be declared)."""
    if declared is not None:
        name = data_type(declared)
        if name == "BFLOAT16" and array.dtype != np.float32:
            raise ValueError(f"bfloat16 values are passed in float32 arrays, not {array.dtype}")
        if name != "BFLOAT16" and array.dtype != TYPES[name].storage:
            raise ValueError(f"an array declared {name} must have dtype {np.dtype(TYPES[name].storage).name}, not {array.dtype}")
        if name == "BFLOAT16" and not np.array_equal(bfloat16_round(array), array, equal_nan=True):
            raise ValueError("an array declared bfloat16 holds values that are not bfloat16 numbers")
        return name
    if array.dtype == np.float32:
        return "FLOAT"
    if array.dtype == np.float16:
        return "HALF"
    raise ValueError(f"arrays must be float32 or float16 (bfloat16 in float32, declared in types=), not {array.dtype}")
