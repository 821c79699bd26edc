"""A night's scoring rules page: how its rounds score, with the club's numbers and a worked
example, open to anyone who may watch the night's room view (it shows no code)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from smear_scores.selectors import nights as night_selectors
from smear_scores.wording import nights as words
from smear_scores.wording.night_scoring import (
    EXAMPLE_INTRO,
    EXAMPLE_INTRO_ALONE,
    SYSTEM_NAMES,
    movement_rules,
    scoring_rule,
    worked_example,
)
from smear_scores.wording.night_substitutes import policy_rule


@require_GET
def night_scoring(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_selectors.night_get(night_id=night_id)
    scoring = night.night_scoring
    alone = night_selectors.night_alone(night)
    return render(
        request,
        "nights/scoring.html",
        {
            "night": night,
            "format": night_selectors.round_format(night),
            "system": SYSTEM_NAMES[scoring.system],
            "rule": scoring_rule(scoring, alone=alone),
            "example_intro": EXAMPLE_INTRO_ALONE if alone else EXAMPLE_INTRO,
            "example": worked_example(scoring, alone=alone),
            "other_rules": [
                *movement_rules(night, alone=alone),
                night_selectors.SIT_OUT_RULE,
                *filter(None, [night_selectors.night_tie_rule(night)]),
                words.close_rule(night.close_rule, alone=alone),
                policy_rule(night.sub_policy, night.bye_points),
            ],
        },
    )


@require_GET
def night_results_print(request: HttpRequest, night_id: int) -> HttpResponse:
    """The night's results for the notice board (A4): its standings, each round's high
    where the night has them, and how it scored. Open to anyone who may watch the room
    view (it shows no code)."""
    night = night_selectors.night_get(night_id=night_id)
    rounds = night_selectors.night_rounds(night)
    standings = night_selectors.night_standings(night, rounds)
    return render(
        request,
        "nights/results_print.html",
        {
            "night": night,
            "format": night_selectors.round_format(night),
            "rounds": rounds,
            "standings": standings,
            "prize_lines": night_selectors.night_prize_lines(night, standings, rounds),
            "rule": scoring_rule(night.night_scoring, alone=night_selectors.night_alone(night)),
        },
    )
