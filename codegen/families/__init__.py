"""Output families: each is one package here, its templates in `templates/<family>/` at the
repository root (`Family.templates`).

A family declares which files it renders (template -> path) and which of hipDNN's shared files it
registers in; `generate` renders what the families declare, `check` and the collision check plan
with the same declarations, and `apply` copies the families' copied files and edits the shared
files they name. Adding an output family is adding one package (listed in `all_families` and in
pyproject.toml's packages) and its folder of templates.

templates/ is the built-in template root (codegen/_templates/ once installed, see
`builtin_templates`): template names are `<family>/<file>.j2`, and a workspace overrides
one by putting a file at its own `templates/<family>/<file>.j2`.

May import: diagnostics, plumbing, spec, views.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from codegen.spec.model import OpSpec
    from codegen.views.naming import OpNames

TEMPLATE_DIR = "templates"
PACKAGED_TEMPLATES = "_templates"  # templates/ as the wheel ships it: the package codegen._templates


def builtin_templates() -> Path:
    """The built-in template root: templates/ beside codegen/ in the source tree (one folder per
    output family and the clang-format style), codegen/_templates/ in an installed wheel."""
    packaged = Path(__file__).parent.parent / PACKAGED_TEMPLATES  # codegen/ is a regular package, installed too
    return packaged if packaged.is_dir() else Path(__file__).resolve().parent.parent.parent / TEMPLATE_DIR


def _none(names: "OpNames") -> dict[str, str]:
    return {}


def _never(spec: "OpSpec") -> bool:
    return False


@dataclass(frozen=True)
class Family:
    name: str
    purpose: str
    # template -> path under generated/<op>/; for copied families that is also the path under the
    # checkout's projects/hipdnn/ where `apply` puts the file. A template rendered once per item
    # (e.g. per enum) is keyed `<template>#<item>` and sees the item's name as `item`.
    op_outputs: Callable[["OpNames"], dict[str, str]] = _none
    copied: bool = True  # False: the files are fragments `apply` pastes into shared files
    # shared files of the checkout this family registers an op in: key -> path under projects/hipdnn/
    registers_in: dict[str, str] = field(default_factory=dict)
    # shared files only some ops register in (e.g. an op introducing an enum), and which ops
    registers_in_some: dict[str, str] = field(default_factory=dict)
    registers_some: Callable[["OpSpec"], bool] = _never
    # the Python mirror: package-wide template -> path under generated/, and per-op ones
    package_outputs: dict[str, str] = field(default_factory=dict)
    package_op_outputs: Callable[["OpNames"], dict[str, str]] = _none
    # the surface outside the C++ core this family renders (codegen/views/surfaces.py), which a
    # workspace may skip (`skip-surfaces`); None: always rendered
    surface: str | None = None

    @property
    def templates(self) -> Path:
        """The folder of this family's built-in templates: templates/<name>/."""
        return builtin_templates() / self.name


_SKIPPED: set[str] = set()  # the surfaces this run's workspace skips (skip_surfaces)


def registry_fragments(folder: str, fragments: dict[str, str]) -> Callable[["OpNames"], dict[str, str]]:
    """The outputs of a family whose files are all registry fragments: templates/<folder>/<stem>.j2
    to generated/<op>/registry/<file> for each (stem, file) of `fragments`."""
    table = {f"{folder}/{stem}.j2": f"registry/{target}" for stem, target in fragments.items()}
    return lambda names: dict(table)


def skip_surfaces(names: "frozenset[str] | set[str]") -> None:
    """Leave out the families of these surfaces for the rest of the run (the command line sets it
    from the workspace's configuration, before anything is planned)."""
    _SKIPPED.clear()
    _SKIPPED.update(names)


def skipped_surfaces() -> list[str]:
    return sorted(_SKIPPED)


def all_families() -> list[Family]:
    """Every output family, but those of the surfaces the workspace skips."""
    return [f for f in _every_family() if f.surface is None or f.surface not in _SKIPPED]


def _every_family() -> list[Family]:
    from codegen.families import backend, cache_key, cudnn_shim, docs, frontend, graph_test_utils, mirror, python_bindings, reference, reference_registry, registry, samples, schema, tests, versions, work

    return [
        backend.FAMILY, frontend.FAMILY, schema.FAMILY, tests.FAMILY, reference.FAMILY, registry.FAMILY, reference_registry.FAMILY, graph_test_utils.FAMILY, cache_key.FAMILY, versions.FAMILY, mirror.FAMILY,
        docs.FAMILY, samples.FAMILY, python_bindings.FAMILY, cudnn_shim.FAMILY, work.FAMILY,
    ]


def op_outputs(names: "OpNames") -> dict[str, str]:
    """Every per-op template of every family -> its path under generated/<op>/."""
    return {template: path for f in all_families() for template, path in f.op_outputs(names).items()}


def planned_files_in_op(names: "OpNames") -> list[str]:
    """Every file generated for this op, relative to generated/<op>/."""
    return sorted(op_outputs(names).values())


def planned_files(names: "OpNames") -> list[str]:
    """Every file generated for this op, relative to generated/."""
    return [f"{names.spec.op}/{path}" for path in planned_files_in_op(names)]


def copied_paths(names: "OpNames") -> list[str]:
    """Per-op files `apply` copies into the checkout (paths under projects/hipdnn/); a copied
    family's registry/ files are fragments, pasted, not copied."""
    return sorted(path for f in all_families() if f.copied for path in f.op_outputs(names).values() if not path.startswith("registry/"))


def shared_files(specs: "list[OpSpec] | None" = None) -> dict[str, str]:
    """The shared checkout files `specs` register in (every one when None): key -> path under
    projects/hipdnn/."""
    files = {}
    for f in all_families():
        files.update(f.registers_in)
        if specs is None or any(f.registers_some(s) for s in specs):
            files.update(f.registers_in_some)
    return files


def template_of(key: str) -> tuple[str, str]:
    """(template, item) of an op_outputs key (item is empty for once-per-op templates)."""
    template, _, item = key.partition("#")
    return template, item
