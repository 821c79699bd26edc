"""Every rule id of RULES.md has at least one test named after it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

RULE_IDS = (
    [f"S{n}" for n in range(1, 11)]
    + [f"W{n}" for n in range(1, 11)]
    + ["W10a", "W10b"]
    + [f"D{n}" for n in range(1, 13)]
)


def test_rule_ids_each_have_a_test_named_after_them():
    names = [
        node.name
        for path in sorted(Path(__file__).parent.glob("test_*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    ]
    ids_in_names = {
        match.group(1) for name in names for match in re.finditer(r"_([sdw]\d+[ab]?)(?=_)", name)
    }

    assert [rule for rule in RULE_IDS if rule.lower() not in ids_in_names] == []
    assert len(RULE_IDS) == 34
