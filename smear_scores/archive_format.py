"""The club archive's format (docs/clubs.md, "The club's archive"): a JSON object

    {"format": "smear-scores-club", "version": 1, "exported_at": "...", "tables": {...}}

whose ``tables`` hold, per kind of row below and in this order, a list of rows: each row's
stored fields by name, its own ``id`` as it was on the server it came from, and each link
to another row by that row's ``id`` (a league's ``club``, a seat's ``game`` and
``player``, …). An import gives every row a new id and follows the links, so a club moves
to a server that already has others. Left out: accounts and what belongs to them (members,
invitations, requests to join; a dispute's ``settled_by`` and a correction's ``by`` are
kept as the username they were, for the record), the ratings (a cache: replayed on
import), and every secret (scoring codes, API tokens, team codes, a night's check-in code:
made afresh on import, so an archive handed around lets nobody score or agree)."""

from __future__ import annotations

import datetime
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from smear_scores.models import (
    Club,
    Correction,
    Dispute,
    Entrant,
    Game,
    GameRevision,
    Hand,
    HandRevision,
    HouseRules,
    League,
    Night,
    Player,
    Round,
    RoundTable,
    Season,
    Seat,
    Substitution,
)

FORMAT = "smear-scores-club"
VERSION = 1

# Each kind of row by its name in the archive, in the order an import makes them (a row
# is made after every row it links to; a game's ``rematch_of`` is linked once every row
# is made).
TABLES: dict[str, type[models.Model]] = {
    "club": Club,
    "house_rules": HouseRules,
    "players": Player,
    "leagues": League,
    "games": Game,
    "seats": Seat,
    "hands": Hand,
    "hand_revisions": HandRevision,
    "game_revisions": GameRevision,
    "disputes": Dispute,
    "nights": Night,
    "entrants": Entrant,
    "rounds": Round,
    "round_tables": RoundTable,
    "corrections": Correction,
    "substitutions": Substitution,
    "seasons": Season,
}
# Links made once every row exists: (table, field).
LATE_LINKS = {("games", "rematch_of")}
SECRETS = {"edit_token", "scoring_secret", "join_code"}
# Links to accounts: kept as the username, never linked on import.
ACCOUNT_LINKS = {"settled_by", "by", "user"}


class ArchiveEncoder(DjangoJSONEncoder):
    """Django's JSON, but a time to the microsecond (Django's own stops at the millisecond,
    which would reorder two hands recorded in one millisecond)."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime):
            return o.isoformat()
        return super().default(o)


def archived_fields(model: type[models.Model]) -> list[models.Field[Any, Any]]:
    """The fields of ``model`` an archive holds (its id apart)."""
    return [f for f in model._meta.concrete_fields if not f.primary_key and f.name not in SECRETS]
