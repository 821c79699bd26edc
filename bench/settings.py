"""The app's own settings (from the environment bench.run sets), plus the bench's URLconf
with a minimal view to compare against."""

from smear_scores.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
