"""No import circle between the project's modules: a module that needs another one that
needs it back is one job cut in the wrong place (or two jobs in one room). Every import
counts, the ones inside a function too: putting an import inside a function hides a circle
from Python, not from a reader."""

from __future__ import annotations

import ast
from pathlib import Path

import smear_scores

PACKAGE = Path(smear_scores.__file__).parent


def module_names(package: Path) -> dict[str, Path]:
    """Every module of ``package`` by its dotted name (a package by its own name)."""
    names = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def imported(name: str, path: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that the module ``name`` (at ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                # "from .games import x" in smear_scores.views.answers: smear_scores.views.games
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in modules else base)
    return {n for n in found if n in modules and n != name}


def import_graph(package: Path) -> dict[str, set[str]]:
    modules = module_names(package)
    return {name: imported(name, path, set(modules)) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """Each group of modules that import one another, round and round: sorted names."""
    reach = {}
    for start in graph:
        seen, todo = set(), list(graph[start])
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo.extend(graph.get(name, ()))
        reach[start] = seen
    groups = {
        tuple(sorted({a} | {b for b in reach[a] if a in reach[b]})) for a in graph if a in reach[a]
    }
    return sorted(groups)


def test_no_import_circle_between_the_projects_modules():
    assert circles(import_graph(PACKAGE)) == []


def test_circles_finds_a_circle_through_an_import_inside_a_function(tmp_path):
    # The check itself: a relative import in a function closes a circle of three; a module
    # imported one way only is in none.
    app = tmp_path / "app"
    (app / "views").mkdir(parents=True)
    (app / "__init__.py").write_text("")
    (app / "views" / "__init__.py").write_text("")
    (app / "views" / "answers.py").write_text("def page():\n    from .games import removed\n")
    (app / "views" / "games.py").write_text("from app.views import rules\n")
    (app / "views" / "rules.py").write_text("from . import answers\nfrom app import models\n")
    (app / "models.py").write_text("import os\n")

    assert circles(import_graph(app)) == [
        ("app.views.answers", "app.views.games", "app.views.rules")
    ]
