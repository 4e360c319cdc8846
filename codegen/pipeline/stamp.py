"""Per-op stamps: what generated/<op>/ was produced from, so `check` can skip re-rendering.

generated/<op>/hipdnn-codegen.stamp records a digest of every input that can change that op's
output (what its spec says, not how it is written, so a comment or a re-indent leaves the op
fresh; every template and style file on the search path; the versions of hipdnn-codegen and the
pinned clang-format) and the digest of every file it wrote. When the inputs
still match and every file still has its recorded digest, the op is fresh without rendering. The
digest covers the generator's own code and schemas too, so a changed tool never hides behind a
fresh stamp.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from codegen import __version__
from codegen.diagnostics import rules
from codegen.diagnostics.diagnostics import Diagnostic, Loc
from codegen.plumbing import cache, formatting, storage
from codegen.views import naming
from codegen.spec.model import OpSpec
from codegen.pipeline.workspace import Summary, Workspace, parallel_map

STAMP = "hipdnn-codegen.stamp"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest(data: bytes) -> str:
    """A generated file's digest as its stamp records it."""
    return _sha(data)


def _generating(name: str) -> bool:
    """Whether a file on the template path is something generated/ is rendered from: every
    family's templates and the clang-format style (not add-op's spec template, not Python code)."""
    return name == formatting.STYLE_FILE or (name.endswith(".j2") and not name.startswith("spec/"))


def _tree_digest(directory: Path, store: cache.Store | None) -> str:
    """The digest of the names and bytes of every generating file below `directory` (a template
    folder); not read again while the files' stat data is what the store saw last time."""
    stat, racy, names = cache.tree_signature(directory, _generating)
    label = f"templates {directory}"
    known = store.tree(label, stat) if store is not None else None
    if known is not None:
        return known
    part = hashlib.sha256()
    for name in names:
        part.update(name.encode() + b"\0" + (directory / name).read_bytes() + b"\0")
    known = part.hexdigest()
    if store is not None and not racy:
        store.remember_tree(label, stat, known)
    return known


def mirror_possible(ws: Workspace) -> bool:
    """Whether the registry holds what the Python mirror needs (its data types and statuses)."""
    return ws.registry is not None and bool(ws.registry.data_types) and bool(ws.registry.statuses)


def no_mirror_warning(ws: Workspace) -> Diagnostic:
    registry = ws.display(ws.spec_dir / "registry.yaml")
    return rules.GEN_NO_MIRROR(Loc(registry), "no data_types/statuses in the registry, so generated/python/ is not produced")


def toolchain() -> str:
    """The tool's version and the formatter's, and the surfaces the workspace skips (a change of
    them makes every op stale, as a new tool would)."""
    from codegen import families

    skipped = families.skipped_surfaces()
    return f"hipdnn-codegen {__version__}; clang-format {formatting.CLANG_FORMAT_VERSION}" + (f"; skipping {', '.join(skipped)}" if skipped else "")


