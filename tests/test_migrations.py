"""The migrations match the models, whose constraints are read from the variant presets:
a preset that bids or seats wider than the stored constraints fails here until a
migration is made."""

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_migrations_match_the_models_and_the_presets(capsys):
    call_command("makemigrations", "--check", "--dry-run", verbosity=1)

    assert capsys.readouterr().out == "No changes detected\n"


@pytest.mark.django_db(transaction=True)
def test_games_played_before_0007_get_their_reason_in_names_and_hands_counted():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from smear_scores import rules
    from smear_scores.models import Game

    executor = MigrationExecutor(connection)
    executor.migrate([("smear_scores", "0006_idempotency_created_at")])
    old = executor.loader.project_state([("smear_scores", "0006_idempotency_created_at")]).apps
    OldGame, OldSeat, OldHand = (old.get_model("smear_scores", m) for m in ("Game", "Seat", "Hand"))
    variant = rules.get_variant("schmier")
    state = rules.new_game(variant, {}, 0)
    hands = []
    for entry in [rules.HandEntry.thrown()] + [
        rules.HandEntry(bidder=0, bid=6, points=(6, 0, 0))
    ] * 4:
        state, result = state.play(entry)
        hands.append((entry, result))
    game = OldGame.objects.create(
        public_id="old", variant="schmier", variant_spec=rules.variant_to_dict(variant),
        first_dealer=0, scores=list(state.scores), hands_played=5, next_dealer=state.dealer,
        finished=True, winner=0, reason=state.reason,
    )  # fmt: skip
    for seat, name in enumerate(["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"]):
        OldSeat.objects.create(game=game, position=seat, name=name)
    for entry, result in hands:
        OldHand.objects.create(
            game=game, number=result.number, dealer=result.dealer, thrown_in=entry.thrown_in,
            bidder=entry.bidder, bid=entry.bid, points=list(result.points), made=result.made,
            scores_after=list(result.scores),
        )  # fmt: skip
    assert state.reason.startswith("Team A wins")

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    game = Game.objects.get(public_id="old")
    assert game.reason == "Ann & Dee win with 24 points: the only team at 21 or more."
    assert game.reason_rule == "S10"
    assert game.hands_scored == 4
