"""The small forms every POST of the screens goes through: each reads what its page posts
and nothing else, and refuses what no page of the app sends in one voice
(wording.posted). ``PostedForm.checked`` gives the cleaned values or raises
``InputRefused`` (422), which the view's refusal page answers as it answers the service's
own refusals (views.answers.refusals_shown_by), so nothing is written."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS

from smear_scores.rules import Refused, RuleError


class InputRefused(Refused):
    """What a page posted is not what its form sends: each problem beside its field."""


class PostedForm(forms.Form):
    """A POST's fields, checked before any write."""

    def as_typed(self, name: str) -> str:
        """What was posted as ``name``, as it came ("" if nothing): to fill a field in
        again on the page that says what was refused."""
        return str(self.data.get(self.add_prefix(name), ""))

    def checked(self) -> dict[str, Any]:
        """The cleaned values; InputRefused with each field's first problem if any."""
        if self.is_valid():
            return self.cleaned_data
        raise InputRefused(
            [
                RuleError("__all__" if field == NON_FIELD_ERRORS else field, str(messages[0]), "")
                for field, messages in self.errors.items()
            ]
        )


def sent_fields(data: Any) -> dict[str, str]:
    """What a page posted, but the CSRF token (each name's last value): to carry it on
    through a page as hidden fields, or to tell one write from another."""
    return {k: v for k, v in data.items() if k != "csrfmiddlewaretoken"}
