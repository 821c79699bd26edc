"""Writes of a club's settings page: its settings, and its leagues (a new one, a season
closed). One transaction each; who may is permissions.py's (SETTINGS, LEAGUES)."""

from __future__ import annotations

from datetime import date

from django.core.exceptions import ValidationError
from django.db import transaction

from smear_scores.models import Club, HouseRules, League
from smear_scores.services.club_start import ClubRefused

MAX_CONFIRM_HOURS = 24 * 30
# How a club's game names one of its house rules (as the forms do).
HOUSE = "house:"


@transaction.atomic
def club_settings_change(
    *,
    club: Club,
    confirm_hours: int,
    night_walk_ins: bool,
    night_reveal: str,
    night_sub_policy: str = "absent",
    night_bye_points: int = 0,
    variant: str,
    house_rules: HouseRules | None,
) -> Club:
    """The club's settings as the director set them. Its game: ``house_rules``, one of the
    club's own sets, else ``variant``, a preset's slug ("" for none)."""
    if house_rules is not None and house_rules.club_id != club.pk:
        raise ClubRefused("These house rules are not the club's: adopt them first.", "game")
    if not 1 <= confirm_hours <= MAX_CONFIRM_HOURS:
        raise ClubRefused(
            f"Give between 1 and {MAX_CONFIRM_HOURS} hours (30 days).", "confirm_hours"
        )
    club = Club.objects.select_for_update().get(pk=club.pk)
    club.confirm_hours = confirm_hours
    club.night_walk_ins = night_walk_ins
    club.night_reveal = night_reveal
    club.night_sub_policy = night_sub_policy
    club.night_bye_points = night_bye_points if night_sub_policy == "bye" else 0
    club.default_game = f"{HOUSE}{house_rules.public_id}" if house_rules is not None else variant
    club.save(
        update_fields=[
            "confirm_hours",
            "night_walk_ins",
            "night_reveal",
            "night_sub_policy",
            "night_bye_points",
            "default_game",
        ]
    )
    return club


def _checked(league: League) -> League:
    try:
        league.full_clean(exclude=["club", "house_rules"])
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise ClubRefused(" ".join(messages), field if field != "__all__" else "") from None
    return league


@transaction.atomic
def league_create(
    *,
    club: Club,
    name: str,
    variant: str,
    house_rules: HouseRules | None,
    start_date: date,
    ranking: str,
) -> League:
    """A new league (season) of the club, open from ``start_date``, playing ``house_rules``
    (the club's own) or the preset ``variant`` with its defaults."""
    if house_rules is not None and house_rules.club_id != club.pk:
        raise ClubRefused("These house rules are not the club's: adopt them first.", "game")
    league = League(
        club=club,
        name=" ".join(name.split()),
        variant=house_rules.based_on if house_rules is not None else variant,
        house_rules=house_rules,
        start_date=start_date,
        ranking=ranking,
    )
    league.clean()
    _checked(league).save()
    return league


@transaction.atomic
def league_close(*, league: League, end_date: date) -> League:
    """The season ends on ``end_date``: no league game is started after it (league_is_open);
    its table and games stay."""
    league = League.objects.select_for_update().get(pk=league.pk)
    if end_date < league.start_date:
        raise ClubRefused(
            f"The season started on {league.start_date.isoformat()}: close it on that day "
            "or later.",
            "end_date",
        )
    league.end_date = end_date
    league.save(update_fields=["end_date"])
    return league
