"""Clubs, their roster (players, pasted lists, merges) and memberships."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Field, QuerySet
from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import redirect
from django.template.defaultfilters import pluralize
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse

from smear_scores.models import Club, Membership, Player, Role
from smear_scores.names import name_key
from smear_scores.permissions import admin_club_ids
from smear_scores.services.clubs import (
    MergeRefused,
    RosterRefused,
    player_create,
    player_merge,
    players_create,
    roster_clash,
)

from .scoped import ClubScopedAdmin, person_name, row_choice, shown_name


class ClubForm(forms.ModelForm[Club]):
    class Meta:
        model = Club
        fields = ["name", "slug"]

    def clean_name(self) -> str:
        return shown_name(self.cleaned_data["name"], "club")


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin[Club]):
    form = ClubForm
    club_field = "pk"
    list_display = ["name", "slug", "public_page"]
    prepopulated_fields = {"slug": ["name"]}

    @admin.display(description="Public page")
    def public_page(self, obj: Club) -> str:
        return reverse("club", args=[obj.slug])

    def view_on_site(self, obj: Club) -> str:
        return reverse("club", args=[obj.slug])

    # Only a superuser founds or removes a club; a club admin edits their own.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return request.user.is_superuser

    def has_delete_permission(self, request: HttpRequest, obj: Club | None = None) -> bool:
        return request.user.is_superuser


class PlayerForm(forms.ModelForm[Player]):
    class Meta:
        model = Player
        fields = ["club", "name", "user"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Only the members of the clubs this admin manages (the club field is scoped).
        clubs = row_choice(self, "club").queryset
        if clubs is None:  # a choice of rows is made with its rows (None only until then)
            clubs = Club.objects.none()
        row_choice(self, "user").queryset = (
            get_user_model().objects.filter(memberships__club__in=clubs).distinct()
        )

    def clean_name(self) -> str:
        return person_name(self.cleaned_data["name"])

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        club, name = cleaned.get("club"), cleaned.get("name")
        if club is not None and name:
            # The roster's unique index is on the name's key, which this form does not show.
            clash = roster_clash(club=club, name=name, exclude=self.instance.pk)
            if clash is not None:
                self.add_error("name", clash)
        user = cleaned.get("user")
        if club is not None and user is not None:
            if not Membership.objects.filter(club=club, user=user).exists():
                self.add_error(
                    "user",
                    f"{user} is not a member of {club}: add them under Members first, "
                    "or leave this empty.",
                )
            elif Player.objects.filter(club=club, user=user).exclude(pk=self.instance.pk):
                self.add_error(
                    "user",
                    f"{user} is already another player of {club}: clear it there first.",
                )
        return cleaned


class _GamesCounted(TypedDict):
    n_games: int


if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    # A player of the admin's list, with the number of their games (get_queryset below);
    # an annotation only (WithAnnotations takes no model at run time).
    CountedPlayer = WithAnnotations[Player, _GamesCounted]


class PasteForm(forms.Form):
    """A list of players pasted into the admin: the club, and one name per line."""

    club = forms.ModelChoiceField(queryset=Club.objects.none(), empty_label=None)
    names = forms.CharField(
        label="Players, one name per line",
        widget=forms.Textarea(attrs={"rows": 12, "autocapitalize": "words", "spellcheck": "false"}),
        help_text="Blank lines are skipped. Nothing is added unless every line can be: a "
        "line that is refused says why, so you can fix it and add the list again.",
        strip=False,
    )

    def __init__(self, *args: Any, clubs: QuerySet[Club], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        row_choice(self, "club").queryset = clubs


@admin.register(Player)
class PlayerAdmin(ClubScopedAdmin[Player]):
    form = PlayerForm
    change_list_template = "admin/smear_scores/player/change_list.html"
    list_display = ["name", "club", "games"]
    list_filter = ["club"]
    search_fields = ["name"]
    actions = ["merge_players"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[CountedPlayer]:
        return super().get_queryset(request).annotate(n_games=Count("seats"))

    def save_model(self, request: HttpRequest, obj: Player, form: PlayerForm, change: bool) -> None:
        if change:
            # A corrected spelling: the seats keep the name as it was shown at each game.
            super().save_model(request, obj, form, change)
            return
        # A new player is written by the service, as the paste and the club nights do.
        obj.pk = player_create(club=obj.club, name=obj.name, user=obj.user).pk
        obj._state.adding = False

    @admin.display(description="Games", ordering="n_games")
    def games(self, obj: CountedPlayer) -> int:
        return obj.n_games

    def view_on_site(self, obj: Player) -> str:
        return reverse("player", args=[obj.pk])

    def get_urls(self) -> list[URLPattern]:
        paste = path(
            "paste/",
            self.admin_site.admin_view(self.paste_view),
            name="smear_scores_player_paste",
        )
        return [paste, *super().get_urls()]

    def paste_view(self, request: HttpRequest) -> HttpResponseBase:
        """Add a pasted list of players to one of the user's clubs (services.players_create)."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        clubs = Club.objects.all()
        if (ids := self._clubs(request)) is not None:
            clubs = clubs.filter(pk__in=ids)
        form = PasteForm(request.POST or None, clubs=clubs)
        if request.method == "POST" and form.is_valid():
            club = form.cleaned_data["club"]
            try:
                added = players_create(club=club, text=form.cleaned_data["names"])
            except RosterRefused as refused:
                for number, problem in refused.problems:
                    form.add_error("names", f"Line {number}: {problem}")
            else:
                self.message_user(
                    request,
                    f"Added {len(added)} player{pluralize(len(added))} to {club.name}: "
                    + ", ".join(p.name for p in added)
                    + ".",
                    messages.SUCCESS,
                )
                changelist = reverse("admin:smear_scores_player_changelist")
                return redirect(f"{changelist}?club__id__exact={club.pk}")
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": "Paste a list of players",
            "form": form,
            "media": self.media + form.media,
        }
        return TemplateResponse(
            request,
            "admin/smear_scores/player/paste.html",
            context,
            status=422 if form.errors else 200,
        )

    @admin.action(description="Merge the two selected players (the same person)")
    def merge_players(self, request: HttpRequest, queryset: QuerySet[CountedPlayer]) -> None:
        players = sorted(queryset, key=lambda p: (-p.n_games, p.pk))
        if len(players) != 2:
            self.message_user(
                request,
                f"Select exactly two players to merge, not {len(players)}.",
                messages.ERROR,
            )
            return
        keep, duplicate = players
        try:
            player_merge(keep=keep, duplicate=duplicate)
        except MergeRefused as refused:
            self.message_user(request, refused.message, messages.ERROR)
            return
        self.message_user(
            request,
            f"Merged {duplicate.name} into {keep.name}: every game of both is now {keep.name}'s.",
            messages.SUCCESS,
        )


