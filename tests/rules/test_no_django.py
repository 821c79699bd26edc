"""The rules engine is pure Python: no module under smear_scores/rules imports Django."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import smear_scores.rules

RULES_DIR = Path(smear_scores.rules.__file__).parent
PROJECT_DIR = RULES_DIR.parent.parent


def outside_imports(path: Path, depth: int = 1) -> list[str]:
    """Imports in one module of the engine that reach Django or the rest of the project.
    ``depth``: the module's place under rules/ (1 for rules/game.py, 2 for
    rules/presets/pedro.py); a relative import that climbs no higher stays inside."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if 0 < node.level <= depth:
                continue  # from .hands import ..., from ..house import ...: inside the engine
            names = [("." * node.level) + (node.module or "")]
        else:
            continue
        for name in names:
            root = name.split(".")[0]
            if root in ("django", "smear_scores") or name.startswith(".."):
                found.append(f"{path.name}:{node.lineno} {name}")
    return found


def test_rules_modules_import_neither_django_nor_the_rest_of_the_project():
    modules = sorted(RULES_DIR.rglob("*.py"))

    assert [m.name for m in modules if m.parent == RULES_DIR] == [
        "__init__.py",
        "draw.py",
        "entry.py",
        "errors.py",
        "frozen.py",
        "game.py",
        "hands.py",
        "house.py",
        "movement.py",
        "night_scoring.py",
        "nights.py",
        "registry.py",
        "seasons.py",
        "sentences.py",
        "settings.py",
        "substitutes.py",
        "variants.py",
    ]
    assert {m.parent.relative_to(RULES_DIR) for m in modules} == {Path("."), Path("presets")}
    depth = {m: len(m.relative_to(RULES_DIR).parts) for m in modules}
    assert [imp for module in modules for imp in outside_imports(module, depth[module])] == []


def test_rules_import_loads_no_django_module_in_a_fresh_interpreter():
    code = (
        "import sys\n"
        "import smear_scores.rules\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}

    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=PROJECT_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )

    assert (run.returncode, run.stdout, run.stderr) == (0, "[]\n", "")


def test_rules_tests_use_no_database_and_no_django():
    # tests/rules must run without a database: no django_db mark, no Django, no models.
    found = []
    for path in sorted(Path(__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "django_db":
                found.append(f"{path.name}:{node.lineno} django_db")
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                if name.split(".")[0] in ("django", "pytest_django") or (
                    name.startswith("smear_scores") and not name.startswith("smear_scores.rules")
                ):
                    found.append(f"{path.name}:{node.lineno} {name}")

    assert found == []


def test_outside_imports_finds_a_django_import(tmp_path):
    # The scan above must be able to fail: show it on a module that breaks the rule.
    module = tmp_path / "bad.py"
    module.write_text(
        "from . import hands\n"
        "import json\n"
        "def late():\n"
        "    from django.conf import settings\n"
        "    import smear_scores.models\n"
        "    from ..services import games\n"
    )

    assert outside_imports(module) == [
        "bad.py:4 django.conf",
        "bad.py:5 smear_scores.models",
        "bad.py:6 ..services",
    ]
