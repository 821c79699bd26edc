"""Delete the kept Idempotency-Key answers that are too old to be replayed."""

from typing import Any

from django.core.management.base import BaseCommand

from smear_scores.services.idempotency import KEY_TTL, idempotency_keys_prune


class Command(BaseCommand):
    help = (
        "Delete the answers kept for repeated requests (Idempotency-Key) once they are "
        "too old to be replayed. Keyed writes also do it now and then; run this from cron "
        "to keep the table small. Safe to run at any time."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        deleted = idempotency_keys_prune()
        hours = int(KEY_TTL.total_seconds() // 3600)
        self.stdout.write(f"Deleted {deleted} answer(s) older than {hours} hours.")
