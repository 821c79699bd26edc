"""The operator's invitation to start one club on a CLUB_STARTERS=invited server: prints
the code to hand to the organiser, who types it on "Start a club" after signing up."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from smear_scores.permissions import show_code
from smear_scores.services.club_start import start_invitation_create


class Command(BaseCommand):
    help = "Make a one-use invitation to start a club (CLUB_STARTERS=invited) and print it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--note", default="", help="Whom it is for (kept with it).")
        parser.add_argument("--days", type=int, default=14, help="Days it is valid (14).")

    def handle(self, *args: Any, note: str, days: int, **options: Any) -> None:
        if days < 1:
            self.stderr.write("Give --days 1 or more.")
            raise SystemExit(2)
        invitation = start_invitation_create(note=note, days=days)
        until = invitation.expires_at.strftime("%Y-%m-%d %H:%M UTC")
        self.stdout.write(
            f"Invitation code {show_code(invitation.code)}, valid once until {until}.\n"
            "The organiser signs up at /signup/, then types this code on /start-a-club/."
        )
