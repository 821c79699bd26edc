"""League games are scored by their club's members on the scoring screen; the API reads them."""

from datetime import date

from smear_scores.models import Club, League, Player
from smear_scores.services.league_games import league_game_create


def _league_game():
    club = Club.objects.create(name="Tuesday Smear Club", slug="tuesday")
    league = League.objects.create(
        club=club, name="Winter", variant="ne-wisconsin", start_date=date(2020, 1, 1)
    )
    players = [Player.objects.create(club=club, name=n) for n in ("Ann", "Bo", "Cy", "Di")]
    return league_game_create(league=league, players=players, first_dealer=0)


def test_league_game_refuses_api_writes_even_with_its_token(api):
    game = _league_game()
    before = api.game(game.public_id)

    response = api.post(
        f"/api/games/{game.public_id}/hands",
        {"bidder": 1, "bid": 2, "points": [1, 3]},
        token=game.edit_token,
    )

    assert response.status_code == 403
    assert response.json()["message"] == (
        f"Game {game.public_id} belongs to a club league: its club's members score it on the "
        f"scoring screen, and the API can only read it."
    )
    assert api.game(game.public_id) == before
