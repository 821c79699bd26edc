"""The house's doorways: the screens (views/) and the API (api/) never call the rules
engine; they ask services to write and services or selectors to check and read. They may
name the engine's types (HandEntry, HandRefused, Variant …) and read its data (the list of
presets, its limits), and call nothing of it."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import smear_scores
from smear_scores import request_refusals, rules

PACKAGE = Path(smear_scores.__file__).parent


def _type_or_data(name: str) -> bool:
    """A class of the engine, or a value it holds that cannot be called (VARIANTS)."""
    found = getattr(rules, name, None)
    if inspect.isclass(found):
        return True
    return found is not None and not callable(found) and not inspect.ismodule(found)


def engine_uses(path: Path) -> list[str]:
    """What one module takes from the engine other than a type or data: 'file:line name'."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [
                f"{path.name}:{node.lineno} import {alias.name}"
                for alias in node.names
                if alias.name.startswith("smear_scores.rules")
            ]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module == "smear_scores":
                found += [
                    f"{path.name}:{node.lineno} the rules module"
                    for alias in node.names
                    if alias.name == "rules"
                ]
            elif module.startswith("smear_scores.rules"):
                found += [
                    f"{path.name}:{node.lineno} {alias.name}"
                    for alias in node.names
                    if not _type_or_data(alias.name)
                ]
    return found


@pytest.mark.parametrize("layer", ["views", "api"])
def test_layer_takes_only_types_from_the_rules_engine(layer):
    modules = sorted((PACKAGE / layer).glob("*.py"))
    assert modules, f"no modules found under smear_scores/{layer}"

    assert [use for m in modules for use in engine_uses(m)] == []


def test_engine_uses_finds_calls_and_data_taken_from_the_engine(tmp_path):
    # The check itself: a module that reaches the engine is named, a types-only one is not.
    module = tmp_path / "view.py"
    module.write_text(
        "from smear_scores import rules\n"
        "import smear_scores.rules.game\n"
        "from smear_scores.rules import HandEntry, HandRefused, describe, VARIANTS\n"
        "from smear_scores.rules import variants, new_game, PRESET_SLUGS\n"
    )

    assert engine_uses(module) == [
        "view.py:1 the rules module",
        "view.py:2 import smear_scores.rules.game",
        "view.py:3 describe",
        "view.py:4 variants",
        "view.py:4 new_game",
    ]


def test_refusals_derive_from_the_one_hierarchy():
    # Every refusal a service raises has a kind, so each doorway's one handler answers it.
    from smear_scores.request_refusals import Conflict
    from smear_scores.selectors.games import GameRemoved
    from smear_scores.services.clubs import MergeRefused, RosterRefused
    from smear_scores.services.idempotency import KeyReused
    from smear_scores.services.nights import NightRefused

    # The kinds: the engine's (rules/errors.py) and the doorways' (request_refusals.py).
    homes = {rules.Refusal.__module__, request_refusals.__name__}
    kinds = {
        kind.__name__: next(k.__name__ for k in kind.__mro__ if k.__module__ in homes)
        for kind in (GameRemoved, MergeRefused, RosterRefused, Conflict, KeyReused, NightRefused)
    }

    assert kinds == {
        "GameRemoved": "Gone",
        "MergeRefused": "Refused",
        "RosterRefused": "Refused",
        "Conflict": "Conflict",
        "KeyReused": "Conflict",
        "NightRefused": "Refused",
    }
    # A removed game is a refusal of its own, never "no such game": a catch of the one
    # does not swallow the other.
    from smear_scores.models import Game

    assert not issubclass(GameRemoved, Game.DoesNotExist)


def test_no_module_imports_halfway_down():
    # An import below code (ruff's E402, silenced) is a module that should be two.
    late = sorted(
        f"{path.relative_to(PACKAGE)}:{number}"
        for path in PACKAGE.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if "noqa: E402" in line
    )

    assert late == []


def post_reads(path: Path) -> list[str]:
    """Where one module reads ``request.POST`` itself instead of handing it to a form (as a
    call's argument, ``request.POST or None`` included): 'file:line'."""
    tree = ast.parse(path.read_text(), filename=str(path))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Attribute)
            and node.attr == "POST"
            and isinstance(node.value, ast.Name)
            and node.value.id == "request"
        ):
            continue
        up = parents[node]
        if isinstance(up, ast.BoolOp | ast.keyword):
            up = parents[up]
        if not (isinstance(up, ast.Call) and up.func is not node):
            found.append(f"{path.name}:{node.lineno}")
    return found


def test_no_view_reads_a_post_by_hand():
    """Every POST a screen takes goes through a form (smear_scores/forms/), which refuses
    what no page sends in one voice (wording.posted): no view picks a value out of
    request.POST, parses a number of it or asks whether a name was sent."""
    modules = sorted((PACKAGE / "views").glob("*.py"))
    assert modules

    assert [read for m in modules for read in post_reads(m)] == []
