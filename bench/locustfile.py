"""Load for `make bench`: scorers' phones reading the scoreboard and recording hands, with
no pause between requests. bench.run starts gunicorn and this file, and passes the games
it made (BENCH_GAMES, a JSON file)."""

from __future__ import annotations

import itertools
import json
import os

from locust import HttpUser, constant, task

from bench.data import filler, form_fields
from smear_scores import rules

with open(os.environ["BENCH_GAMES"], encoding="utf-8") as games_file:
    GAMES = json.load(games_file)
_readers = itertools.count()
_scorers = itertools.count()


class Phone(HttpUser):
    abstract = True
    wait_time = constant(0)

    def take_over(self, game: dict) -> None:
        """Open the game's scoring link and confirm it: this phone may now score."""
        link = f"/g/{game['public_id']}/score/"
        self.client.get(link, name="hand-over link")
        self.client.post(
            link,
            data={"code": game["scoring_secret"]},
            headers={"HX-Request": "true", "X-CSRFToken": self.client.cookies.get("csrftoken")},
            name="hand-over link",
        )


class ScoreboardReader(Phone):
    def on_start(self) -> None:
        self.game = GAMES["boards"][next(_readers) % len(GAMES["boards"])]
        self.take_over(self.game)

    @task
    def scoreboard(self) -> None:
        self.client.get(f"/g/{self.game['public_id']}/", name="scoreboard")


class HandScorer(Phone):
    def on_start(self) -> None:
        # One game per phone: every hand is a new hand, never a clash between phones.
        self.game = GAMES["scoring"][next(_scorers)]
        self.take_over(self.game)
        self.state = rules.new_game(rules.get_variant(self.game["variant"]), {}, 0)

    @task
    def record_hand(self) -> None:
        entry = filler(self.state)
        with self.client.post(
            f"/g/{self.game['public_id']}/hands/",
            data=form_fields(entry, self.state.next_number),
            headers={"HX-Request": "true", "X-CSRFToken": self.client.cookies.get("csrftoken")},
            name="hand submission",
            catch_response=True,
        ) as response:
            if response.status_code == 200:
                self.state, _ = self.state.play(entry)
            else:
                response.failure(f"{response.status_code}: {response.text[:200]}")


_watchers = itertools.count()


class LiveWatcher(Phone):
    """An open board asking, with no pause, whether its game changed: nothing did."""

    def on_start(self) -> None:
        self.game = GAMES["boards"][next(_watchers) % len(GAMES["boards"])]

    @task
    def live_check(self) -> None:
        with self.client.get(
            f"/g/{self.game['public_id']}/live/",
            headers={"If-None-Match": f'"{self.game["version"]}"'},
            name="live check",
            catch_response=True,
        ) as response:
            if response.status_code == 304:
                response.success()
            else:
                response.failure(f"{response.status_code}: {response.text[:200]}")
