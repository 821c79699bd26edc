"""The whole club as its archive (smear_scores.archive_format): its roster, house rules,
leagues, nights and every game of them with its hands, agreements and decisions."""

from __future__ import annotations

import json
from typing import Any

from django.db.models import Field, Q, QuerySet
from django.utils import timezone

from smear_scores.archive_format import (
    ACCOUNT_LINKS,
    FORMAT,
    TABLES,
    VERSION,
    ArchiveEncoder,
    archived_fields,
)
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
    Round,
    RoundTable,
    Seat,
    Substitution,
)


def club_rows(club: Club) -> dict[str, QuerySet[Any]]:
    """Each table's rows of ``club``, by the table's name (archive_format.TABLES')."""
    games = Game.objects.filter(Q(league__club=club) | Q(night_table__round__night__club=club))
    game_ids = list(games.values_list("pk", flat=True).distinct())
    rules_ids = set(HouseRules.objects.filter(club=club).values_list("pk", flat=True))
    rules_ids |= set(
        Game.objects.filter(pk__in=game_ids, house_rules__isnull=False).values_list(
            "house_rules_id", flat=True
        )
    )
    return {
        "club": Club.objects.filter(pk=club.pk),
        "house_rules": HouseRules.objects.filter(pk__in=rules_ids),
        "players": club.players.all(),
        "leagues": club.leagues.all(),
        "games": Game.objects.filter(pk__in=game_ids),
        "seats": Seat.objects.filter(game_id__in=game_ids),
        "hands": Hand.objects.filter(game_id__in=game_ids),
        "hand_revisions": HandRevision.objects.filter(game_id__in=game_ids),
        "game_revisions": GameRevision.objects.filter(game_id__in=game_ids),
        "disputes": Dispute.objects.filter(game_id__in=game_ids),
        "nights": club.nights.all(),
        "entrants": Entrant.objects.filter(night__club=club),
        "rounds": Round.objects.filter(night__club=club),
        "round_tables": RoundTable.objects.filter(round__night__club=club),
        "corrections": Correction.objects.filter(table__round__night__club=club),
        "substitutions": Substitution.objects.filter(night__club=club),
        "seasons": club.seasons.all(),
    }


def _row(obj: Any, fields: list[Field[Any, Any]]) -> dict[str, Any]:
    row: dict[str, Any] = {"id": obj.pk}
    for field in fields:
        if field.is_relation and field.name in ACCOUNT_LINKS and field.related_model is not None:
            related = getattr(obj, field.name)
            row[field.name] = related.get_username() if related is not None else None
        elif field.is_relation:
            row[field.name] = getattr(obj, field.attname)
        else:
            row[field.name] = field.value_from_object(obj)
    for field in obj._meta.many_to_many:
        row[field.name] = sorted(getattr(obj, field.name).values_list("pk", flat=True))
    return row


def club_archive(club: Club) -> dict[str, Any]:
    """The archive as a JSON-ready object (dates and times as ISO 8601 text)."""
    tables: dict[str, list[dict[str, Any]]] = {}
    for name, query in club_rows(club).items():
        fields = archived_fields(TABLES[name])
        tables[name] = [_row(obj, fields) for obj in query.order_by("pk")]
    archive = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now(),
        "tables": tables,
    }
    # Through Django's encoder once, so the object holds only JSON's own values.
    answer: dict[str, Any] = json.loads(json.dumps(archive, cls=ArchiveEncoder))
    return answer
