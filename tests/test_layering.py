"""The package's layers, from the code's own imports: every import statement of every module under
codegen/ (at any depth, function-local ones included) goes down the order below or stays inside its
own package, and no module imports itself back through others (no import circle).

The order is the one the README's Architecture section gives."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import REPO

# lowest first: a package may import the ones before it (and `codegen` itself, for __version__)
LAYERS = ["diagnostics", "plumbing", "spec", "views", "families", "checks", "pipeline", "hipdnn", "commands", "cli"]
TOP = {"cli": "cli", "__main__": "cli"}  # the entry modules sit above every package
PACKAGE = REPO / "codegen"


def _module(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The codegen modules `path` imports, resolved: `from codegen.x import y` names codegen.x.y
    when that is a module, codegen.x otherwise."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "codegen"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "codegen":
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if _exists(sub) else target)
    return found - {module}


def _exists(module: str) -> bool:
    path = REPO.joinpath(*module.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _layer(module: str) -> str | None:
    """The layer of codegen.<first>...; None for the root package (`codegen` itself)."""
    parts = module.split(".")
    if len(parts) == 1:
        return None
    return TOP.get(parts[1], parts[1])


def _graph() -> dict[str, set[str]]:
    return {_module(p): _imports(p) for p in sorted(PACKAGE.rglob("*.py")) if "__pycache__" not in p.parts}


def test_every_package_is_a_layer():
    """A new package under codegen/ gets its place in LAYERS (and in the README) first."""
    packages = {p.parent.relative_to(PACKAGE).parts[0] for p in PACKAGE.glob("*/__init__.py")}
    assert packages == set(LAYERS) - {"cli"}
    assert {p.name for p in PACKAGE.glob("*.py")} == {"__init__.py", "__main__.py", "cli.py"}


def test_imports_go_down_the_layers():
    upward = []
    for module, imported in _graph().items():
        own = _layer(module)
        for target in sorted(imported):
            theirs = _layer(target)
            if own is None or theirs is None or theirs == own:
                continue
            if LAYERS.index(theirs) > LAYERS.index(own):
                upward.append(f"{module} imports {target} ({own} is below {theirs})")
    assert upward == []


def test_no_import_circle():
    """A package's __init__ listing its own parts (families.all_families importing each family) is
    not a circle: the parts import the package, the package only names them."""
    graph = {m: {t for t in targets if not t.startswith(m + ".")} for m, targets in _graph().items()}
    circles = []
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if target not in graph:
                continue
            if state.get(target) == 1:
                circles.append(" -> ".join(path[path.index(target) :] + [target]))
            elif target not in state:
                visit(target)
        path.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)
    assert circles == []


def test_every_package_opens_with_what_it_may_import():
    """Each layer's __init__.py says what it owns and which layers it may import."""
    for layer in LAYERS[:-1]:
        init = PACKAGE / layer / "__init__.py"
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        allowed = LAYERS[: LAYERS.index(layer)]
        if allowed:
            assert "May import:" in doc, init
        said = doc.partition("May import:")[2]
        assert all(other in said for other in allowed) or "every other package" in said, (init, said)


def test_the_readme_gives_the_same_order():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.partition("\n## Architecture\n")[2].partition("\n## ")[0]
    listed = [line.split("`")[1].removeprefix("codegen/").rstrip("/").removesuffix(".py") for line in section.splitlines() if line.startswith("- `codegen/")]
    assert listed == LAYERS
