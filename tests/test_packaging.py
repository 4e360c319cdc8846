"""A non-editable install carries the schema, the templates and the clang-format style."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile

from conftest import REPO, run_cli, tree


def _pip(*args: str) -> str:
    quiet = () if "-v" in args else ("-q",)
    proc = subprocess.run([sys.executable, "-m", "pip", *args, *quiet], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout + proc.stderr


def test_the_templates_live_in_templates_at_the_repository_root():
    """Every built-in template and the clang-format style are in templates/<family>/ (the style
    beside the families), none under codegen/; each family's templates are in its folder."""
    from codegen import families
    from codegen.plumbing import formatting
    from codegen.views import naming
    from codegen.pipeline.workspace import builtin_templates, load

    assert builtin_templates() == REPO / "templates"
    assert not [p for p in (REPO / "codegen").rglob("*") if p.suffix == ".j2" or p.name == formatting.STYLE_FILE]
    assert (REPO / "templates" / formatting.STYLE_FILE).is_file()
    names = naming.OpNames(load(REPO).specs[0])
    for f in families.all_families():
        assert f.templates == REPO / "templates" / f.name
        declared = [*f.op_outputs(names), *f.package_outputs, *f.package_op_outputs(names)]
        for key in declared:
            template, _ = families.template_of(key)
            assert (f.templates / template.removeprefix(f"{f.name}/")).is_file(), template
    folders = {p.name for p in (REPO / "templates").iterdir() if p.is_dir()}
    assert folders == {f.name for f in families.all_families()} | {"common", "spec"}
    assert len(list((REPO / "templates").rglob("*.j2"))) > 90
    # the top level the design card names (plus the README, the Makefile and the benchmark folder;
    # the CI folder, its scripts and the dependency lock are in .ci/), as a clone has it
    listed = subprocess.run(["git", "-C", str(REPO), "ls-files"], capture_output=True, text=True, check=True).stdout
    top = {line.split("/")[0] for line in listed.splitlines() if not line.startswith(".")}
    card = {"pyproject.toml", "codegen", "templates", "op_specs", "generated", "tests"}
    assert top == card | {"README.md", "Makefile", "benchmarks"}


