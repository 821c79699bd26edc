from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from smear_scores.models import Game, GameRevision, Hand, HandRevision, Seat
from smear_scores.names import name_key, name_problem
from smear_scores.services.games import game_names_changed
from smear_scores.services.ratings import ratings_recompute


class SeatForm(forms.ModelForm):
    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        refusal = name_refusal(name)
        if refusal is not None:
            raise ValidationError(refusal)
        return name


class SeatFormSet(forms.BaseInlineFormSet):
    def clean(self):
        """No two seats of a game with names that look the same (names.name_key), as a
        new game is refused with them."""
        super().clean()
        seen: dict[str, str] = {}
        for form in self.forms:
            name = getattr(form, "cleaned_data", {}).get("name")
            if not name:
                continue
            if (first := seen.setdefault(name_key(name), name)) != name:
                form.add_error(
                    "name",
                    f"{name} looks the same as {first} at another seat: give each player a "
                    "name the table can tell apart (e.g. add an initial).",
                )


class SeatInline(admin.TabularInline):
    """Names (and roster players) can be corrected; seats cannot be added, removed or
    moved, since the scores are replayed from them."""

    model = Seat
    form = SeatForm
    formset = SeatFormSet
    extra = 0
    fields = ["position", "name", "player"]
    readonly_fields = ["position"]
    raw_id_fields = ["player"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Read-only: every change to a game's hands, dealer or options goes through the
    services, which replay the game; an edit here would leave the cached scores wrong."""

    list_display = ["public_id", "variant", "hands_played", "finished", "removed_at", "updated_at"]
    list_filter = ["variant", "finished", ("removed_at", admin.EmptyFieldListFilter)]
    search_fields = ["public_id", "seats__name"]
    # Either secret lets whoever reads it score the game (the API, the scoring screen).
    exclude = ["edit_token", "scoring_secret"]
    readonly_fields = [
        f.name for f in Game._meta.fields if f.name not in ("edit_token", "scoring_secret")
    ]
    inlines = [SeatInline]

    def has_add_permission(self, request):
        return False

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        game = form.instance
        if any(f.has_changed() for formset in formsets for f in formset.forms):
            # The stored reason names the teams by their players: say it in the new names.
            game_names_changed(game=game)
        if game.league_id is not None and game.finished:
            # A roster player corrected on a finished league game changes whose rating it
            # moves: rate the club's games again now, in this request's transaction.
            ratings_recompute(club=game.league.club)


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "bidder", "bid", "made", "thrown_in"]
    readonly_fields = [f.name for f in Hand._meta.fields]

    def has_add_permission(self, request):
        # Hands are recorded at the table through the scoring service, which replays
        # the game; a hand typed in here would bypass it.
        return False


@admin.register(HandRevision)
class HandRevisionAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "action", "source", "at"]
    readonly_fields = [f.name for f in HandRevision._meta.fields]

    def has_add_permission(self, request):
        # The history is written only by the service that records or edits a hand.
        return False


@admin.register(GameRevision)
class GameRevisionAdmin(admin.ModelAdmin):
    """When a scorer removed a casual game from the home list, or restored it."""

    list_display = ["game", "action", "source", "at"]
    list_filter = ["action"]
    readonly_fields = [f.name for f in GameRevision._meta.fields]

    def has_add_permission(self, request):
        # Written only by services.game_remove and game_restore.
        return False


# -- clubs: a club admin (staff, Membership.is_admin) manages only their own clubs ---------

from django.contrib import messages  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.password_validation import validate_password  # noqa: E402
from django.core.exceptions import PermissionDenied  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.shortcuts import redirect  # noqa: E402
from django.template.defaultfilters import pluralize  # noqa: E402
from django.template.response import TemplateResponse  # noqa: E402
from django.urls import path, reverse  # noqa: E402
from django.utils.html import format_html  # noqa: E402

from smear_scores.models import Club, League, Membership, Player  # noqa: E402
from smear_scores.permissions import admin_club_ids  # noqa: E402
from smear_scores.rules import Option, Variant  # noqa: E402
from smear_scores.selectors import variants as variant_selectors  # noqa: E402
from smear_scores.services.clubs import (  # noqa: E402
    MergeRefused,
    RosterRefused,
    name_refusal,
    player_create,
    player_merge,
    players_create,
    roster_clash,
)


class ClubScopedAdmin(admin.ModelAdmin):
    """Rows of the user's clubs only (superusers: all); permissions follow club admin."""

    club_field = "club"

    def _clubs(self, request):
        return admin_club_ids(request)

    def _allowed(self, request, obj=None) -> bool:
        clubs = self._clubs(request)
        if clubs is None:
            return True
        if not clubs:
            return False
        if obj is None:
            return True
        club_id = obj.pk if self.club_field == "pk" else getattr(obj, f"{self.club_field}_id")
        return club_id in clubs

    def has_module_permission(self, request):
        return self._allowed(request)

    def has_view_permission(self, request, obj=None):
        return self._allowed(request, obj)

    def has_add_permission(self, request):
        return self._allowed(request)

    def has_change_permission(self, request, obj=None):
        return self._allowed(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._allowed(request, obj)

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        clubs = self._clubs(request)
        if clubs is None:
            return queryset
        return queryset.filter(**{f"{self.club_field}__in": clubs})

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        clubs = self._clubs(request)
        if db_field.name == "club" and clubs is not None:
            kwargs["queryset"] = Club.objects.filter(pk__in=clubs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


def shown_name(value: str, what: str) -> str:
    """A club's or a league's name, shown on every page of it: spaces as one, and text
    people can read (names.name_problem), as a player's name is."""
    name = " ".join(value.split())
    problem = name_problem(name)
    if problem is not None:
        raise ValidationError(f"The {what}'s name {problem}.")
    return name


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "slug"]

    def clean_name(self):
        return shown_name(self.cleaned_data["name"], "club")


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    form = ClubForm
    club_field = "pk"
    list_display = ["name", "slug", "public_page"]
    prepopulated_fields = {"slug": ["name"]}

    @admin.display(description="Public page")
    def public_page(self, obj):
        return reverse("club", args=[obj.slug])

    def view_on_site(self, obj):
        return reverse("club", args=[obj.slug])

    # Only a superuser founds or removes a club; a club admin edits their own.
    def has_add_permission(self, request):
        return request.user.is_superuser

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["club", "name"]

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        refusal = name_refusal(name)
        if refusal is not None:
            raise ValidationError(refusal)
        return name

    def clean(self):
        cleaned = super().clean()
        club, name = cleaned.get("club"), cleaned.get("name")
        if club is not None and name:
            # The roster's unique index is on the name's key, which this form does not show.
            clash = roster_clash(club=club, name=name, exclude=self.instance.pk)
            if clash is not None:
                self.add_error("name", clash)
        return cleaned


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

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs


@admin.register(Player)
class PlayerAdmin(ClubScopedAdmin):
    form = PlayerForm
    change_list_template = "admin/smear_scores/player/change_list.html"
    list_display = ["name", "club", "games"]
    list_filter = ["club"]
    search_fields = ["name"]
    actions = ["merge_players"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(n_games=Count("seats"))

    def save_model(self, request, obj, form, change):
        if change:
            # A corrected spelling: the seats keep the name as it was shown at each game.
            super().save_model(request, obj, form, change)
            return
        # A new player is written by the service, as the paste and the club nights do.
        obj.pk = player_create(club=obj.club, name=obj.name).pk
        obj._state.adding = False

    @admin.display(description="Games", ordering="n_games")
    def games(self, obj):
        return obj.n_games

    def view_on_site(self, obj):
        return reverse("player", args=[obj.pk])

    def get_urls(self):
        paste = path(
            "paste/",
            self.admin_site.admin_view(self.paste_view),
            name="smear_scores_player_paste",
        )
        return [paste, *super().get_urls()]

    def paste_view(self, request):
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
    def merge_players(self, request, queryset):
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


def league_variant_fixed(league: League | None) -> bool:
    """A league's games were played under its variant: it cannot change afterwards."""
    return league is not None and league.pk is not None and league.games.exists()


def option_field_name(variant: Variant, option: Option) -> str:
    return f"option_{variant.slug}_{option.name}"


class LeagueForm(forms.ModelForm):
    """The league with one field per house option of its variant (the presets say which),
    checked by the rules engine's own option check; stored in League.options.

    While the variant can still change, the options of every variant are offered, each
    under its variant's name; only those of the variant chosen are kept."""

    class Meta:
        model = League
        # Every field but options, which the option fields below fill.
        fields = [
            "club",
            "name",
            "variant",
            "start_date",
            "end_date",
            "ranking",
            "points_first",
            "points_second",
            "points_third",
            "min_games",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.variants = self.offered_variants(self.instance)
        for variant in self.variants:
            current = self.instance.options if self.instance.variant == variant.slug else {}
            # Unknown or out-of-date stored values fall back to the preset's default.
            values, _ = variant.resolve_options(current)
            for option in variant.options:
                self.fields[option_field_name(variant, option)] = self._field(
                    variant, option, values[option.name]
                )

    @staticmethod
    def offered_variants(league: League | None) -> list[Variant]:
        if league_variant_fixed(league):
            return [league.rules_variant]
        return variant_selectors.variants()

    @staticmethod
    def _field(variant: Variant, option: Option, value) -> forms.Field:
        rule = format_html(
            '<a href="{}#{}">Rule {} on the rules page</a>.',
            reverse("rules", args=[variant.slug]),
            option.rule,
            option.rule,
        )
        help_text = format_html("{} {}", option.help, rule)
        if option.type is bool:
            return forms.BooleanField(
                label=option.label, required=False, initial=value, help_text=help_text
            )
        # A whole number from a list; the engine (not the field) says which numbers are
        # allowed, so a value the list does not offer gets the engine's own message.
        return forms.IntegerField(
            label=option.label,
            initial=value,
            help_text=help_text,
            widget=forms.Select(choices=[(v, v) for v in option.allowed]),
            error_messages={"invalid": f"{option.label} must be a whole number."},
        )

    def clean_name(self):
        return shown_name(self.cleaned_data["name"], "league")

    def chosen_variant(self) -> Variant | None:
        slug = self.cleaned_data.get("variant", self.instance.variant)
        return next((v for v in self.variants if v.slug == slug), None)

    def clean(self):
        cleaned = super().clean()
        variant = self.chosen_variant()
        if variant is None:
            return cleaned  # the variant field says what is wrong
        given = {
            option.name: cleaned[option_field_name(variant, option)]
            for option in variant.options
            if option_field_name(variant, option) in cleaned
        }
        # The engine's own check, as when a game of the league starts (rules.new_game).
        resolved, errors = variant.resolve_options(given)
        for error in errors:
            option = next((o for o in variant.options if error.field == f"options.{o.name}"), None)
            field = option and option_field_name(variant, option)
            self.add_error(field if field in self.fields else None, error.message)
        # Set before the model's own check (League.clean) runs on it.
        self.instance.options = resolved if not errors else {}
        return cleaned


@admin.register(League)
class LeagueAdmin(ClubScopedAdmin):
    form = LeagueForm
    list_display = ["name", "club", "variant", "start_date", "end_date", "ranking"]
    list_filter = ["club", "variant"]

    def get_fieldsets(self, request, obj=None):
        fields = LeagueForm.Meta.fields
        fieldsets = [(None, {"fields": fields[:5]})]
        fixed = league_variant_fixed(obj)
        for variant in LeagueForm.offered_variants(obj):
            if not variant.options:
                continue
            description = (
                "Every game of the league starts with these; games already played keep the "
                "options they started with."
            )
            if not fixed:
                description = f"Used when the variant is {variant.name}. " + description
            fieldsets.append(
                (
                    f"House options: {variant.name}",
                    {
                        "fields": [option_field_name(variant, o) for o in variant.options],
                        "description": description,
                    },
                )
            )
        fieldsets.append(("Ranking", {"fields": fields[5:]}))
        return fieldsets

    def get_form(self, request, obj=None, change=False, **kwargs):
        # The option fields are the form's own (made per variant in LeagueForm), not the
        # model's: the admin must not ask the model for them.
        if kwargs.get("fields") is not None:
            kwargs["fields"] = [f for f in kwargs["fields"] if not f.startswith("option_")]
        return super().get_form(request, obj, change=change, **kwargs)

    def get_readonly_fields(self, request, obj=None):
        if league_variant_fixed(obj):
            return ["club", "variant"]
        return []

    def view_on_site(self, obj):
        return reverse("league", args=[obj.pk])


class MembershipForm(forms.ModelForm):
    """A member by username: an existing account, or a new one with the password given."""

    username = forms.CharField(max_length=150)
    password = forms.CharField(
        required=False,
        widget=forms.PasswordInput(render_value=False),
        help_text="Only for a new account: the member logs in with this username and password.",
    )

    class Meta:
        model = Membership
        fields = ["club", "is_admin"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["username"].initial = self.instance.user.get_username()
            self.fields["username"].disabled = True
            self.fields["password"].disabled = True

    # The clubs the signed-in admin administers; None for a superuser (set by get_form).
    admin_clubs: set[int] | None = None

    def clean(self):
        cleaned = super().clean()
        if self.instance.pk:
            if cleaned.get("is_admin"):
                self._check_not_elsewhere(self.instance.user, "is_admin")
            return cleaned
        username = cleaned.get("username", "").strip()
        users = get_user_model().objects
        user = users.filter(username=username).first()
        password = cleaned.get("password")
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
            for validator in model._meta.get_field(model.USERNAME_FIELD).validators:
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

    def _check_not_elsewhere(self, user, field: str) -> None:
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

    def save(self, commit=True):
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
class MembershipAdmin(ClubScopedAdmin):
    form = MembershipForm
    list_display = ["user", "club", "is_admin"]
    list_filter = ["club", "is_admin"]
    search_fields = ["user__username"]
    fields = ["club", "username", "password", "is_admin"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        form.admin_clubs = admin_club_ids(request)
        return form


# -- progressive nights: run from the director's screen; the admin shows them and their audit.

from smear_scores.models import Correction, Entrant, Night  # noqa: E402


class EntrantInline(admin.TabularInline):
    model = Entrant
    fields = ["player", "present", "checked_in_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Night)
class NightAdmin(ClubScopedAdmin):
    """Nights are opened, drawn and corrected on the director's screen (services.nights),
    so the draw and its recorded seeds stay whole; here they are read and deleted."""

    list_display = ["name", "club", "day", "variant", "rounds", "round_hands", "league"]
    list_filter = ["club", "variant"]
    inlines = [EntrantInline]

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in Night._meta.fields]

    def has_add_permission(self, request):
        return False

    def view_on_site(self, obj):
        return reverse("tournament", args=[obj.pk])


@admin.register(Correction)
class CorrectionAdmin(ClubScopedAdmin):
    """The audit of directors' corrections: read only."""

    club_field = "table__round__night__club"
    list_display = ["at", "table", "team", "points", "reason", "by"]
    list_filter = ["table__round__night__club"]

    def _allowed(self, request, obj=None) -> bool:
        clubs = self._clubs(request)
        if clubs is None or obj is None:
            return clubs is None or bool(clubs)
        return obj.table.round.night.club_id in clubs

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
