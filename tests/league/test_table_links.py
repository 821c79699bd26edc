"""Each player of a league table links to their page, under whatever prefix the site is
served (the addresses are kept per prefix, not shared between them)."""

from __future__ import annotations

import re

from django.test.utils import override_script_prefix

from .conftest import wisconsin_win


def player_links(page: str) -> set[str]:
    return set(re.findall(r'<a href="([^"]*players/\d+/)">', page))


def test_league_table_links_every_player_under_the_sites_prefix(client, league, four):
    wisconsin_win(league, four, winner=0)
    with override_script_prefix("/club/"):
        mounted = client.get(f"/leagues/{league.pk}/").content.decode()
    plain = client.get(f"/leagues/{league.pk}/").content.decode()

    assert player_links(mounted) == {f"/club/players/{p.pk}/" for p in four}
    assert player_links(plain) == {f"/players/{p.pk}/" for p in four}
