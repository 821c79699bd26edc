from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('smear_scores', '0018_player_user'),
    ]

    operations = [
        migrations.AddField(
            model_name='player',
            name='kept',
            field=models.BooleanField(default=True, verbose_name='on the roster'),
        ),
        migrations.AddField(
            model_name='game',
            name='scored_by',
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name='entrant',
            name='claim_phone',
            field=models.CharField(blank=True, default='', max_length=32),
        ),
    ]