def all_fresh(ws: Workspace, specs: list[Summary], mirror: bool) -> tuple[list[bool], bool]:
    """Freshness of every spec's directory and of the mirror's. A directory the cache saw fresh
    with the same inputs and unchanged files (by their stat data) is fresh without being read;
    the others are hashed (many on every core) and, when fresh and settled, remembered. Only the
    specs' summaries are needed: no model is built."""
    if ws.store is None:
        ws.store = cache.Store.open(ws.root)
    verdicts = ws.store
    inputs = Inputs(ws)
    names = [s.op for s in specs] + ([naming.PYTHON_DIR] if mirror else [])
    expected = [inputs.of(s) for s in specs] + ([inputs.of_mirror()] if mirror else [])
    top = str(ws.generated_dir)
    scanned = cache.scan(top, verdicts.listings)  # the stat digest of each directory: its known files stat'ed, the others walked
    stats = [scanned.get(name) for name in names]
    fresh = [stat is not None and verdicts.fresh(name, want, stat[0]) for name, want, stat in zip(names, expected, stats)]
    unknown = [i for i, known in enumerate(fresh) if not known and stats[i] is not None]
    for i in unknown:  # listed again when a kept listing was stat'ed: files may have come or gone since
        if names[i] in verdicts.listings:
            stats[i] = cache.scan_one(top, names[i])
    unknown = [i for i in unknown if stats[i] is not None]
    for i, verdict in zip(unknown, parallel_map(fresh_dir, [(ws.generated_dir / names[i], expected[i]) for i in unknown])):
        fresh[i] = verdict
        stat = stats[i]
        if verdict and stat is not None and not stat[1]:
            verdicts.remember(names[i], expected[i], stat[0], stat[2])
    if len(specs) == len(ws.complete):  # a run over the whole workspace: directories gone are forgotten
        verdicts.forget_others(set(names))
    verdicts.save()
    return fresh[: len(specs)], fresh[len(specs)] if mirror else True


def reference_sources(name: str) -> bytes:
    """The source of a CPU reference the generator runs (its module and the helpers it imports)."""
    from codegen.spec import references

    if name not in references.REFERENCES:
        return b""
    folder = Path(references.__file__).parent
    return b"\0".join((folder / f).read_bytes() for f in (references.REFERENCES[name][0], *references.SUPPORT_MODULES))


def _reference_digest(name: str, store: cache.Store | None) -> str:
    """The digest of reference_sources(name), not read again while their stat data is unchanged."""
    from codegen.spec import references

    if name not in references.REFERENCES:
        return _sha(b"")
    folder = Path(references.__file__).parent
    wanted = {references.REFERENCES[name][0], *references.SUPPORT_MODULES}
    stat, racy, _ = cache.tree_signature(folder, wanted.__contains__)
    label = f"reference {name} {folder}"
    known = store.tree(label, stat) if store is not None else None
    if known is None:
        known = _sha(reference_sources(name))
        if store is not None and not racy:
            store.remember_tree(label, stat, known)
    return known


class Inputs:
    """Digests of the inputs shared by every op, computed once per run; `parts_of` names each
    input's own digest, so a stale directory can be blamed on the input that changed."""

    def __init__(self, ws: Workspace):
        # the tool's own templates whether or not the workspace overrides them, and the
        # workspace's templates apart, so an override is blamed on the workspace alone; together
        # they decide every resolved template
        store = ws.store
        dirs = ws.template_dirs
        tool = hashlib.sha256(toolchain().encode() + cache.tool_digest(store) + _tree_digest(dirs[-1], store).encode())
        self.tool = tool.hexdigest()  # the tool's version, its templates and style
        self.templates = _tree_digest(dirs[0], store) if len(dirs) > 1 else hashlib.sha256().hexdigest()  # the workspace's own templates/
        self.shared = _sha((self.tool + self.templates).encode())
        self.ws = ws

    def _common(self) -> dict[str, str]:
        parts = {"tool": self.tool}
        if len(self.ws.template_dirs) > 1:
            parts["templates"] = self.templates
        return parts

    def _registry(self) -> str:
        """What the registry says (its bytes when it could not be read)."""
        registry = self.ws.registry
        return registry.content if registry is not None and registry.content else _sha(self.ws.registry_source)

    def _cudnn_frontend(self) -> str:
        """The pinned cudnn-frontend version every op's cuDNN parity is checked against (its
        digest), so moving it makes every op stale and `check` re-checks each."""
        registry = self.ws.registry
        return _sha(((registry.cudnn_frontend if registry is not None else None) or "").encode())

    def parts_of(self, spec: OpSpec | Summary) -> dict[str, str]:
        parts = self._common() | {f"{SPEC_PART}{spec.op}": spec.content, "cudnn_frontend": self._cudnn_frontend()}
        reference = _reference_name(spec)
        if reference is not None:
            parts["registry"] = self._registry()
            parts["reference"] = _reference_digest(reference, self.ws.store)
        return parts

    def parts_of_mirror(self) -> dict[str, str]:
        parts = self._common() | {"registry": self._registry()}
        for spec in self.ws.complete:
            parts[f"{SPEC_PART}{spec.op}"] = spec.content
        return parts

    def of(self, spec: OpSpec | Summary) -> str:
        extra = self._cudnn_frontend().encode()
        reference = _reference_name(spec)
        if reference is not None:  # the key's layout reads the registry; golden vectors run the reference
            extra += self._registry().encode() + _reference_digest(reference, self.ws.store).encode()
        return _sha(self.shared.encode() + spec.content.encode() + extra)

    def of_mirror(self) -> str:
        """The mirror depends on every valid spec and on the registry."""
        digest = hashlib.sha256(self.shared.encode())
        for spec in sorted(self.ws.complete, key=lambda s: s.op):
            digest.update(spec.op.encode() + b"\0" + spec.content.encode() + b"\0")
        digest.update(self._registry().encode())
        return digest.hexdigest()


