"""The season page shows the figures its tie-break chain reads (rounds won, best night)
beside nights won, as the CSV does."""

from __future__ import annotations

import csv
import io

from smear_scores.services.seasons import season_save

from .test_season_reads import a_season, night_of


def cells(page: str) -> list[list[str]]:
    body = page.split("<tbody>")[1].split("</tbody>")[0]
    return [[c.split(">")[-1] for c in row.split("</t")[:-1]] for row in body.split("</tr>")[:-1]]


def csv_lines(client, base: str) -> list[list[str]]:
    """The CSV's rows, a shared place without the quote that keeps a spreadsheet from
    reading "=4" as a formula."""
    response = client.get(base + "standings.csv")
    rows = csv.reader(io.StringIO(b"".join(response.streaming_content).decode()))
    return [[row[0].removeprefix("'"), *row[1:]] for row in rows]


def test_the_page_shows_rounds_won_and_best_night_where_the_tie_breaks_read_them(
    client, club, players
):
    for n in range(3):
        night_of(club, players, n, size=7, rounds=2)
    season = a_season(club)  # ties broken by nights won, rounds won, best night
    base = f"/clubs/{club.slug}/seasons/{season.pk}/"

    page = client.get(base).content.decode()
    lines = csv_lines(client, base)

    assert '<abbr title="Rounds won">Rds</abbr>' in page
    assert '<abbr title="Best night">Best</abbr>' in page
    # Place, name, nights, won, rounds, best, total: the CSV's figures, row by row.
    assert [row[:6] + row[7:] for row in lines[1:]] == cells(page)
    assert "Each night's own standings are on its page." in page

    keep = {f: getattr(season, f) for f in ("name", "start", "end", "nights_planned")}
    season_save(club=club, season=season, **keep, tie_breaks=["nights_won"])
    page = client.get(base).content.decode()
    lines = csv_lines(client, base)

    assert "Rounds won" not in page.split("<tbody>")[0]
    assert "Best night" not in page.split("<tbody>")[0]
    assert [row[:4] + row[7:] for row in lines[1:]] == cells(page)
    assert "Rounds won and each player's best night are in the CSV" in page
