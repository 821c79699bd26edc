"""What a night's screens share (the director's, views.nights; the phones' and the dashboard,
views.night_phones): the rules a night states, the dashboard's context, the director's
screen showing a refusal, the roster players a form names, and the room's version."""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from smear_scores.forms.night_substitutes import ScoringChangeForm, SubstituteForm
from smear_scores.forms.nights import PickForm
from smear_scores.forms.posted import InputRefused
from smear_scores.live.hub import Hub, Watch
from smear_scores.models import Night, Player
from smear_scores.permissions import room_key
from smear_scores.rules import Refusal
from smear_scores.selectors import night_phones as phone_selectors
from smear_scores.selectors import night_stamps
from smear_scores.selectors import nights as night_selectors
from smear_scores.selectors.night_substitutes import night_sat_in
from smear_scores.services import nights as night_services
from smear_scores.views.board import keep_no_copy, scoring_link
from smear_scores.views.guards import night_of
from smear_scores.wording import nights as words
from smear_scores.wording.night_scoring import movement_rules, scoring_rule
from smear_scores.wording.night_substitutes import policy_rule

# How often a card or the dashboard without a stream asks for a newer version.
POLL_SECONDS = 5


def night_rules(night: Night) -> list[str]:
    """The rules the night states before it starts, as its pages say them."""
    alone = night_selectors.night_alone(night)
    return [
        *movement_rules(night, alone=alone),
        scoring_rule(night.night_scoring, alone=alone),
        words.close_rule(night.close_rule, alone=alone),
        words.REVEAL_RULES[night.reveal],
        night_selectors.SIT_OUT_RULE,
        *filter(None, [night_selectors.night_tie_rule(night)]),
        policy_rule(night.sub_policy, night.bye_points),
    ]


def dashboard_context(
    night: Night, rounds: list[night_selectors.RoundView] | None = None
) -> dict[str, Any]:
    """The director's dashboard: every table of the round, who is checked in."""
    if rounds is None:
        rounds = night_selectors.night_rounds(night)
    entrants, _ = night_selectors.night_roster(night)
    return {
        "night": night,
        "version": night_stamps.night_version(night.pk),
        "dash": phone_selectors.night_dashboard(night, rounds),
        "entrants": entrants,
        "present": sum(1 for e in entrants if e.present),
        "rounds": rounds,
        "poll": POLL_SECONDS,
        "sat_in": night_sat_in(night),
    }


def add_scan_links(
    request: HttpRequest, night: Night, current: night_selectors.RoundView | None
) -> None:
    """Each table of the round with the address a phone scans to score it."""
    if current is None:
        return
    for card in current.tables:
        if night.league_id is None:
            # The table's scoring link: a phone that scans it may score the table.
            link = scoring_link(request, card.game)
            card.scan_url, card.code = link["handover_url"], link["scoring_code"]
        else:
            # A league game is scored by the club's signed-in members: its plain page.
            card.scan_url = request.build_absolute_uri(reverse("game", args=[card.game_public_id]))
            card.code = ""


def director_context(request: HttpRequest, night: Night, **extra: Any) -> dict[str, Any]:
    entrants, others = night_selectors.night_roster(night)
    rounds = night_selectors.night_rounds(night)
    current = rounds[-1] if rounds else None
    add_scan_links(request, night, current)
    return {
        **dashboard_context(night, rounds),
        "room_key": room_key(night.pk, night.join_code),
        "night_rules": night_rules(night),
        "alone": night_selectors.night_alone(night),
        "format": night_selectors.round_format(night),
        "others": others,
        "rounds": rounds,
        "current": current,
        "drawn": len(rounds),
        "can_draw": len(rounds) < night.rounds and (current is None or current.finished),
        "sit_out_rule": night_selectors.SIT_OUT_RULE,
        "tie_rule": night_selectors.night_tie_rule(night),
        "problems": [],
        "sub_form": SubstituteForm(night=night),
        "scoring_form": None if rounds else ScoringChangeForm(initial={"scoring": night.scoring}),
        **extra,
    }


def director_refused(
    request: HttpRequest, refusal: Refusal, night_id: int, **_: Any
) -> HttpResponse | None:
    """The director's screen again, with what was refused and why (422)."""
    if not isinstance(refusal, night_services.NightRefused | InputRefused):
        return None
    context = director_context(request, night_of(night_id), problems=[refusal.message])
    return keep_no_copy(render(request, "nights/director.html", context, status=422))


# A roster player's id as the director's form sends it: digits, no longer than a database
# key can be (a 5,000-digit "id" is no player's, and no query is made for it).
PLAYER_ID = re.compile(r"[0-9]{1,18}")


def roster_players(night: Night, values: list[str]) -> list[Player]:
    """The club's players the form's ``player`` values name; refused with a message when
    any value is not one of the roster's (another club's player, or no id at all)."""
    ids = {int(v) for v in values if PLAYER_ID.fullmatch(v)}
    found = night_selectors.night_club_players(night, sorted(ids)) if ids else []
    missing = len(set(values)) - len(found)
    if missing:
        raise night_services.NightRefused(
            words.NOT_ON_ROSTER.format(
                count=missing, are="is" if missing == 1 else "are", club=night.club.name
            )
        )
    return found


async def room_now(hub: Hub, watch: Watch) -> str:
    """A room's version after a change it follows; it follows the night's games as drawn."""
    night_id = watch.keys[0][1]
    version, games = await hub.run(room_read, night_id)
    hub.follow(watch, [("night", night_id), *(("game", pk) for pk in games)])
    return version


def room_read(night_id: int) -> tuple[str, list[int]]:
    return night_stamps.night_version(night_id), night_stamps.night_games(night_id)


def one_picked(request: HttpRequest, night: Night, nobody: str) -> Player:
    """The one roster player the director's form picked (``nobody``: the refusal when the
    form picked no one)."""
    picked = PickForm(request.POST, nobody=nobody).picked()
    return roster_players(night, picked)[0]
