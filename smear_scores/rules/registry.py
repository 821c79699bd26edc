"""The presets the app offers: every preset module listed in ``presets.PRESET_SLUGS``, in
that order (the new-game screen's; the first is the default)."""

from __future__ import annotations

from importlib import import_module

from . import presets
from .variants import Variant


def listed() -> dict[str, Variant]:
    """Each listed preset by its slug: the ``PRESET`` of the module presets/<slug>.py (its
    dashes written as underscores), which must carry that slug."""
    found = {}
    for slug in presets.PRESET_SLUGS:
        module = import_module(f"{presets.__name__}.{slug.replace('-', '_')}")
        preset = module.PRESET
        if preset.slug != slug:
            raise ValueError(f"{module.__name__} holds the preset {preset.slug!r}, not {slug!r}.")
        found[slug] = preset
    return found


VARIANTS: dict[str, Variant] = listed()


def get_variant(slug: str) -> Variant:
    try:
        return VARIANTS[slug]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise KeyError(f"Unknown variant {slug!r}; known variants are {known}.") from None
