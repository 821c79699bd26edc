"""Draw a progressive night and print it as JSON with its fairness counts."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from smear_scores import rules
from smear_scores.rules.draw import draw_night, opponent_floor, player_counts
from smear_scores.rules.variants import shape_words

FAIRNESS_PLAYERS = (12, 18, 24, 30)
FAIRNESS_ROUNDS = (5, 6, 7, 8)
# The shapes of a table the fairness table covers, as (players, teams): the draw reads only
# these of a variant (S1: seat s on team s % teams). Three teams of two (Schmier), two of
# two (Wisconsin and most presets), two teams of three, four of two, and each alone.
FAIRNESS_SHAPES = ((6, 3), (4, 2), (6, 2), (8, 4), (4, 4), (3, 3))


def shape_variant(players: int, teams: int) -> rules.Variant:
    """A variant with the shape only (what the draw reads)."""
    return replace(
        rules.NE_WISCONSIN,
        slug="shape",
        name=shape_words(players, teams),
        players=players,
        teams=teams,
    )


def night_json(variant: rules.Variant, players: int, rounds: int, seed: int) -> dict[str, Any]:
    names = list(range(1, players + 1))
    draws = draw_night(variant, names, rounds, seed)
    counts = player_counts(variant, names, draws)
    return {
        "variant": variant.slug,
        "players": players,
        "rounds": rounds,
        "seed": seed,
        "draw": [
            {
                "round": number,
                "seed": draw.seed,
                "tables": [
                    {
                        "table": table.number,
                        "seats": list(table.seats),
                        "partnerships": [list(p) for p in table.partnerships(variant)],
                        "dealer": table.seats[table.dealer],
                    }
                    for table in draw.tables
                ],
                "sitting_out": list(draw.sitting_out),
            }
            for number, draw in enumerate(draws, start=1)
        ],
        "counts": {
            "repeated_partners": sum(c.repeated_partners for c in counts),
            "repeated_opponents": sum(c.repeated_opponents for c in counts),
            "fewest_repeated_opponents_possible": sum(
                opponent_floor(variant, players, c.rounds_played) for c in counts
            ),
            "sit_outs": sum(c.sit_outs for c in counts),
            "per_player": [
                {
                    "player": c.player,
                    "repeated_partners": c.repeated_partners,
                    "repeated_opponents": c.repeated_opponents,
                    "sit_outs": c.sit_outs,
                }
                for c in counts
            ],
        },
    }


def fairness_table(seed: int = 1) -> list[str]:
    """The fairness table in docs/clubs.md: one row per shape of table, players and rounds."""
    lines = [
        "| Table | Players | Rounds | Repeated partners | Repeated opponents "
        "(fewest possible) | Most repeated opponents of one player | Sit-outs per player |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for shape in FAIRNESS_SHAPES:
        variant = shape_variant(*shape)
        for players in FAIRNESS_PLAYERS:
            for rounds in FAIRNESS_ROUNDS:
                data = night_json(variant, players, rounds, seed)["counts"]
                per = data["per_player"]
                sits = [p["sit_outs"] for p in per]
                lines.append(
                    f"| {variant.name} | {players} | {rounds} | {data['repeated_partners']} | "
                    f"{data['repeated_opponents']} ({data['fewest_repeated_opponents_possible']})"
                    f" | {max(p['repeated_opponents'] for p in per)} | "
                    f"{min(sits)}–{max(sits)} |"
                )
    return lines


class Command(BaseCommand):
    help = (
        "Draw a progressive night (everyone present every round) and print it as JSON with "
        "the counts of repeated partners, repeated opponents and sit-outs per player. "
        "--fairness prints the fairness table of docs/clubs.md instead."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--variant", default="schmier", help="a preset's slug: " + ", ".join(rules.VARIANTS)
        )
        parser.add_argument("--players", type=int, default=24)
        parser.add_argument("--rounds", type=int, default=6)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--fairness", action="store_true", help="Print the fairness table as Markdown."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["fairness"]:
            self.stdout.write("\n".join(fairness_table(options["seed"])))
            return
        try:
            variant = rules.get_variant(options["variant"])
        except KeyError as error:
            raise CommandError(error.args[0]) from None
        players, rounds = options["players"], options["rounds"]
        if players < variant.players:
            raise CommandError(
                f"A {variant.name} table needs {variant.players} players: "
                f"give --players {variant.players} or more, not {players}."
            )
        if rounds < 1:
            raise CommandError("A night has at least one round: give --rounds 1 or more.")
        started, cpu = time.perf_counter(), time.process_time()
        data = night_json(variant, players, rounds, options["seed"])
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        self.stdout.write(json.dumps(data, indent=1))
        # Timing goes to stderr so the JSON stays the same for the same seed.
        # CPU time too: on a busy machine the wall clock mostly measures the others.
        self.stderr.write(
            f"Drew {players} players x {rounds} rounds in {seconds:.3f} s ({cpu:.3f} s of CPU)."
        )
