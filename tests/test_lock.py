"""The lock is the installed set: requirements.lock pins every package (with hashes), it
answers every bound in pyproject.toml, and this environment holds exactly its pins."""

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9._-]+(?:\[[^\]]*\])?)==([^\s;]+)\s*(?:;\s*(.*?))?\s*\\?$")


def locked() -> dict[str, tuple[str, str | None]]:
    """{name: (version, marker)} for every pin in requirements.lock."""
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if match := PIN.match(line):
            name, version, marker = match.groups()
            pins[canonicalize_name(Requirement(name).name)] = (version, marker)
    return pins


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project.get("optional-dependencies", {})
    return [Requirement(r) for r in project["dependencies"] + sum(extras.values(), [])]


def test_lock_pins_every_declared_dependency_within_its_bound():
    pins = locked()
    wrong = {
        str(req): pins.get(canonicalize_name(req.name), ("missing",))[0]
        for req in declared()
        if canonicalize_name(req.name) not in pins
        or pins[canonicalize_name(req.name)][0] not in req.specifier
    }
    assert wrong == {}, "pyproject.toml changed without `make lock`"


def test_lock_every_pin_carries_a_hash():
    text = (ROOT / "requirements.lock").read_text()
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2])
    assert [b.split()[0] for b in blocks if "--hash=sha256:" not in b] == []


def test_environment_holds_exactly_the_locked_versions():
    installed = {canonicalize_name(d.metadata["Name"]): d.version for d in metadata.distributions()}
    differ = {
        name: (version, installed.get(name))
        for name, (version, marker) in locked().items()
        if (marker is None or Marker(marker).evaluate()) and installed.get(name) != version
    }
    assert differ == {}, "run `make install` (the .venv is not the locked set)"
