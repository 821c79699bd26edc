"""Each game gets its own scoring secret, separate from the API's edit token.

A callable default is evaluated once for every existing row, so existing games are given
their own secret one by one before the column takes its final shape. Phones that scored a
game before this change are asked for the scoring link again."""

from django.db import migrations, models

import smear_scores.models.games


def fill(apps, schema_editor):
    Game = apps.get_model("smear_scores", "Game")
    for game in Game.objects.only("pk").iterator():
        Game.objects.filter(pk=game.pk).update(
            scoring_secret=smear_scores.models.games.new_scoring_secret()
        )


class Migration(migrations.Migration):
    dependencies = [
        ("smear_scores", "0003_league_table_indexes"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="scoring_secret",
            field=models.CharField(editable=False, max_length=12, default=""),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="game",
            name="scoring_secret",
            field=models.CharField(
                default=smear_scores.models.games.new_scoring_secret, editable=False, max_length=12
            ),
        ),
    ]
