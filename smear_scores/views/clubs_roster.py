"""The roster on the club's own pages (directors and the owner, permissions.ROSTER): a
pasted or uploaded list of names, previewed line by line and added only when confirmed;
renaming, merging two entries of one person, retiring a player."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_POST

from smear_scores import permissions
from smear_scores.forms.club_roster import AddForm, ImportForm, MergeForm, NameForm, RetireForm
from smear_scores.models import Club, Player
from smear_scores.rules import Refused
from smear_scores.selectors.club_people import roster_lines
from smear_scores.services import club_roster as roster_services
from smear_scores.services.clubs import (
    RosterRefused,
    player_merge,
    players_create,
    roster_check,
)
from smear_scores.wording import clubs as words

from .guards import club_gate, club_of


def _page(request: HttpRequest, club: Club, *, status: int = 200, **context: Any) -> HttpResponse:
    context = {
        "club": club,
        "lines": roster_lines(club),
        "form": context.pop("form", None) or ImportForm(),
        **context,
    }
    return render(request, "clubs/roster.html", context, status=status)


def _gated(request: HttpRequest, slug: str) -> tuple[Club, HttpResponse | None]:
    club = club_of(slug)
    return club, club_gate(request, club, permissions.ROSTER)


@require_http_methods(["GET", "POST"])
def club_roster(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the roster and the import form. POST ``preview``: each line's fate, nothing
    written; POST ``add`` (the previewed text): the names added, all or none."""
    club, refused = _gated(request, slug)
    if refused or request.method == "GET":
        return refused or _page(request, club)
    posted = AddForm(request.POST).checked()
    if posted["action"] == "add":
        text = posted["text"]
        try:
            added = players_create(club=club, text=text)
        except RosterRefused:
            return _preview(request, club, text, status=422)
        names = ", ".join(p.name for p in added)
        return _page(request, club, notice=f"Added {len(added)} to the roster: {names}.")
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, club, form=form, status=422)
    text = form.cleaned_data["text"]
    upload = form.cleaned_data.get("file")
    if upload:
        try:
            text = roster_services.csv_names(roster_services.upload_text(upload.read()))
        except Refused as refusal:
            return _page(request, club, form=form, problem=refusal.message, status=422)
    return _preview(request, club, text)


def _preview(request: HttpRequest, club: Club, text: str, status: int = 200) -> HttpResponse:
    fates = roster_check(club=club, text=text)
    refused = [f for f in fates if f[2] is not None]
    context = {
        "fates": fates,
        "text": text,
        "adding": len(fates) - len(refused),
        "refused": len(refused),
    }
    # The list stays in the box below the preview, to be fixed and checked again.
    form = ImportForm(initial={"text": text})
    return _page(request, club, status=status, preview=context, form=form)


def _player(club: Club, player_id: int) -> Player:
    player = Player.objects.filter(club=club, pk=player_id).first()
    if player is None:
        raise Http404("This player is not on the club's roster: check the link.")
    return player


@require_POST
def player_rename(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    club, refused = _gated(request, slug)
    if refused:
        return refused
    player = _player(club, player_id)
    form = NameForm(request.POST)
    if not form.is_valid():
        return _page(request, club, problem=words.RENAME_REQUIRED, status=422)
    old = player.name
    try:
        player = roster_services.player_rename(player=player, name=form.cleaned_data["name"])
    except Refused as refusal:
        return _page(request, club, problem=refusal.message, status=422)
    return _page(request, club, notice=f"{old} is now {player.name}.")


@require_POST
def player_retire(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    club, refused = _gated(request, slug)
    if refused:
        return refused
    form = RetireForm(request.POST)
    back = form.is_valid() and form.cleaned_data["back"]
    player = roster_services.player_retire(player=_player(club, player_id), retired=not back)
    done = words.PLAYER_BACK if back else words.PLAYER_RETIRED
    return _page(request, club, notice=done.format(player=player.name))


@require_POST
def players_merge(request: HttpRequest, slug: str) -> HttpResponse:
    club, refused = _gated(request, slug)
    if refused:
        return refused
    form = MergeForm(request.POST)
    if not form.is_valid():
        return _page(request, club, problem=words.MERGE_REQUIRED, status=422)
    keep = _player(club, form.cleaned_data["keep"])
    duplicate = _player(club, form.cleaned_data["duplicate"])
    try:
        player_merge(keep=keep, duplicate=duplicate)
    except Refused as refusal:
        return _page(request, club, problem=refusal.message, status=422)
    return _page(
        request,
        club,
        notice=f"Merged {duplicate.name} into {keep.name}: every game of both is now "
        f"{keep.name}'s, and the ratings are replayed.",
    )
