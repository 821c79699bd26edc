"""Reads for clubs and leagues, one module per job; this module gathers them for the
views, the API and the services that read them:

- ``placings``: where each team of a finished game placed;
- ``league_table``: the table of players and partnerships, and its CSV rows;
- ``clubs``: clubs, leagues, rosters and the lines that list games;
- ``players``: a player's page;
- ``league_exports``: every hand of a league as CSV rows.

Every read runs a fixed number of queries whatever the number of games: totals are
aggregated in the database from the games' cached final scores and winner (Game.scores,
Game.winner) and from the hand columns (bidder, bid, made, awards).
"""

from smear_scores.selectors.clubs import (
    GameLine,
    club_days,
    club_get,
    club_leagues,
    club_list,
    club_roster,
    day_games,
    game_line,
    league_games,
    league_get,
    player_get,
)
from smear_scores.selectors.league_exports import league_hand_rows
from smear_scores.selectors.league_table import (
    TABLE_COLUMNS,
    LeagueTable,
    TableRow,
    league_table,
    rank_rows,
    rule_text,
    table_csv_rows,
)
from smear_scores.selectors.placings import game_placings, ordinal_word
from smear_scores.selectors.players import PlayerPage, player_page
from smear_scores.selectors.rating_scale import PROVISIONAL_GAMES

__all__ = [
    "TABLE_COLUMNS",
    "GameLine",
    "LeagueTable",
    "PlayerPage",
    "TableRow",
    "club_get",
    "club_leagues",
    "club_list",
    "club_days",
    "club_roster",
    "game_line",
    "game_placings",
    "league_games",
    "league_get",
    "league_hand_rows",
    "league_table",
    "PROVISIONAL_GAMES",
    "day_games",
    "ordinal_word",
    "player_get",
    "player_page",
    "rank_rows",
    "rule_text",
    "table_csv_rows",
]
