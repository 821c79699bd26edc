"""Fields more than one form takes: a number as a browser posts it, a variant's option."""

from __future__ import annotations

from typing import Any

from django import forms

from smear_scores import rules


class AsciiIntegerField(forms.IntegerField):
    """A whole number written in ASCII digits, as an <input type="number"> sends it: int()
    would also read "٣" or "１２", which no browser posts from this form."""

    def to_python(self, value: Any) -> int | None:
        text = str(value).strip() if value is not None else ""
        if text and not (text.isascii() and text.lstrip("-").isdigit()):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


def option_field(option: rules.Option) -> forms.Field:
    """The form field for one of a variant's per-game options."""
    if option.type is bool:
        return forms.BooleanField(required=False, label=option.label)
    return forms.TypedChoiceField(
        choices=[(str(v), str(v)) for v in option.allowed],
        coerce=int,
        initial=option.default,
        label=option.label,
        error_messages={
            "invalid_choice": "Tap one of the buttons.",
            "required": f"Tap one of the buttons for {option.label.lower()}.",
        },
    )
