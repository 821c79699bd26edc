"""Fields more than one form takes: a number as a browser posts it, a variant's option, and
what the small forms of the screens' POSTs share (forms.posted): a whole number (refused
in wording.posted's words), a screen's version, a "yes", text passed on as typed."""

from __future__ import annotations

from typing import Any, TypeVar

from django import forms

from smear_scores import rules
from smear_scores.wording import posted as words

FieldKind = TypeVar("FieldKind", bound=forms.Field)


def field_of(form: forms.BaseForm, name: str, kind: type[FieldKind]) -> FieldKind:
    """One of a form's fields as the kind it is declared, for what a form sets on it per
    request (a choice field's choices, a model choice's queryset)."""
    field = form.fields[name]
    if not isinstance(field, kind):
        raise TypeError(f"{name} is a {type(field).__name__}, not a {kind.__name__}")
    return field


class AsciiIntegerField(forms.IntegerField):
    """A whole number written in ASCII digits, as an <input type="number"> sends it: int()
    would also read "٣" or "１２", which no browser posts from this form."""

    def to_python(self, value: Any) -> int | None:
        text = str(value).strip() if value is not None else ""
        if text and not (text.isascii() and text.lstrip("-").isdigit()):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


def count_field(
    label: str,
    *,
    least: int,
    most: int,
    initial: int | None = None,
    required: bool = True,
    help_text: str = "",
    said: str = "",
) -> AsciiIntegerField:
    """A number a club sets on a form (rounds, points, nights, minutes): whole, in ASCII
    digits, from ``least`` to ``most``; anything else is refused beside the field in one
    sentence that gives the range (wording.posted.COUNT), or, where the refusal is shown
    away from the field, in one that names it as ``said`` ("The first round")."""
    refusal = (
        words.COUNT_NAMED.format(said=said, least=least, most=most)
        if said
        else words.COUNT.format(least=least, most=most)
    )
    return AsciiIntegerField(
        label=label,
        min_value=least,
        max_value=most,
        initial=initial,
        required=required,
        help_text=help_text,
        error_messages={
            kind: refusal for kind in ("required", "invalid", "min_value", "max_value")
        },
    )


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


# What a database integer column holds: a larger "number" names no row and fits no column.
MAX_NUMBER = 2**31 - 1
# A posted value quoted back in a refusal, cut to what a sentence can carry.
QUOTED = 20


def quoted(value: Any) -> str:
    text = str(value)
    return text if len(text) <= QUOTED else text[: QUOTED - 1] + "…"


class WholeNumberField(AsciiIntegerField):
    """A whole number a screen posts (a hand's number, a team, points, a club's id): ASCII
    digits, within what a database integer keeps. ``label`` starts each refusal ("The
    hand's number"); ``example`` is a number the page would send."""

    def __init__(
        self,
        *,
        label: str,
        example: int = 3,
        min_value: int = -MAX_NUMBER,
        max_value: int = MAX_NUMBER,
        **kwargs: Any,
    ) -> None:
        self.example = example
        super().__init__(label=label, min_value=min_value, max_value=max_value, **kwargs)
        self.error_messages["required"] = words.MISSING.format(label=label)
        self.error_messages["max_value"] = words.TOO_LARGE.format(label=label, limit=max_value)
        self.error_messages["min_value"] = words.TOO_SMALL.format(label=label, limit=min_value)

    def to_python(self, value: Any) -> int | None:
        try:
            return super().to_python(value)
        except forms.ValidationError:
            message = words.WHOLE_NUMBER.format(
                label=self.label, example=self.example, value=quoted(value)
            )
            raise forms.ValidationError(message, code="invalid") from None


class VersionField(forms.Field):
    """The version a screen was drawn at, posted back as it came (a hidden field): "" when
    sent empty; when not sent at all, ``absent`` (None: the write checks no version). Any
    other than the stored one is the write's to refuse as a stale screen (409)."""

    def __init__(self, *, absent: str | None = "", **kwargs: Any) -> None:
        self.absent = absent
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> str | None:
        return self.absent if value is None else str(value)


class YesField(forms.Field):
    """True only for "yes", as the page's buttons send it; anything else (or nothing) is no."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> bool:
        return bool(value == "yes")


class TextField(forms.Field):
    """Words as typed, passed on unchanged ("" when not sent; ``strip``: without the spaces
    around them): the service that keeps them checks them and says what is wrong (too
    long, an unprintable character among them)."""

    def __init__(self, *, strip: bool = False, **kwargs: Any) -> None:
        self.strip = strip
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> str:
        text = "" if value is None else str(value)
        return text.strip() if self.strip else text


class PresentField(forms.Field):
    """Whether the page sent this name at all (a button pressed, whatever its value)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> bool:
        return value is not None


class IdListField(forms.Field):
    """Each value posted under one name (ticked boxes), as sent: which of them name a row
    is the view's to find and say."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[str]:
        return [str(v) for v in value or []]
