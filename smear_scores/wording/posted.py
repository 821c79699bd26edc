"""What a screen says when what it posted is not what its form sends (a number that is no
number, a field left out, a number larger than any the page gives): the one voice of the
small forms every POST goes through (smear_scores.forms.posted). Each sentence names what
is wrong and how to put it right.

Pure Python: no Django, no import of the engine."""

from __future__ import annotations

# A field the page always sends, missing: the page was not this app's, or was cut short.
MISSING = "{label} is missing: reload the page and try again."
# A whole number as a browser posts it: ASCII digits, within what the database keeps.
WHOLE_NUMBER = (
    "{label} is a whole number written in digits 0 to 9, such as {example}, not “{value}”: "
    "reload the page and try again."
)
TOO_LARGE = "{label} is at most {limit}: reload the page and try again."
TOO_SMALL = "{label} is at least {limit}: reload the page and try again."
# A number a person types on a club's form (rounds, points, nights, minutes), said beside
# its field: missing, not a number, or out of its range, the one way to put it right.
COUNT = "Type a whole number from {least} to {most}, in digits."
# The same, said where the field is not beside it (a refusal above a screen's forms).
COUNT_NAMED = "{said} is a whole number from {least} to {most}: type it in digits."
