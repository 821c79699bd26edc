"""What a night's phones post: a player checking in on their own phone, and the director's
dashboard (the announcement, a walk-in kept; a check-in undone or moved is forms.nights'
PickForm)."""

from __future__ import annotations

from .fields import TextField, YesField
from .posted import PostedForm


class JoinForm(PostedForm):
    """A roster name picked (``player``: its id, as the page lists it) or a walk-in's
    typed; ``confirm=yes``: this phone asks for a name checked in on another phone."""

    player = TextField()
    walk_in = TextField(strip=True)
    confirm = YesField()


class AnnounceForm(PostedForm):
    """The director's announcement (empty: taken down); the service checks its words."""

    announcement = TextField()


class KeepForm(PostedForm):
    """A walk-in of the night the director keeps on the roster (``player``: their id)."""

    player = TextField()
