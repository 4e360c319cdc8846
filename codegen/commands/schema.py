"""`hipdnn-codegen schema`: print or write the JSON schema of op specs (or of the registry)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from codegen.commands._common import EXIT_OK, schema_text
from codegen.pipeline.workspace import UsageError


def cmd_schema(args: argparse.Namespace) -> int:
    text = schema_text(args.registry)
    if args.write is None:
        sys.stdout.write(text.decode("utf-8"))
        return EXIT_OK
    target = Path(args.write)
    if target.is_symlink():
        raise UsageError(f"{target} is a symbolic link; refusing to write through it")
    if target.is_file() and target.read_bytes() == text:
        args.console.say(f"{target} is up to date")
        return EXIT_OK
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.write_bytes(text)
    os.replace(temporary, target)
    args.console.say(f"wrote {target}")
    return EXIT_OK