def _reference_name(spec: OpSpec | Summary) -> str | None:
    """The name of a spec's CPU reference, from its model or its summary."""
    if isinstance(spec, Summary):
        return spec.reference
    return spec.reference.python if spec.reference is not None else None


SPEC_PART = "spec "  # a part named after the spec it digests: "spec layernorm_bwd"


def render(source: str, command: str, inputs: str, files: dict[str, str], parts: dict[str, str] | None = None) -> bytes:
    """The stamp text for one op's files ({path relative to generated/<op>/: digest()}),
    sha256sum style, after the digest of each input part."""
    lines = [
        "# Copyright © Advanced Micro Devices, Inc., or its affiliates.",
        "# SPDX-License-Identifier: MIT",
        "#",
        f"# Generated by hipdnn-codegen from {source}. Do not edit.",
        f"# Regenerate with: {command}",
        f"# Inputs of this directory and the digest of every file in it; `check` uses them to",
        f"# skip re-rendering when nothing changed.",
        f"generator: {toolchain()}",
        f"inputs: {inputs}",
    ]
    lines += [f"part {name}: {digest}" for name, digest in sorted((parts or {}).items())]
    lines += [f"{sha}  {path}" for path, sha in sorted(files.items())]
    return ("\n".join(lines) + "\n").encode()


def _parse(text: str) -> tuple[str | None, dict[str, str]]:
    inputs, files = None, {}
    for line in text.splitlines():
        if line.startswith("inputs: "):
            inputs = line.removeprefix("inputs: ")
        elif not line.startswith(("#", "generator: ", "part ")) and "  " in line:
            digest, path = line.split("  ", 1)
            files[path] = digest
    return inputs, files


def fresh_dir(job: tuple[Path, str]) -> bool:
    """Whether generated/<op>/ is exactly what its stamp says and the stamp matches the inputs."""
    directory, expected = job
    try:
        recorded, files = _parse((directory / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if recorded != expected:
        return False
    if set(storage.files_below(directory)) != set(files) | {STAMP}:
        return False
    return all(_sha((directory / rel).read_bytes()) == digest for rel, digest in files.items())


def changed_parts(directory: Path, parts: dict[str, str]) -> list[str] | None:
    """The input parts whose digest differs from the one directory's stamp records (sorted);
    None when the stamp is missing, unreadable or records no parts (an older tool wrote it)."""
    try:
        text = (directory / STAMP).read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None
    recorded = {}
    for line in text.splitlines():
        if line.startswith("part ") and ": " in line:
            name, _, digest = line.removeprefix("part ").rpartition(": ")
            recorded[name] = digest
    if not recorded:
        return None
    return sorted(name for name in set(parts) | set(recorded) if parts.get(name) != recorded.get(name))