class MembershipForm(forms.ModelForm[Membership]):
    """A member by username: an existing account, or a new one with the password given."""

    username = forms.CharField(max_length=150)
    password = forms.CharField(
        required=False,
        widget=forms.PasswordInput(render_value=False),
        help_text="Only for a new account: the member logs in with this username and password.",
    )

    class Meta:
        model = Membership
        fields = ["club", "role"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["username"].initial = self.instance.user.get_username()
            self.fields["username"].disabled = True
            self.fields["password"].disabled = True

    # The clubs the signed-in admin administers; None for a superuser (set by get_form).
    admin_clubs: set[int] | None = None

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.instance.pk:
            if cleaned.get("role") in (Role.DIRECTOR, Role.OWNER):
                self._check_not_elsewhere(self.instance.user, "role")
            return cleaned
        username = cleaned.get("username", "").strip()
        users = get_user_model().objects
        user = users.filter(username=username).first()
        password: str = cleaned.get("password") or ""
        if user is None and username and (problem := self._new_username_problem(username)):
            self.add_error("username", problem)
        elif user is None and not password:
            self.add_error(
                "password",
                f"There is no account called {username!r} yet: give a password to create it.",
            )
        elif user is None:
            # The same rules as every other password (settings.AUTH_PASSWORD_VALIDATORS).
            try:
                validate_password(password, user=get_user_model()(username=username))
            except ValidationError as error:
                self.add_error("password", error)
        club = cleaned.get("club")
        if user is not None and club is not None:
            if Membership.objects.filter(user=user, club=club).exists():
                self.add_error("username", f"{username} is already a member of {club}.")
            else:
                self._check_not_elsewhere(user, "username")
        self.user = user
        return cleaned

    @staticmethod
    def _new_username_problem(username: str) -> str | None:
        """Why a new account cannot be called ``username``: a username Django's own rules
        refuse (letters, digits and @ . + - _ only), or one that looks like an existing
        account's ("BEN", or "bеn" with a Cyrillic е, beside "ben"), which would sign in
        as the wrong person in a member's eyes."""
        model = get_user_model()
        try:
            field = model._meta.get_field(model.USERNAME_FIELD)
            for validator in field.validators if isinstance(field, Field) else []:
                validator(username)
        except ValidationError:
            return (
                f"{username!r} cannot be a username: use letters, digits and the signs "
                "@ . + - _ only, with no spaces."
            )
        key = name_key(username)
        for taken in model.objects.values_list(model.USERNAME_FIELD, flat=True).iterator():
            if name_key(taken) == key:
                return (
                    f"{username!r} looks the same as the account {taken!r}: type {taken!r} "
                    "to add that account, or pick a username that looks different."
                )
        return None

    def _check_not_elsewhere(self, user: User, field: str) -> None:
        """A club admin manages her own clubs' people only: an account that belongs to
        another club, or a site admin's, is added or made an admin by a site admin."""
        if self.admin_clubs is None:
            return
        elsewhere = user.is_superuser or (
            Membership.objects.filter(user=user).exclude(club_id__in=self.admin_clubs).exists()
        )
        if elsewhere:
            self.add_error(
                field,
                f"{user.get_username()} belongs to another club, so only a site admin can "
                f"add them here or make them an admin. Ask a site admin, or create a new "
                f"account for this club.",
            )

    def save(self, commit: bool = True) -> Membership:
        membership = super().save(commit=False)
        if not membership.pk:
            user = self.user
            if user is None:
                user = get_user_model().objects.create_user(
                    self.cleaned_data["username"].strip(), password=self.cleaned_data["password"]
                )
            membership.user = user
        if membership.is_admin and not membership.user.is_staff:
            # A club admin manages the club in the admin site, which needs staff status.
            membership.user.is_staff = True
            membership.user.save(update_fields=["is_staff"])
        if commit:
            membership.save()
        return membership


@admin.register(Membership)
class MembershipAdmin(ClubScopedAdmin[Membership]):
    form = MembershipForm
    list_display = ["user", "club", "role"]
    list_filter = ["club", "role"]
    search_fields = ["user__username"]
    fields = ["club", "username", "password", "role"]

    def get_form(
        self,
        request: HttpRequest,
        obj: Membership | None = None,
        change: bool = False,
        **kwargs: Any,
    ) -> type[forms.ModelForm[Membership]]:
        form = super().get_form(request, obj, change=change, **kwargs)
        if not issubclass(form, MembershipForm):  # made from self.form, so it is one
            raise TypeError(f"{form.__name__} is not a MembershipForm")
        form.admin_clubs = admin_club_ids(request)
        return form
