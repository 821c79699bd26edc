"""`python -m bench.calls`: Python function calls per request (cProfile's count) for the rows
whose time is mostly Python: a count that a busy machine does not change, beside
`make bench`'s times, which it does. On the bench database (BENCH_DATABASE_URL, created and
dropped as `make bench` does it)."""

from __future__ import annotations

import cProfile
import pstats

from bench.run import bench_django, board_viewer, get_ok, hand_poster, scorer

REQUESTS = 50


def calls_per_request(call, requests: int = REQUESTS) -> float:
    """The calls of ``call`` (of its view alone, for a board viewer: not the hand recorded
    before a cold view)."""
    before = getattr(call, "before", None)
    call = getattr(call, "view", call)
    for _ in range(20):
        if before is not None:
            before()
        call()
    total = 0
    for _ in range(requests):
        if before is not None:
            before()
        profile = cProfile.Profile()
        profile.enable()
        call()
        profile.disable()
        total += pstats.Stats(profile).total_calls
    return total / requests


def rows(app) -> list[tuple[str, object]]:
    from bench.data import game_with_hands
    from bench.wsgi import Browser

    board = game_with_hands(30)
    return [
        ("one-query view", get_ok(Browser(app), "/bench/one-query/")),
        ("hand-shaped write", get_ok(Browser(app), "/bench/hand-shaped-write/")),
        (
            "scoreboard, 30-hand game (scoring phone, same version)",
            get_ok(scorer(app, board), f"/g/{board.public_id}/"),
        ),
        (
            "scoreboard cold (first view after a hand)",
            board_viewer(app, game_with_hands(30), cold=True),
        ),
        (
            "scoreboard warm (another phone at the same version)",
            board_viewer(app, game_with_hands(30), cold=False),
        ),
        *(
            (
                f"hand submission, {how}",
                hand_poster(app, [game_with_hands(10) for _ in range(20)], how),
            )
            for how in ("htmx", "form", "api")
        ),
    ]


def main() -> None:
    with bench_django():
        from django.core.wsgi import get_wsgi_application

        app = get_wsgi_application()
        print("| request | Python calls per request |")
        print("| --- | ---: |")
        for name, call in rows(app):
            print(f"| {name} | {calls_per_request(call):,.0f} |", flush=True)


if __name__ == "__main__":
    main()
