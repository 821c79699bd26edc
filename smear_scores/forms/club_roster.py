"""The roster's forms on the club's own pages: a list of names pasted or uploaded, a new
name, two entries of one person to merge. Shape only (services.club_roster, services.clubs)."""

from __future__ import annotations

from typing import Any

from django import forms

from smear_scores.wording import clubs as words

from .field_refusals import ListedRefusals
from .fields import TextField
from .posted import PostedForm


class AddForm(PostedForm):
    """``action=add``: the names the preview showed (``text``), to add all or none."""

    action = TextField()
    text = TextField()


class ImportForm(forms.Form):
    text = forms.CharField(
        required=False,
        label="Names, one per line",
        widget=forms.Textarea(attrs={"rows": 8}),
    )
    file = forms.FileField(
        required=False,
        label="Or a CSV file",
        help_text="The first column's names; UTF-8 or Windows-1252; a header “Name” is skipped.",
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if not cleaned.get("text", "").strip() and not cleaned.get("file"):
            raise forms.ValidationError(words.ROSTER_EMPTY)
        return cleaned


class NameForm(forms.Form):
    name = forms.CharField(max_length=200, error_messages={"required": words.RENAME_REQUIRED})


class RetireForm(forms.Form):
    """Retire a player, or (``back``) bring them back to the pickers."""

    back = forms.BooleanField(required=False)


class MergeForm(forms.Form):
    keep = forms.IntegerField(error_messages={"required": words.MERGE_KEEP_REQUIRED})
    duplicate = forms.IntegerField(error_messages={"required": words.MERGE_DUPLICATE_REQUIRED})


class ArchiveForm(ListedRefusals, forms.Form):
    """A club's archive to import, and the operator's invitation where the server asks one."""

    refusal_fields = {"invitation": "invitation"}

    file = forms.FileField(
        label="The club's archive (.json)",
        error_messages={"required": words.ARCHIVE_REQUIRED},
    )
    invitation = forms.CharField(max_length=20, required=False, label="Invitation code")

    def __init__(self, *args: Any, needs_invitation: bool = False, **kwargs: Any):
        super().__init__(*args, **kwargs)
        if not needs_invitation:
            del self.fields["invitation"]
