"""A form that shows what a service refused beside the fields it names: the web's forms
share it (the hand form, a new game, a night, a league game, "Our rules…")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TypeVar

from django import forms
from django.forms.utils import ErrorDict

from smear_scores.rules import Refused, RuleError
from smear_scores.templatetags.links import rules_url

Written = TypeVar("Written")


class RefusalErrors(forms.Form):
    """A form that shows what a service refused (rules.Refused) beside the fields it
    names. ``refusal_fields`` turns a refusal's field into the form's: an entry ending in
    "." maps a prefix ("players." → "player_": "players.3" is ``player_3``), any other one
    exact name. A problem of no field of the form goes to ``refusal_elsewhere``: the
    form's own errors, unless the form keeps a list of its own. Each problem keeps its
    rule (``error_rules``), so wherever it is shown it has its "why?" link (``why``) to
    the rule on the rules page the form names (``rules_page``)."""

    refusal_fields: dict[str, str] = {}
    # Django's own: each field's errors once the form is cleaned (None before); read
    # without cleaning the form, as ``errors`` would.
    _errors: ErrorDict | None

    @cached_property
    def error_rules(self) -> dict[str, str]:
        """Each problem's rule id (the rules page's anchor), where it has one."""
        return {}

    def errors_of(self, name: str) -> list[str]:
        """A field's messages ("__all__": the form's own) as far as the form was cleaned,
        without cleaning it (an unbound form has none)."""
        errors = self._errors or ErrorDict()
        return [str(message) for message in errors.get(name, [])]

    def rules_page(self) -> str:
        """The address of the rules page the "why?" links go to ("": no links)."""
        variant = getattr(self, "variant", None)
        return rules_url(variant) if variant is not None else ""

    def why(self, messages: Sequence[str]) -> dict[str, str]:
        """Each message's "why?" link (the rule on the rules page), where it has a rule."""
        if not any(m in self.error_rules for m in messages):
            return {}
        page = self.rules_page()
        if not page:
            return {}
        return {m: f"{page}#{self.error_rules[m]}" for m in messages if m in self.error_rules}

    def why_of(self, message: str) -> str:
        """One message's "why?" link ('' without one): ``{{ form|why_of:error|why_link }}``."""
        return self.why([message]).get(message, "")

    def refusal_field(self, name: str) -> str | None:
        for given, ours in self.refusal_fields.items():
            if given.endswith(".") and name.startswith(given):
                target = ours + name[len(given) :]
                break
            if name == given:
                target = ours
                break
        else:
            return None
        return target if target in self.fields else None

    def refusal_elsewhere(self, error: RuleError) -> None:
        self.add_error(None, error.message)

    def add_refusal(self, refused: Refused) -> None:
        for error in refused.errors:
            if error.rule:
                self.error_rules[error.message] = error.rule
            target = self.refusal_field(error.field)
            if target is None:
                self.refusal_elsewhere(error)
            else:
                self.add_error(target, error.message)

    def attempt(self, write: Callable[[], Written]) -> Written | None:
        """Run a service's write if the form is valid. Refused by a rule, its problems
        become this form's errors and the answer is None; any other refusal (a stale
        screen, a removed game) goes on to the web's handler (views.answers)."""
        if not self.is_valid():
            return None
        try:
            return write()
        except Refused as refused:
            self.add_refusal(refused)
            return None


class ListedRefusals(RefusalErrors):
    """A form whose page lists the problems of no field above it (``problems``)."""

    @cached_property
    def problems(self) -> list[str]:
        return []

    def refusal_elsewhere(self, error: RuleError) -> None:
        self.problems.append(error.message)
