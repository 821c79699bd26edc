"""Leagues: their variant and its options, one field per option of the preset."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard

from django import forms
from django.contrib import admin
from django.db.models import ForeignKey
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django_stubs_ext import StrOrPromise

from smear_scores.models import HouseRules, League
from smear_scores.rules import VARIANTS, Option, Variant

from .scoped import ClubScopedAdmin, shown_name

if TYPE_CHECKING:
    # The options of one fieldset, as django-stubs declares them (a TypedDict).
    from django.contrib.admin.options import _FieldOpts


def league_variant_fixed(league: League | None) -> TypeGuard[League]:
    """A league's games were played under its variant: it cannot change afterwards."""
    return league is not None and league.pk is not None and league.games.exists()


def option_field_name(variant: Variant, option: Option) -> str:
    return f"option_{variant.slug}_{option.name}"


class LeagueForm(forms.ModelForm[League]):
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
            "house_rules",
            "start_date",
            "end_date",
            "ranking",
            "points_first",
            "points_second",
            "points_third",
            "min_games",
        ]

    # The presets, read when the form is made (a new preset needs no migration).
    variant = forms.ChoiceField(
        help_text="With house rules chosen below, the preset they started from is kept here."
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        variant_field = self.fields.get("variant")
        if isinstance(variant_field, forms.ChoiceField):
            variant_field.choices = [(v.slug, v.name) for v in VARIANTS.values()]
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
        return list(VARIANTS.values())

    @staticmethod
    def _field(variant: Variant, option: Option, value: bool | int) -> forms.Field:
        help_text = render_to_string(
            "admin/smear_scores/_option_help.html", {"variant": variant, "option": option}
        )
        if option.type is bool:
            return forms.BooleanField(
                label=option.label, required=False, initial=value, help_text=help_text
            )
        # A whole number from a list; the engine (not the field) says which numbers are
        # allowed, so a value the list does not offer gets the engine's own message.
        return forms.IntegerField(
            label=option.label,
            # Only the chosen variant's options are read (clean): another variant's may be
            # left out of the post.
            required=False,
            initial=value,
            help_text=help_text,
            widget=forms.Select(choices=[(v, v) for v in option.allowed]),
            error_messages={"invalid": f"{option.label} must be a whole number."},
        )

    def clean_name(self) -> str:
        return shown_name(self.cleaned_data["name"], "league")

    def chosen_variant(self) -> Variant | None:
        house_rules: HouseRules | None = self.cleaned_data.get(
            "house_rules", self.instance.house_rules
        )
        if house_rules is not None:
            return house_rules.rules_variant  # house rules take no per-game options
        slug = self.cleaned_data.get("variant", self.instance.variant)
        return next((v for v in self.variants if v.slug == slug), None)

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        variant = self.chosen_variant()
        if variant is None:
            return cleaned  # the variant field says what is wrong
        given = {
            option.name: cleaned[option_field_name(variant, option)]
            for option in variant.options
            if cleaned.get(option_field_name(variant, option)) is not None
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
class LeagueAdmin(ClubScopedAdmin[League]):
    form = LeagueForm
    list_display = ["name", "club", "variant", "start_date", "end_date", "ranking"]
    list_filter = ["club", "variant"]

    def get_fieldsets(
        self, request: HttpRequest, obj: League | None = None
    ) -> list[tuple[StrOrPromise | None, _FieldOpts]]:
        fields = LeagueForm.Meta.fields
        fieldsets: list[tuple[StrOrPromise | None, _FieldOpts]] = [
            (None, {"fields": tuple(fields[:6])})
        ]
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
                        "fields": tuple(option_field_name(variant, o) for o in variant.options),
                        "description": description,
                    },
                )
            )
        fieldsets.append(("Ranking", {"fields": tuple(fields[6:])}))
        return fieldsets

    def get_form(
        self, request: HttpRequest, obj: League | None = None, change: bool = False, **kwargs: Any
    ) -> type[forms.ModelForm[League]]:
        # The option fields are the form's own (made per variant in LeagueForm), not the
        # model's: the admin must not ask the model for them.
        if kwargs.get("fields") is not None:
            kwargs["fields"] = [f for f in kwargs["fields"] if not f.startswith("option_")]
        return super().get_form(request, obj, change=change, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj: League | None = None) -> list[str]:
        if league_variant_fixed(obj):
            return ["club", "variant", "house_rules"]
        return []

    def formfield_for_foreignkey(
        self, db_field: ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> forms.ModelChoiceField[Any] | None:
        if db_field.name == "house_rules":
            # The sets the clubs this admin runs adopted (on a set's page).
            clubs = self._clubs(request)
            adopted = HouseRules.objects.filter(club__isnull=False).select_related("club")
            kwargs["queryset"] = adopted if clubs is None else adopted.filter(club__in=clubs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def view_on_site(self, obj: League) -> str:
        return reverse("league", args=[obj.pk])
