"""The club admin's screens (Django's admin), a module per family of models. Importing
the package registers them all (Django's admin autodiscovery imports it)."""

from . import clubs, games, house_rules, leagues, nights  # noqa: F401  (each registers its screens)
