"""A club's people, on its own pages: the directors' roster of accounts and invitations,
the owner's roles, requests to join; and, for the invited, the invitation's page. Who may
open each is permissions.py's (guards.club_gate)."""

from __future__ import annotations

from axes.helpers import get_client_ip_address
from django.contrib.auth import get_user_model, login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from smear_scores import permissions
from smear_scores.forms.clubs import (
    DecideForm,
    InvitationForm,
    InvitationSignUpForm,
    JoinForm,
    RoleForm,
)
from smear_scores.models import Club, Invitation, JoinRequest, Membership, Player
from smear_scores.permissions import show_code
from smear_scores.selectors import club_people as selectors
from smear_scores.services import club_people as services
from smear_scores.services.club_start import ClubRefused
from smear_scores.wording import clubs as words

from .clubs_start import BACKEND
from .guards import club_gate, club_of


def _people(
    request: HttpRequest, club: Club, *, notice: str = "", problem: str = "", status: int = 200
) -> HttpResponse:
    context = {
        "club": club,
        "lines": selectors.roster_lines(club),
        "members": selectors.members(club),
        "requests": selectors.join_requests(club),
        "may_name": permissions.club_may(request.user, permissions.NAME_DIRECTORS, club.pk),
        "roles": [(r, words.ROLE_SENTENCES[r]) for r in reversed(permissions.ROLE_ORDER)],
        "notice": notice,
        "problem": problem,
    }
    return render(request, "clubs/people.html", context, status=status)


@require_GET
def club_people(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_of(slug)
    return club_gate(request, club, permissions.INVITE) or _people(request, club)


def _player(club: Club, player_id: int) -> Player:
    player = Player.objects.filter(club=club, pk=player_id).first()
    if player is None:
        raise Http404("This player is not on the club's roster: check the link.")
    return player


@require_POST
def player_invite(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    club = club_of(slug)
    refused = club_gate(request, club, permissions.INVITE)
    if refused:
        return refused
    try:
        invitation = services.invitation_create(
            player=_player(club, player_id), by=permissions.account(request.user)
        )
    except ClubRefused as refusal:
        return _people(request, club, problem=refusal.message, status=422)
    return redirect("club_invitation_show", club.slug, invitation.pk)


@require_POST
def player_unlink(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    club = club_of(slug)
    refused = club_gate(request, club, permissions.INVITE)
    if refused:
        return refused
    player = services.player_unlink(player=_player(club, player_id))
    return _people(
        request,
        club,
        notice=f"{player.name} is no longer linked to an account; their open invitation is "
        "withdrawn. Invite them again to link one.",
    )


@require_GET
def invitation_show(request: HttpRequest, slug: str, invitation_id: int) -> HttpResponse:
    """The link, its QR and its code, for the director to send or show: a secret that
    links an account to a player, so only the club's directors and owner open this page."""
    club = club_of(slug)
    refused = club_gate(request, club, permissions.INVITE)
    if refused:
        return refused
    try:
        invitation = selectors.invitation_get(club=club, invitation_id=invitation_id)
    except Invitation.DoesNotExist:
        raise Http404("No such invitation in this club: check the link.") from None
    page = reverse("club_invitation", args=[club.slug])
    link = request.build_absolute_uri(f"{page}#{show_code(invitation.code)}")
    context = {
        "club": club,
        "invitation": invitation,
        "link": link,
        "code": show_code(invitation.code),
        "open": invitation.used_at is None and not invitation.withdrawn,
    }
    response = render(request, "clubs/invitation_show.html", context)
    response["Cache-Control"] = "private, no-store"
    return response


@require_POST
def member_role(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_of(slug)
    refused = club_gate(request, club, permissions.NAME_DIRECTORS)
    if refused:
        return refused
    form = RoleForm(request.POST)
    user = get_user_model().objects.filter(pk=form.data.get("user") or 0).first()

    def write() -> Membership:
        if user is None:
            raise ClubRefused(words.ROLE_NOT_A_MEMBER)
        return services.role_set(club=club, user=user, role=form.cleaned_data["role"])

    done = form.attempt(write)
    if done is None or user is None:  # no such member: write() was refused
        problem = " ".join([*form.problems, *(str(e) for e in form.errors.get("role", []))])
        return _people(request, club, problem=problem, status=422)
    notice = words.ROLE_SET.format(name=user.get_username(), role=done.role, club=club.name)
    return _people(request, club, notice=notice)


@require_POST
def join_decide(request: HttpRequest, slug: str, request_id: int) -> HttpResponse:
    club = club_of(slug)
    refused = club_gate(request, club, permissions.INVITE)
    if refused:
        return refused
    asked = JoinRequest.objects.filter(club=club, pk=request_id).first()
    if asked is None:
        raise Http404("No such request to join this club: check the link.")
    decider = permissions.account(request.user)
    assert decider is not None, "club_gate lets only a signed-in member through"
    form = DecideForm(request.POST)
    if not form.is_valid():
        return _people(request, club, problem=words.DECISION_REQUIRED, status=422)
    accept = form.cleaned_data["decision"] == "accept"
    try:
        services.join_request_decide(request=asked, accept=accept, by=decider)
    except ClubRefused as refusal:
        return _people(request, club, problem=refusal.message, status=422)
    done = "is now a player of the club" if accept else "was refused"
    return _people(request, club, notice=f"{asked.name} ({asked.user.get_username()}) {done}.")


@require_http_methods(["GET", "POST"])
def invitation_open(request: HttpRequest, slug: str) -> HttpResponse:
    """Whoever holds the link: its code (after # in the link, filled in by the page's script,
    or typed) links their account, signed in or made here, to the invited player."""
    club = club_of(slug)
    user = permissions.account(request.user)
    signed_in = user is not None
    form_class = InvitationForm if signed_in else InvitationSignUpForm
    form = form_class(request.POST or None)

    def accept() -> Player:
        code = form.cleaned_data["code"]
        if user is not None:
            return services.invitation_accept(club=club, code=code, user=user)
        return services.invitation_sign_up(
            club=club,
            code=code,
            username=form.cleaned_data["username"],
            password=form.cleaned_data["password1"],
            email=form.cleaned_data["email"],
            address=get_client_ip_address(request) or "0.0.0.0",
        )

    player = form.attempt(accept)
    if player is not None:
        if not signed_in:
            login(request, player.user, backend=BACKEND)
        return render(
            request,
            "clubs/welcome.html",
            {"club": club, "message": words.LINKED.format(player=player.name, club=club.name)},
        )
    context = {"club": club, "form": form, "problems": form.problems, "signed_in": signed_in}
    status = 422 if request.method == "POST" else 200
    return render(request, "clubs/invitation_open.html", context, status=status)


@require_http_methods(["GET", "POST"])
def club_join(request: HttpRequest, slug: str) -> HttpResponse:
    """A signed-in person asks to join the club under their name; a director decides."""
    club = club_of(slug)
    user = permissions.account(request.user)
    if user is None:
        return redirect(f"{reverse('sign_up')}?next={request.path}")
    form = JoinForm(request.POST or None)
    asked = form.attempt(
        lambda: services.join_request_create(club=club, user=user, name=form.cleaned_data["name"])
    )
    context = {
        "club": club,
        "form": form,
        "problems": form.problems,
        "asked": selectors.own_request(club=club, user=user),
        "notice": words.JOIN_ASKED.format(club=club.name) if asked else "",
    }
    status = 422 if request.method == "POST" and asked is None else 200
    return render(request, "clubs/join.html", context, status=status)
