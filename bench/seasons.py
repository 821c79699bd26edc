"""A club season for the bench: BENCH nights of Schmier, each with the same players checked
in and its rounds played and agreed, inside one season."""

from __future__ import annotations

from datetime import date, timedelta


def build_season(nights: int = 40, players: int = 60, rounds: int = 2) -> str:
    """The season page's path, for ``nights`` nights of ``players`` players."""
    from smear_scores.models import Club, Player
    from smear_scores.rules import HandEntry
    from smear_scores.selectors.agreements import agree_version, agreeing_teams
    from smear_scores.services import night_phones
    from smear_scores.services import nights as night_services
    from smear_scores.services.agreements import hand_agree
    from smear_scores.services.recording import hand_record
    from smear_scores.services.seasons import season_save

    club = Club.objects.create(name="Season bench club", slug=f"season-bench-{nights}-{players}")
    roster = [Player.objects.create(club=club, name=f"Player {i:02d}") for i in range(players)]
    start = date(2026, 1, 6)
    for n in range(nights):
        night = night_services.night_open(
            club=club,
            name=f"Night {n + 1}",
            day=start + timedelta(days=7 * n),
            variant="schmier",
            rounds=rounds,
            round_hands=1,
        )
        for player in roster:
            night_phones.night_check_in(night=night, player=player)
        for r in range(rounds):
            drawn = night_services.round_draw(night=night, seed=n * 100 + r)
            for t, table in enumerate(drawn.tables.select_related("game")):
                entry = HandEntry(bidder=t % 3, bid=3, points=(3, 2, 1))
                game, _ = hand_record(game=table.game, entry=entry)
                for team in agreeing_teams(game):
                    hand_agree(game=game, team=team, number=1, version=agree_version(game, 1))
    season = season_save(
        club=club,
        name="Bench season",
        start=start,
        end=start + timedelta(days=7 * nights),
        nights_planned=nights,
        minimum=nights // 4,
        drop=2,
        tie_breaks=["nights_won", "rounds_won", "best_night", "head_to_head"],
    )
    return f"/clubs/{club.slug}/seasons/{season.pk}/"
