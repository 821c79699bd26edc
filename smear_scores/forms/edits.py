"""An edit's and an undo's posts besides the hand itself (forms.hands): which hand the
screen was opened on (its number, its version) and the step of the edit (``back`` to the
form, ``confirm=yes`` to store it)."""

from __future__ import annotations

from .fields import TextField, VersionField, YesField
from .posted import PostedForm


class UndoForm(PostedForm):
    """Take back hand ``number``, the last one as the screen showed it (``version``: the
    hand as it was then; not sent, no check). The number is compared as sent: any other
    than the last hand's is a stale screen (409), as a number no page sends is too."""

    number = TextField()
    version = VersionField(absent=None)


class EditStepForm(PostedForm):
    """Where an edit is: ``back`` (any value) to the form as filled, ``confirm=yes`` to
    store it; ``version``: the hand the screen was opened on ("" or none: as it is now)."""

    version = VersionField(absent=None)
    back = TextField()
    confirm = YesField()
