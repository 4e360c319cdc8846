"""A non-editable install carries the schema, the templates and the clang-format style."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile

from conftest import REPO, run_cli


def _pip(*args: str) -> str:
    quiet = () if "-v" in args else ("-q",)
    proc = subprocess.run([sys.executable, "-m", "pip", *args, *quiet], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout + proc.stderr


def test_wheel_carries_schema_and_templates(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(REPO / "codegen", src / "codegen", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, src / name)
    wheels = tmp_path / "wheels"
    built = _pip("wheel", "--no-deps", "--no-build-isolation", "-v", "-w", str(wheels), str(src))
    # setuptools (the locked one: no build isolation) says nothing about the project's
    # configuration (license, template directories)
    assert "bdist_wheel" in built and not [line for line in built.splitlines() if "Warning" in line or "!!" in line]
    (wheel,) = wheels.glob("hipdnn_codegen-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "codegen/schema/op_spec.schema.json" in names
    assert "codegen/schema/registry.schema.json" in names
    assert "codegen/families/hipdnn.clang-format" in names
    # the specs `graph validate` falls back to outside any workspace
    for spec in sorted((REPO / "codegen" / "builtin" / "op_specs").glob("*.yaml")):
        assert spec.relative_to(REPO).as_posix() in names
    templates = list((REPO / "codegen" / "families").rglob("*.j2"))
    assert len(templates) > 30
    for template in templates:
        assert template.relative_to(REPO).as_posix() in names
    for family in ("backend", "frontend", "schema", "tests", "registry", "mirror"):
        assert f"codegen/families/{family}/__init__.py" in names

    # Installed without the source tree, in a workspace without templates/, the packaged
    # templates must reproduce the committed generated/ tree exactly.
    target = tmp_path / "site"
    _pip("install", "--no-deps", "--no-build-isolation", "--target", str(target), str(wheel))
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    shutil.copytree(REPO / "generated", ws / "generated")
    env = dict(os.environ, PYTHONPATH=str(target))
    proc = subprocess.run(
        [sys.executable, "-m", "codegen", "generate", "--check"], cwd=ws, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == "generated/ is up to date\n"


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
