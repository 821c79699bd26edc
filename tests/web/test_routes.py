"""The order of the app's addresses (smear_scores/urls.py): a game's pages are found before
the club's and the leagues' patterns are tried, and that order changes which view answers
no address."""

from django.urls import URLResolver, get_resolver, resolve


def _first_segments(part: URLResolver) -> set[str]:
    return {str(p.pattern).split("/")[0] for p in part.url_patterns}


def test_the_game_pages_first_segments_start_no_club_or_league_address():
    # The parts included at the root, in order (the admin's and the API's have prefixes
    # of their own): the game pages' part, tried first, shares no first segment with the
    # club's and the leagues' (whose order among themselves is as it was).
    parts = {
        p.urlconf_name.__name__: _first_segments(p)
        for p in get_resolver().url_patterns
        if isinstance(p, URLResolver) and str(p.pattern) == ""
    }
    assert list(parts) == [
        "smear_scores.views.urls",
        "smear_scores.views.club_urls",
        "smear_scores.views.league_urls",
    ]
    games = parts.pop("smear_scores.views.urls")
    assert games == {"", "sw.js", "new", "g", "rules"}
    for name, segments in parts.items():
        assert not games & segments, f"{name} starts addresses with {games & segments}"


def test_a_games_pages_are_found_before_the_clubs_and_leagues_patterns_are_tried():
    # Every request tries the patterns in order: the board, its live check and each hand
    # are what the phones at a table ask for most.
    for path, name in (
        ("/g/AbCdEfGh/", "game"),
        ("/g/AbCdEfGh/live/", "game_live"),
        ("/g/AbCdEfGh/hands/", "hand_record"),
    ):
        match = resolve(path)
        assert match.url_name == name
        assert len(match.tried) <= 10, f"{path}: {len(match.tried)} patterns tried"
