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

There is one table per module, in a folder per Python build (the cache tag, bytecode magic number
and version name it), so a command reads only the tables of the modules it imports. A table is
sealed like every cache entry (cache.sealed_write: this user's, writable by no one else, header and
SHA-256 checked) and used only if it unmarshals to a table of code objects: a damaged, foreign or
other version's file is a miss, and the table is rebuilt and rewritten. It trusts the file as Python
trusts its own __pycache__, and as the compiled-template cache does
(codegen.pipeline.render.TemplateCache). A module's table is read when its first class is created
and written at exit when the run compiled a source it did not hold. HIPDNN_CODEGEN_NO_CACHE=1 keeps
nothing.
"""

from __future__ import annotations

import builtins
import hashlib
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any

MAGIC = b"hipdnn-codegen dataclass code 2\n"
MAX_ENTRIES = 1024  # past this, a save keeps only what the saving run used of a module's table

_exec = builtins.exec
_tables: dict[str, dict[str, CodeType]] = {}  # module -> {SHA-256 of a source: its code}
_used: set[str] = set()
_added: set[str] = set()  # modules a source was compiled for that their kept table did not hold
_saver: int | None = None  # the process that registered the save at exit


def install() -> None:
    """Route `dataclasses`' exec() through the kept code (once per process)."""
    import dataclasses

    if getattr(dataclasses, "exec", None) is not _kept_exec:
        setattr(dataclasses, "exec", _kept_exec)


def _folder() -> Path | None:
    from codegen.plumbing import cache

    base = cache.directory()
    if base is None:
        return None
    import importlib.util

    version = hashlib.sha256(sys.version.encode()).hexdigest()[:16]
    return base / "dataclass-code" / f"{sys.implementation.cache_tag}-{importlib.util.MAGIC_NUMBER.hex()}-{version}"


def _load(module: str) -> dict[str, CodeType]:
    """The kept table of `module`; empty when there is none or it cannot be trusted."""
    import marshal

    from codegen.plumbing import cache

    folder = _folder()
    if folder is None or not cache.private_folder(folder):
        return {}
    payload = cache.sealed_read(folder / f"{module}.code", MAGIC)
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

    if not _added or os.getpid() != _saver:  # a forked worker never writes them
        return
    folder = _folder()
    if folder is None or not cache.private_folder(folder):
        return
    for module in sorted(_added):
        table = _tables[module]
        kept = table if len(table) <= MAX_ENTRIES else {k: v for k, v in table.items() if k in _used}
        try:
            payload = marshal.dumps(kept)
        except ValueError:
            continue
        cache.sealed_write(folder / f"{module}.code", MAGIC, payload)
    _added.clear()


def _kept_exec(source: Any, globals: Any = None, locals: Any = None, /, *rest: Any, **named: Any) -> Any:
    """exec() for `dataclasses`: a hipdnn-codegen class's method source runs from its kept code."""
    global _saver
    module = globals.get("__name__") if type(globals) is dict else None
    if rest or named or type(source) is not str or type(module) is not str or not module.startswith("codegen.") or "/" in module:
        return _exec(source, globals, locals, *rest, **named)
    table = _tables.get(module)
    if table is None:
        table = _tables[module] = _load(module)
    key = hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()
    code = table.get(key)
    if code is None:
        code = compile(source, "<string>", "exec", dont_inherit=True)
        table[key] = code
        _added.add(module)
        if _saver is None:
            import atexit

            _saver = os.getpid()
            atexit.register(_save)
    _used.add(key)
    return _exec(code, globals, locals)
