# The club's roles, the keys' scorer per hand and check-in claims, and the seasons were
# made side by side from 0018; this joins them.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("smear_scores", "0019_club_roles"),
        ("smear_scores", "0019_keys_scored_by_claims"),
        ("smear_scores", "0019_season_scoring_seasons"),
    ]

    operations = []
