"""The presets: one module per preset, named after its slug (dashes as underscores), whose
``PRESET`` is the variant with its source and worked examples. A preset is best written
as settings with ``house.preset`` (it then passes the same check as a table's own house
rules and cites the rule ids of a written rules page, H1 …); the two seeds are written
out with the rule ids of their own pages.

PRESET_SLUGS lists them in the order the new-game screen offers them, the first being
the default: the registry (``registry.VARIANTS``) is every listed module's preset, and a
settings object's ``based_on`` names one of them.
"""

PRESET_SLUGS = (
    "schmier",
    "schmier-two-teams",
    "ne-wisconsin",
    "six-point-wisconsin",
    "auction-pitch",
    "ten-point-pitch",
    "ten-point-smear",
    "minnesota-smear",
    "pedro",
)