def _source_files(*folders: str) -> set[str]:
    return {
        p.relative_to(REPO).as_posix()
        for folder in folders
        for p in (REPO / folder).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_wheel_carries_schema_and_templates(tmp_path):
    src = tmp_path / "src"
    for folder in ("codegen", "templates", "op_specs"):
        shutil.copytree(REPO / folder, src / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, src / name)
    wheels = tmp_path / "wheels"
    built = _pip("wheel", "--no-deps", "--no-build-isolation", "-v", "-w", str(wheels), str(src))
    # setuptools (the locked one: no build isolation) says nothing about the project's
    # configuration (license, the template folders it ships as data)
    assert "bdist_wheel" in built and not [line for line in built.splitlines() if "Warning" in line or "!!" in line]
    (wheel,) = wheels.glob("hipdnn_codegen-*.whl")
    names = {n for n in zipfile.ZipFile(wheel).namelist() if not n.startswith("hipdnn_codegen-")}
    # every module and schema of codegen/ (pyproject.toml lists the packages) and every file of
    # templates/ as codegen/_templates/, and nothing else
    expected = _source_files("codegen") | {f"codegen/_templates/{p.removeprefix('templates/')}" for p in _source_files("templates")}
    # and the project's specs, which graph validate/convert judge a graph by outside any workspace
    expected |= {f"codegen/_shipped/{p}" for p in _source_files("op_specs")}
    assert names == expected
    assert {"codegen/spec/schema/op_spec.schema.json", "codegen/_templates/hipdnn.clang-format", "codegen/_templates/backend/descriptor.hpp.j2"} <= names

    # Installed without the source tree, the packaged templates reproduce the committed
    # generated/ tree byte for byte (stamps included): in a workspace without templates/, ...
    target = tmp_path / "site"
    _pip("install", "--no-deps", "--no-build-isolation", "--target", str(target), str(wheel))
    env = dict(os.environ, PYTHONPATH=str(target))
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    proc = subprocess.run([sys.executable, "-m", "codegen", "generate", "-q"], cwd=ws, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    committed = {path: data for path, data in tree(REPO / "generated").items() if ".mypy_cache" not in path}
    assert tree(ws / "generated") == committed
    # ... and in a copy of this repository (its templates/ a copy of the built-ins, so no
    # override: the same stamps, and check finds everything fresh)
    repo = tmp_path / "repo"
    for folder in ("op_specs", "templates", "generated"):
        shutil.copytree(REPO / folder, repo / folder, ignore=shutil.ignore_patterns("__pycache__", ".mypy_cache"))
    proc = subprocess.run([sys.executable, "-m", "codegen", "check", "-q"], cwd=repo, env=env, capture_output=True, text=True)
    assert (proc.returncode, proc.stdout) == (0, ""), proc.stdout + proc.stderr
    proc = subprocess.run([sys.executable, "-m", "codegen", "generate", "--check"], cwd=repo, env=env, capture_output=True, text=True)
    assert (proc.returncode, proc.stdout) == (0, "generated/ is up to date\n"), proc.stdout + proc.stderr
    proc = subprocess.run([sys.executable, "-c", "import codegen.pipeline.workspace as w; print(w.builtin_templates())"], cwd=repo, env=env, capture_output=True, text=True)
    assert proc.stdout == f"{target / 'codegen' / '_templates'}\n", proc.stderr
    # outside any workspace, graph validate judges a graph by the specs the wheel ships
    empty = tmp_path / "empty"
    empty.mkdir()
    shutil.copy(REPO / "tests" / "graph_cases" / "valid-json" / "input.json", empty / "g.json")
    proc = subprocess.run([sys.executable, "-m", "codegen", "graph", "validate", "g.json"], cwd=empty, env=env, capture_output=True, text=True)
    shipped = ", ".join(sorted(p.stem for p in (REPO / "op_specs").glob("*.yaml") if p.stem != "registry"))
    assert proc.returncode == 0 and f"ships ({shipped})" in proc.stderr, proc.stdout + proc.stderr


def test_generated_mirror_is_an_installable_distribution(tmp_path):
    target = tmp_path / "site"
    source = tmp_path / "mirror"
    shutil.copytree(REPO / "generated" / "python", source, ignore=shutil.ignore_patterns("__pycache__", ".mypy_cache"))
    before = sorted(p.relative_to(source).as_posix() for p in source.rglob("*"))
    _pip("install", "--no-deps", "--no-build-isolation", "--target", str(target), str(source))
    assert (target / "hipdnn_ops" / "py.typed").is_file()
    assert (target / "hipdnn_ops" / "reference" / "numeric.py").is_file()
    # the build leaves nothing in the generated tree (no build/, no *.egg-info/ for check to flag)
    assert sorted(p.relative_to(source).as_posix() for p in source.rglob("*")) == before
    script = (
        "import hipdnn_ops, hipdnn_ops.layernorm_bwd as ln;"
        "d = hipdnn_ops.create_descriptor(hipdnn_ops.DescriptorType.HIPDNN_BACKEND_OPERATION_LAYERNORM_BACKWARD_DESCRIPTOR_EXT);"
        "print(type(d).__name__, hipdnn_ops.__file__.startswith(%r))" % str(target)
    )
    proc = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(target)), capture_output=True, text=True)
    assert proc.stdout == "LayernormBackwardOperationDescriptor True\n", proc.stderr


def test_check_ignores_what_an_in_place_build_leaves(workspace):
    """A setuptools build of generated/python in place leaves build/ and *.egg-info/ (and a
    wheel in dist/): none of it is generated, so check neither flags nor deletes it."""
    python = workspace / "generated" / "python"
    for junk in ("build/lib/hipdnn_ops/__init__.py", "hipdnn_ops.egg-info/PKG-INFO", "dist/hipdnn_ops-0.1.0-py3-none-any.whl"):
        (python / junk).parent.mkdir(parents=True, exist_ok=True)
        (python / junk).write_text("left by a build\n")
    result = run_cli("check", cwd=workspace)
    assert result.code == 0, result.out + result.err
    result = run_cli("generate", cwd=workspace)
    assert result.code == 0 and (python / "build" / "lib" / "hipdnn_ops" / "__init__.py").is_file()
