"""Two keys' posts: a team agrees to hands or says one is not right (its board), and the
club's director settles a game (the queue). Each hand is named by its number as the page
showed it, with the version the page was drawn at; what the hands are is the service's to
check (services.agreements)."""

from __future__ import annotations

from .fields import TextField, VersionField, WholeNumberField, YesField
from .posted import PostedForm

HAND_NUMBER = "The hand's number"


class AgreeForm(PostedForm):
    """Agree to hand ``number`` and every hand before it (``withdraw=yes``: take it back);
    ``back=guide``: sent from the night's guide card, which it goes back to."""

    number = WholeNumberField(label=HAND_NUMBER)
    version = VersionField()
    withdraw = YesField()
    back = TextField()


class DisputeForm(PostedForm):
    """Hand ``number`` is not right, in a few ``words``."""

    number = WholeNumberField(label=HAND_NUMBER)
    words = TextField()
    version = VersionField()


class SettleForm(PostedForm):
    """The director's decision (keep, edit or swap) at hand ``number``, with a ``reason``."""

    number = WholeNumberField(label=HAND_NUMBER)
    decision = TextField()
    reason = TextField()
    version = VersionField()
