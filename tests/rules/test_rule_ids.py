"""Every rule id the engine applies (cited in smear_scores/rules) has at least one test
named after it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import smear_scores.rules

RULES_DIR = Path(smear_scores.rules.__file__).parent
# S1-S10 (Schmier), W1-W10b (Wisconsin), D1-D13 (decisions), as the engine cites them.
RULE_ID = re.compile(r"\b([SW](?:10|[1-9])[ab]?|D(?:1[0-3]|[1-9]))\b")


def rule_ids_cited(paths: list[Path]) -> set[str]:
    return {match for path in paths for match in RULE_ID.findall(path.read_text())}


def rule_ids_in_test_names(paths: list[Path]) -> set[str]:
    names = [
        node.name
        for path in paths
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    ]
    return {
        match.group(1)[0].upper() + match.group(1)[1:]  # test_..._w10a_... is W10a
        for name in names
        for match in re.finditer(r"_([sdw]\d+[ab]?)(?=_)", name)
    }


def test_rule_ids_each_have_a_test_named_after_them():
    cited = rule_ids_cited(sorted(RULES_DIR.rglob("*.py")))
    tested = rule_ids_in_test_names(sorted(Path(__file__).parent.glob("test_*.py")))

    assert sorted(cited - tested) == []
    # Every family of rules is cited, so the check above cannot pass on an empty set.
    assert sorted({rule[0] for rule in cited}) == ["D", "S", "W"]


def test_rule_ids_cited_reads_ids_as_the_engine_writes_them(tmp_path):
    engine = tmp_path / "engine.py"
    engine.write_text(
        '# D8: over.\nrule = "W10b"\ntext = "(S3, W4, D12, D13) not S11, D14, D80 or SW1"\n'
    )

    assert rule_ids_cited([engine]) == {"D8", "W10b", "S3", "W4", "D12", "D13"}
