"""Club, league, player and night pages."""

urlpatterns = []
