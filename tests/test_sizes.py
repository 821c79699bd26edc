"""The house's sizes (docs/architecture.md, "Sizes"): no module of the app over 600 lines,
no function over 60, so that a module is read whole and a function on one screen."""

from __future__ import annotations

import ast
from pathlib import Path

import smear_scores

PACKAGE = Path(smear_scores.__file__).parent
MODULE_MOST, FUNCTION_MOST = 600, 60


def sizes(root: Path) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """Every module's lines and every function's, largest first (migrations left out)."""
    modules, functions = [], []
    for path in sorted(root.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        source = path.read_text()
        modules.append((source.count("\n"), str(path.relative_to(root))))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1
                functions.append((length, f"{path.relative_to(root)}:{node.name}"))
    return sorted(modules, reverse=True), sorted(functions, reverse=True)


def test_no_module_over_600_lines_and_no_function_over_60():
    modules, functions = sizes(PACKAGE)

    assert [m for m in modules if m[0] > MODULE_MOST] == []
    assert [f for f in functions if f[0] > FUNCTION_MOST] == []


def test_sizes_counts_a_module_s_lines_and_each_function_s(tmp_path):
    (tmp_path / "m.py").write_text("def a():\n    return 1\n\n\nasync def b():\n    pass\n")

    assert sizes(tmp_path) == ([(6, "m.py")], [(2, "m.py:b"), (2, "m.py:a")])
