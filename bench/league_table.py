"""How long the league table takes for a season of 5,000 finished games (~75,000 hands).

    .venv/bin/python bench/league_table.py [--games 5000] [--runs 7]

Builds the league in a throwaway SQLite file (deleted afterwards), then prints the median
of several runs of: a trivial query (the baseline: what one round trip costs on this
machine), the table's selector alone, the whole league page (freshness check of the
ratings, the table, the template), the JSON table, the CSV, a player's page, and rating
one more finished game. Figures, not a test: the target is the league page under 0.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def median_seconds(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="smear-bench-")
    db_path = Path(workdir) / "bench.sqlite3"
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "smear_scores.settings")
    import django

    django.setup()
    from datetime import date

    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from bench.bulk import build_league
    from smear_scores.models import Club, Game, League, Player
    from smear_scores.names import name_key
    from smear_scores.selectors.leagues import league_table
    from smear_scores.services.ratings import ratings_recompute, ratings_refresh

    try:
        call_command("migrate", verbosity=0)
        club = Club.objects.create(name="Bench Club", slug="bench")
        league = League.objects.create(
            club=club, name="Season", variant="schmier", start_date=date(2020, 1, 1)
        )
        players = Player.objects.bulk_create(
            [
                Player(club=club, name=f"Player {i:02d}", name_key=name_key(f"Player {i:02d}"))
                for i in range(args.players)
            ]
        )
        start = time.perf_counter()
        hands = build_league(league, players, args.games)
        built = time.perf_counter() - start
        start = time.perf_counter()
        ratings_recompute(club=club)
        rated = time.perf_counter() - start
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")

        client = Client()
        player = players[0]

        def page(path: str):
            def get():
                response = client.get(path)
                assert response.status_code == 200, response.status_code
                if hasattr(response, "streaming_content"):
                    b"".join(response.streaming_content)
                else:
                    response.content  # noqa: B018

            return get

        def baseline():
            Game.objects.filter(pk=1).exists()

        figures = [
            ("baseline: one trivial query", median_seconds(baseline, args.runs)),
            (
                "ratings freshness check",
                median_seconds(lambda: ratings_refresh(club=club), args.runs),
            ),
            ("league table selector", median_seconds(lambda: league_table(league), args.runs)),
            (
                "league page /leagues/<id>/",
                median_seconds(page(f"/leagues/{league.pk}/"), args.runs),
            ),
            (
                "JSON /api/leagues/<id>/table",
                median_seconds(page(f"/api/leagues/{league.pk}/table"), args.runs),
            ),
            ("table CSV", median_seconds(page(f"/leagues/{league.pk}/table.csv"), args.runs)),
            (
                "player page /players/<id>/",
                median_seconds(page(f"/players/{player.pk}/"), args.runs),
            ),
        ]

        # A game finishes on a club night: the next page view rates it (incremental).
        seeds = iter(range(100, 100 + args.runs))

        def one_more_game():
            build_league(league, players, 1, seed=next(seeds))
            start = time.perf_counter()
            assert ratings_refresh(club=club) == 1
            return time.perf_counter() - start

        incremental = statistics.median(one_more_game() for _ in range(args.runs))
        figures.append(("ratings after one more game", incremental))
        print(
            f"League of {args.games} finished Schmier games, {hands} hands, {args.players} "
            f"players, SQLite, {os.cpu_count()} CPUs; built in {built:.1f} s, ratings "
            f"recomputed from scratch in {rated:.1f} s."
        )
        print(f"Median of {args.runs} runs:")
        for label, seconds in figures:
            print(f"  {label:<32} {seconds * 1000:8.1f} ms")
    finally:
        connection.close()
        for leftover in Path(workdir).iterdir():
            leftover.unlink()
        os.rmdir(workdir)


if __name__ == "__main__":
    main()
