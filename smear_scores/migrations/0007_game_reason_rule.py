"""Each game keeps the rule that explains its reason, and its reason in the teams' names;
games played before hands_scored was kept (0005) get it counted."""

from django.db import migrations, models
from django.db.models import Count, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce


def _entry(rules, hand):
    # Hand.entry() of the model at this migration (historical models have no methods).
    if hand.thrown_in:
        return rules.HandEntry.thrown()
    if hand.awards is not None:
        return rules.HandEntry(bidder=hand.bidder, bid=hand.bid, awards=hand.awards)
    return rules.HandEntry(bidder=hand.bidder, bid=hand.bid, points=tuple(hand.points))


def restate(apps, schema_editor):
    from smear_scores import rules

    Game = apps.get_model("smear_scores", "Game")
    Hand = apps.get_model("smear_scores", "Hand")
    scored = (
        Hand.objects.filter(game=OuterRef("pk"), thrown_in=False)
        .order_by()
        .values("game")
        .annotate(n=Count("pk"))
        .values("n")
    )
    Game.objects.update(hands_scored=Coalesce(Subquery(scored), 0))
    for game in Game.objects.filter(~Q(reason="")).iterator():
        variant = rules.variant_from_dict(game.variant_spec)
        names = list(game.seats.order_by("position").values_list("name", flat=True))
        variant = variant.named(variant.seat_team_names(names))
        entries = [_entry(rules, h) for h in game.hands.order_by("number")]
        state, _ = rules.replay(variant, game.options, game.first_dealer, entries)
        Game.objects.filter(pk=game.pk).update(reason=state.reason, reason_rule=state.reason_rule)


class Migration(migrations.Migration):
    dependencies = [
        ("smear_scores", "0006_idempotency_created_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="reason_rule",
            field=models.CharField(blank=True, default="", max_length=10),
        ),
        migrations.RunPython(restate, migrations.RunPython.noop, elidable=True),
    ]
