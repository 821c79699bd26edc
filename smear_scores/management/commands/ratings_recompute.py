"""Replay every club's OpenSkill ratings from its finished league games, from scratch."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from smear_scores.models import Club
from smear_scores.services.ratings import ratings_recompute


class Command(BaseCommand):
    help = (
        "Recompute the OpenSkill ratings of every player from the club's finished league "
        "games, in the order they finished. Safe to run at any time."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--club",
            action="append",
            default=[],
            metavar="SLUG",
            help="Only this club (by the slug in its link); repeat for several.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        clubs = Club.objects.order_by("name")
        if options["club"]:
            clubs = clubs.filter(slug__in=options["club"])
            missing = set(options["club"]) - set(clubs.values_list("slug", flat=True))
            if missing:
                raise CommandError(
                    f"No club with the slug {', '.join(sorted(missing))}: see the club's link, "
                    "/clubs/<slug>/."
                )
        for club in clubs:
            games = ratings_recompute(club=club)
            self.stdout.write(f"{club.name}: {games} game{'s' if games != 1 else ''} rated.")
