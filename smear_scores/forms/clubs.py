"""A club's own forms with no operator: signing up, starting a club, opening an invitation,
asking to join, naming roles. Shape only: the services decide (services.club_start,
services.club_people); their refusals show beside the field they name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

from smear_scores.models import Role
from smear_scores.wording import clubs as words

from .field_refusals import ListedRefusals
from .fields import TextField
from .posted import PostedForm

USERNAME_LENGTH = 150


class AccountFields(forms.Form):
    """A new account's username and password, typed twice, checked by the password rules
    (settings.AUTH_PASSWORD_VALIDATORS). E-mail is optional: a table's server sends none."""

    username = forms.CharField(
        max_length=USERNAME_LENGTH,
        label="Username",
        help_text="Letters, digits and @ . + - _ only. You sign in with it.",
        error_messages={"required": words.USERNAME_REQUIRED},
    )
    email = forms.EmailField(
        required=False,
        label="E-mail (optional)",
        help_text="Only where this server sends mail; never shown to anyone.",
        error_messages={"invalid": words.EMAIL_INVALID},
    )
    password1 = forms.CharField(
        label="Password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        error_messages={"required": words.PASSWORD_REQUIRED},
    )
    password2 = forms.CharField(
        label="Password again",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        error_messages={"required": words.PASSWORD_AGAIN_REQUIRED},
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        first, second = cleaned.get("password1"), cleaned.get("password2")
        if first and second and first != second:
            self.add_error("password2", words.PASSWORDS_DIFFER)
        elif first:
            model = get_user_model()
            try:
                validate_password(first, user=model(username=cleaned.get("username", "")))
            except ValidationError as error:
                self.add_error("password1", error)
        return cleaned


class NextForm(PostedForm):
    """Where to go once signed up (``next``), if the sign-up page was sent there."""

    next = TextField()


class SignUpForm(ListedRefusals, AccountFields):
    refusal_fields = {"username": "username"}


class ClubStartForm(ListedRefusals, forms.Form):
    refusal_fields = {"slug": "slug", "invitation": "invitation"}

    name = forms.CharField(
        max_length=80,
        label="The club's name",
        error_messages={"required": words.CLUB_NAME_REQUIRED},
    )
    slug = forms.CharField(
        max_length=40,
        label="Its address",
        help_text="Small letters, digits and dashes: /clubs/<address>/.",
        error_messages={"required": words.SLUG_REQUIRED},
    )
    invitation = forms.CharField(
        max_length=20,
        required=False,
        label="Invitation code",
        help_text="From the server's operator.",
    )

    def __init__(self, *args: Any, needs_invitation: bool = False, **kwargs: Any):
        super().__init__(*args, **kwargs)
        if not needs_invitation:
            del self.fields["invitation"]

    def clean_slug(self) -> str:
        slug: str = self.cleaned_data["slug"]
        return slug.strip().lower()


class InvitationForm(ListedRefusals, forms.Form):
    """The code of an invitation, filled from the link's # part (static/js/invitation.js)
    or typed; a person not signed in also makes an account (``AccountFields``)."""

    refusal_fields = {"code": "code", "username": "username"}

    code = forms.CharField(
        max_length=20,
        label="Invitation code",
        error_messages={"required": words.CODE_REQUIRED},
    )


class InvitationSignUpForm(InvitationForm, AccountFields):
    pass


class JoinForm(ListedRefusals, forms.Form):
    name = forms.CharField(
        max_length=40,
        label="Your name as the club knows it",
        error_messages={"required": words.JOIN_NAME_REQUIRED},
    )


class RoleForm(ListedRefusals, forms.Form):
    user = forms.IntegerField(widget=forms.HiddenInput)
    role = forms.ChoiceField(
        choices=Role.choices, error_messages={"invalid_choice": words.ROLE_INVALID}
    )


class DecideForm(forms.Form):
    decision = forms.ChoiceField(
        choices=[("accept", "accept"), ("refuse", "refuse")],
        error_messages={
            "required": words.DECISION_REQUIRED,
            "invalid_choice": words.DECISION_REQUIRED,
        },
    )
