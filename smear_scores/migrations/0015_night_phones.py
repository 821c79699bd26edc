# A club night run from the players' phones: check-in codes, each phone's check-in, the
# reveal and close rules, the announcement, tables closed as they stand.

from django.db import migrations, models

import smear_scores.models.nights


def codes(apps, schema_editor):
    Night = apps.get_model("smear_scores", "Night")
    for night in Night.objects.filter(join_code__isnull=True):
        night.join_code = smear_scores.models.nights.new_join_code()
        night.save(update_fields=["join_code"])


class Migration(migrations.Migration):
    dependencies = [
        ("smear_scores", "0014_two_keys"),
    ]

    operations = [
        migrations.AddField(
            model_name="night",
            name="join_code",
            field=models.CharField(max_length=12, null=True),
        ),
        migrations.RunPython(codes, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="night",
            name="join_code",
            field=models.CharField(
                default=smear_scores.models.nights.new_join_code, max_length=12, unique=True
            ),
        ),
        migrations.AddField(
            model_name="night",
            name="walk_ins",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="night",
            name="reveal",
            field=models.CharField(
                choices=[("live", "live"), ("end", "end")], default="live", max_length=4
            ),
        ),
        migrations.AddField(
            model_name="night",
            name="idle_minutes",
            field=models.PositiveSmallIntegerField(default=10),
        ),
        migrations.AddField(
            model_name="night",
            name="close_rule",
            field=models.CharField(
                choices=[("leader", "leader wins"), ("none", "no winner")],
                default="leader",
                max_length=6,
            ),
        ),
        migrations.AddField(
            model_name="night",
            name="announcement",
            field=models.CharField(blank=True, default="", max_length=200),
        ),
        migrations.AddField(
            model_name="night",
            name="announced_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="entrant",
            name="phone",
            field=models.CharField(blank=True, default="", max_length=32),
        ),
        migrations.AddField(
            model_name="roundtable",
            name="closed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="roundtable",
            name="closed_scores",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
