"""The migrations match the models, whose constraints are read from the variant presets:
a preset that bids or seats wider than the stored constraints fails here until a
migration is made."""

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_migrations_match_the_models_and_the_presets(capsys):
    call_command("makemigrations", "--check", "--dry-run", verbosity=1)

    assert capsys.readouterr().out == "No changes detected\n"
