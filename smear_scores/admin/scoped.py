"""What every club admin's screen shares: a club admin (staff, a director or owner of the club)
manages only their own clubs."""

from __future__ import annotations

from typing import Any, TypeVar

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import ForeignKey, Model, QuerySet
from django.http import HttpRequest

from smear_scores.forms.fields import field_of
from smear_scores.models import Club
from smear_scores.names import name_problem
from smear_scores.permissions import admin_club_ids
from smear_scores.services.clubs import name_refusal

M = TypeVar("M", bound=Model)


class ClubScopedAdmin(admin.ModelAdmin[M]):
    """Rows of the user's clubs only (superusers: all); permissions follow club admin."""

    club_field = "club"

    def _clubs(self, request: HttpRequest) -> set[int] | None:
        return admin_club_ids(request)

    def _allowed(self, request: HttpRequest, obj: M | None = None) -> bool:
        clubs = self._clubs(request)
        if clubs is None:
            return True
        if not clubs:
            return False
        if obj is None:
            return True
        club_id = obj.pk if self.club_field == "pk" else getattr(obj, f"{self.club_field}_id")
        return club_id in clubs

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self._allowed(request)

    def has_view_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return self._allowed(request, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return self._allowed(request)

    def has_change_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return self._allowed(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: M | None = None) -> bool:
        return self._allowed(request, obj)

    def get_queryset(self, request: HttpRequest) -> QuerySet[M]:
        queryset = super().get_queryset(request)
        clubs = self._clubs(request)
        if clubs is None:
            return queryset
        return queryset.filter(**{f"{self.club_field}__in": clubs})

    def formfield_for_foreignkey(
        self, db_field: ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> forms.ModelChoiceField[Any] | None:
        clubs = self._clubs(request)
        if db_field.name == "club" and clubs is not None:
            kwargs["queryset"] = Club.objects.filter(pk__in=clubs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


def row_choice(form: forms.BaseForm, name: str) -> forms.ModelChoiceField[Any]:
    """The field ``name`` of ``form``: a choice of rows (a ForeignKey's), its rows to narrow."""
    return field_of(form, name, forms.ModelChoiceField)


def shown_name(value: str, what: str) -> str:
    """A club's or a league's name, shown on every page of it: spaces as one, and text
    people can read (names.name_problem), as a player's name is."""
    name = " ".join(value.split())
    problem = name_problem(name)
    if problem is not None:
        raise ValidationError(f"The {what}'s name {problem}.")
    return name


def person_name(value: str) -> str:
    """A player's name, on the roster or in a game's seat: spaces as one, and refused in
    the roster's words (services.clubs.name_refusal) when no one could be called so."""
    name = " ".join(value.split())
    refusal = name_refusal(name)
    if refusal is not None:
        raise ValidationError(refusal)
    return name
