"""The director seats a substitute at a night, and changes how a night scores before round
1: each a small form (smear_scores.forms.night_substitutes) and one service call
(smear_scores.services.night_substitutes); a refusal is shown on the director's screen."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from smear_scores.forms.night_substitutes import ScoringChangeForm, SubEndForm, SubstituteForm
from smear_scores.services import night_substitutes as subs
from smear_scores.views.answers import refusals_shown_by
from smear_scores.views.guards import director_write, night_of
from smear_scores.views.night_parts import director_refused


@refusals_shown_by(director_refused)
@require_POST
def night_substitute(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)
    form = SubstituteForm(request.POST, night=night)

    def act() -> None:
        data = form.checked()
        subs.sub_seat(
            night=night,
            absent=data["absent"],
            sub=data["sub"],
            walk_in=data["walk_in"],
            first=data["first"],
            last=data["last"],
            by=request.user,
        )

    return director_write(request, night, act)


@refusals_shown_by(director_refused)
@require_POST
def night_scoring_change(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_of(night_id)
    form = ScoringChangeForm(request.POST)

    def act() -> None:
        subs.night_scoring_change(
            night=night, scoring=form.checked()["scoring"], scoring_numbers=form.numbers()
        )

    return director_write(request, night, act)


@refusals_shown_by(director_refused)
@require_POST
def night_sub_end(request: HttpRequest, night_id: int) -> HttpResponse:
    """The absent player is back from a round not drawn yet: the sub's rounds end before it."""
    night = night_of(night_id)
    form = SubEndForm(request.POST)

    def act() -> None:
        data = form.checked()
        subs.sub_end(night=night, substitution=data["substitution"], back=data["back"])

    return director_write(request, night, act)
