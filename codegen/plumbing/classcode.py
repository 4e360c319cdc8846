"""The methods `dataclasses` writes for hipdnn-codegen's classes, compiled once and kept.

A frozen dataclass gets its __init__, __repr__, __eq__, __hash__, __setattr__ and __delattr__ as
Python source that `dataclasses` compiles with exec() when the class is created: about 650
functions for the tool's 110 classes, a quarter of the CPU time of regenerating one op in a new
process. install() routes that exec() (the `dataclasses` module's own name for it, nothing else's)
through a table of code objects kept in the tool's cache directory, keyed by the SHA-256 of each
source text: a text compiled before is executed from its kept code, which is what compiling it
again gives (the same text, file name "<string>" and flags as exec() uses there: no inherited
__future__ flags). Only sources whose class is defined in a `codegen.` module are kept; every other
class's exec() runs as it would have.

The table is one file per Python build (the cache tag, bytecode magic number and version are in its
name), sealed like every cache entry (cache.sealed_write: this user's, writable by no one else,
header and SHA-256 checked) and read only if it unmarshals to a table of code objects: a damaged,
foreign or other version's file is a miss, and the table is rebuilt and rewritten. It trusts the
file as Python trusts its own __pycache__, and as the compiled-template cache does
(codegen.pipeline.render.TemplateCache). It is read on the first class created, written at exit
when a run compiled a source it did not hold. HIPDNN_CODEGEN_NO_CACHE=1 keeps nothing.
"""

from __future__ import annotations

import builtins
import hashlib
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any

MAGIC = b"hipdnn-codegen dataclass code 1\n"
MAX_ENTRIES = 4096  # past this, a save keeps only what the saving run used

_exec = builtins.exec
_table: dict[str, CodeType] | None = None
_used: set[str] = set()
_added = False  # a source was compiled that the kept table did not hold
_saver: int | None = None  # the process that registered the save at exit


def install() -> None:
    """Route `dataclasses`' exec() through the kept code (once per process)."""
    import dataclasses

    if getattr(dataclasses, "exec", None) is not _kept_exec:
        setattr(dataclasses, "exec", _kept_exec)


def _path() -> Path | None:
    from codegen.plumbing import cache

    base = cache.directory()
    if base is None:
        return None
    import importlib.util

    version = hashlib.sha256(sys.version.encode()).hexdigest()[:16]
    return base / "dataclass-code" / f"{sys.implementation.cache_tag}-{importlib.util.MAGIC_NUMBER.hex()}-{version}.code"


def _load() -> dict[str, CodeType]:
    """The kept table; empty when there is none or it cannot be trusted."""
    import marshal

    from codegen.plumbing import cache

    path = _path()
    if path is None or not cache.private_folder(path.parent):
        return {}
    payload = cache.sealed_read(path, MAGIC)
    if payload is None:
        return {}
    try:
        table = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict) or not all(type(k) is str and type(v) is CodeType for k, v in table.items()):
        return {}
    return table


def _save() -> None:
    import marshal

    from codegen.plumbing import cache

    global _added
    if not _added or _table is None or os.getpid() != _saver:  # a forked worker never writes it
        return
    path = _path()
    if path is None or not cache.private_folder(path.parent):
        return
    kept = _table if len(_table) <= MAX_ENTRIES else {k: v for k, v in _table.items() if k in _used}
    try:
        payload = marshal.dumps(kept)
    except ValueError:
        return
    cache.sealed_write(path, MAGIC, payload)
    _added = False


def _kept_exec(source: Any, globals: Any = None, locals: Any = None, /, *rest: Any, **named: Any) -> Any:
    """exec() for `dataclasses`: a hipdnn-codegen class's method source runs from its kept code."""
    global _table, _added, _saver
    if rest or named or type(source) is not str or type(globals) is not dict or not str(globals.get("__name__", "")).startswith("codegen."):
        return _exec(source, globals, locals, *rest, **named)
    if _table is None:
        _table = _load()
    key = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()
    code = _table.get(key)
    if code is None:
        code = compile(source, "<string>", "exec", dont_inherit=True)
        _table[key] = code
        _added = True
        if _saver is None:
            import atexit

            _saver = os.getpid()
            atexit.register(_save)
    _used.add(key)
    return _exec(code, globals, locals)
