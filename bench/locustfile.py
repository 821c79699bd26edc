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
        """Open the game's hand-over link and confirm it: this phone may now score."""
        link = f"/g/{game['public_id']}/score/{game['edit_token']}/"
        self.client.get(link, name="hand-over link")
        self.client.post(
            link,
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
