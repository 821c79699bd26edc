"""`python -m bench.agreements`: an agreement's server CPU beside a hand's (two keys), in
process on the bench database (BENCH_DATABASE_URL, created and dropped as `make bench`
does it), Schmier games of ten hands whose other teams confirm.

- a hand: the scorer's htmx hand (its answer is the scorer's fresh board);
- an agreement: the other team's phone (a member seated on it, signed in) agreeing to the
  last hand, htmx (its answer is that team's board), one hand after the last it agreed
  to, in a game still being played: it moves no shared board (no board shows it), so
  nothing more is drawn for it;
- the watchers' board drawn afresh for a new version (boards.watcher_board, what a
  stream carries): a hand moves it, and so does the agreement that completes a finished
  game or one that opens or closes a dispute; the last row adds it to the agreement.

Each figure is CPU milliseconds of the thread (``time.thread_time``: the app's Python and
the database driver, not the database server), per call, over REQUESTS calls after WARM
unmeasured ones; what comes before each call (the hand to agree to) is not counted. The
goal: an agreement, its boards included, at most half of a hand, its boards included."""

from __future__ import annotations

from bench.costs import REQUESTS, per_call
from bench.run import bench_django, hand_poster

GAMES = 20
PASSWORD = "a-bench-only-password-0123"


def _games():
    from bench.data import game_with_hands
    from smear_scores.models import Game

    games = [game_with_hands(10) for _ in range(GAMES)]
    Game.objects.filter(pk__in=[g.pk for g in games]).update(confirm=True)
    return [Game.objects.get(pk=g.pk) for g in games]


def _opponent(app, game):
    """The second team's phone: a club member whose roster player holds seat 2 of the game
    (team 1), signed in (a team agrees as one of its own players: no code)."""
    from django.contrib.auth.models import User

    from bench.wsgi import Browser
    from smear_scores.models import Club, Player, Seat

    club, _ = Club.objects.get_or_create(slug="bench-keys", defaults={"name": "Bench keys"})
    name = f"bench-{game.public_id}"
    user = User.objects.create_user(name, password=PASSWORD)
    player = Player.objects.create(club=club, name=f"Player {game.pk}", user=user)
    Seat.objects.filter(game=game, position=1).update(player=player)
    phone = Browser(app)
    phone.call("GET", "/clubs/login/")
    status, body, _ = phone.call("POST", "/clubs/login/", {"username": name, "password": PASSWORD})
    if status != 302:
        raise SystemExit(f"Signing in answered {status}: {body[:300]!r}")
    return phone


def agreement_poster(app, games):
    """Before each call, a hand recorded on the game (not measured); the call: the other
    team agrees to it, as its phone does with htmx."""
    from bench.data import filler
    from smear_scores.selectors.agreements import agree_version
    from smear_scores.services.recording import hand_record

    phones = [_opponent(app, g) for g in games]
    current = list(games)
    turn = [0]
    sent: dict[str, str] = {}

    def before() -> None:
        i = turn[0] % len(current)
        game, _ = hand_record(game=current[i], entry=filler(current[i].state()), number=None)
        current[i] = game
        sent.update(number=str(game.hands_played), version=agree_version(game, game.hands_played))

    def call() -> None:
        i = turn[0] % len(current)
        turn[0] += 1
        status, body, _ = phones[i].call(
            "POST", f"/g/{current[i].public_id}/agree/hands/", dict(sent), HX_Request="true"
        )
        if status != 200 or b"agreed to hands" not in body:
            raise SystemExit(f"An agreement answered {status}: {body[:300]!r}")

    return call, before


def boards_moved():
    """The watchers' board drawn afresh after a change of the game (either kind)."""
    from bench.calls import streamed_board
    from bench.data import game_with_hands

    board = streamed_board(game_with_hands(10), again=False)
    return per_call(board, board.before)


def main() -> None:
    # The app's settings as `make bench` runs its section 1 (persistent connections).
    with bench_django():
        from django.core.wsgi import get_wsgi_application

        app = get_wsgi_application()
        hand = per_call(hand_poster(app, _games(), "htmx"))
        agree_call, agree_before = agreement_poster(app, _games())
        agreement = per_call(agree_call, agree_before)
        board = boards_moved()
        print(f"| row | CPU ms a call ({REQUESTS} calls) |")
        print("| --- | ---: |")
        print(f"| a hand (the scorer's htmx answer) | {hand:.2f} |")
        print(
            "| an agreement mid-game (the other team's htmx answer; no board moves) "
            f"| {agreement:.2f} |"
        )
        print(f"| the watchers' board drawn for a new version | {board:.2f} |")
        whole_hand = hand + board
        print(f"| a hand, its board included | {whole_hand:.2f} |")
        print(
            f"| an agreement that moves the board, its board included | {agreement + board:.2f} |"
        )
        for what, spent in (
            ("an agreement mid-game", agreement),
            ("an agreement that moves the board", agreement + board),
        ):
            ratio = spent / whole_hand
            verdict = "met" if ratio <= 0.5 else "NOT met"
            print(f"{what} / a hand: {ratio:.2f} (goal at most 0.50: {verdict})")


if __name__ == "__main__":
    main()
