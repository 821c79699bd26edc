"""OpenSkill ratings from finished games' placings, kept up to date and recomputable; the
merge of two records of one person keeps every game."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from openskill.models import PlackettLuce

from smear_scores.models import Player, Rating, Seat
from smear_scores.selectors.leagues import league_table
from smear_scores.services.clubs import MergeRefused, player_merge
from smear_scores.services.editing import hand_undo
from smear_scores.services.ratings import ratings_fresh, ratings_recompute, ratings_refresh

from .conftest import make_league, play, roster, wisconsin_win


def stored(club):
    return sorted(
        Rating.objects.filter(player__club=club).values_list(
            "player__name", "game_id", "seq", "mu", "sigma", "ordinal"
        )
    )


def test_ratings_after_a_game_are_openskill_plackett_luce_of_the_placings(club, league, four):
    ann, bob, cat, dan = four
    # The hand that wins the game rates it, in its own transaction: nothing is left to do.
    wisconsin_win(league, [ann, bob, cat, dan], winner=1)
    assert ratings_refresh(club=club) == 0
    model = PlackettLuce()
    [[w1, w2], [l1, l2]] = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1, 2]
    )
    latest = {r.player.name: r for r in Rating.objects.select_related("player")}
    assert (latest["Bob"].mu, latest["Bob"].sigma) == (w1.mu, w1.sigma)
    assert (latest["Ann"].mu, latest["Ann"].sigma) == (l1.mu, l1.sigma)
    assert latest["Bob"].ordinal == pytest.approx(w1.mu - 3 * w1.sigma)
    assert latest["Bob"].ordinal > 0 > latest["Ann"].ordinal


def test_ratings_schmier_three_placings(club):
    league = make_league(club, variant="schmier")
    six = roster(club, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    play(league, six, [(1, 3, (2, 3, 1))] + [(0, 6, (6, 0, 0))] * 4)  # A 1st, B 2nd, C 3rd
    ratings_refresh(club=club)
    by_name = {r.player.name: r.ordinal for r in Rating.objects.select_related("player")}
    assert by_name["Ann"] == by_name["Dan"] > by_name["Bob"] == by_name["Eve"]
    assert by_name["Bob"] > by_name["Cat"] == by_name["Fay"]


def test_ratings_rated_game_by_game_equal_recompute_from_scratch(club, league, four):
    ann, bob, cat, dan = four
    for seats, winner in [
        ([ann, bob, cat, dan], 0),
        ([ann, bob, dan, cat], 1),
        ([bob, ann, dan, cat], 0),
    ]:
        wisconsin_win(league, seats, winner=winner)
        assert ratings_fresh(club=club)
    assert ratings_refresh(club=club) == 0
    step_by_step = stored(club)
    assert len(step_by_step) == 12
    assert ratings_recompute(club=club) == 3
    assert stored(club) == step_by_step


def test_ratings_refresh_drops_a_reopened_game(club, league, four):
    first = wisconsin_win(league, four, winner=0)
    last = wisconsin_win(league, four, winner=1)
    assert ratings_fresh(club=club)
    # The director undoes the agreed last hand: it reopens the game (D8), and drops its
    # ratings in the same write.
    hand_undo(game=last, director=True)
    assert ratings_refresh(club=club) == 0
    assert sorted(set(Rating.objects.values_list("game_id", flat=True))) == [first.pk]
    assert ratings_fresh(club=club)


def test_ratings_recompute_command(club, league, four, capsys):
    wisconsin_win(league, four, winner=0)
    wisconsin_win(league, four, winner=1)
    call_command("ratings_recompute")
    assert capsys.readouterr().out == "Tuesday Smear Club: 2 games rated.\n"
    assert Rating.objects.count() == 8
    call_command("ratings_recompute", "--club", "tuesday")
    assert capsys.readouterr().out == "Tuesday Smear Club: 2 games rated.\n"
    with pytest.raises(CommandError, match="No club with the slug nowhere"):
        call_command("ratings_recompute", "--club", "nowhere")


def test_player_merge_keeps_every_game(club, league, four):
    ann, bob, cat, dan = four
    anne = roster(club, "Anne")[0]  # the same person, entered twice
    first = wisconsin_win(league, [ann, bob, cat, dan], winner=0)
    second = wisconsin_win(league, [anne, bob, cat, dan], winner=1)
    third = play(league, [bob, anne, dan, cat], [(0, 4, (4, 0))])
    player_merge(keep=ann, duplicate=anne)
    assert not Player.objects.filter(pk=anne.pk).exists()
    assert sorted(Seat.objects.filter(player=ann).values_list("game_id", "position", "name")) == [
        (first.pk, 0, "Ann"),
        (second.pk, 0, "Ann"),
        (third.pk, 1, "Ann"),
    ]
    row = next(r for r in league_table(league).players if r.name == "Ann")
    assert (row.played, row.won, row.lost) == (2, 1, 1)
    # The merge rates the games again itself: Ann's two finished games are hers now.
    assert ratings_fresh(club=club)
    assert Rating.objects.filter(player=ann).count() == 2


def test_player_merge_says_a_won_games_reason_in_the_kept_name(club, league, four):
    ann, bob, cat, dan = four
    anne = roster(club, "Anne")[0]
    game = wisconsin_win(league, [anne, bob, cat, dan], winner=0)
    assert game.reason.startswith("Anne & Cat win")
    player_merge(keep=ann, duplicate=anne)
    game.refresh_from_db()
    assert game.reason.startswith("Ann & Cat win")


def test_player_merge_refuses_two_people_at_the_same_game(club, league, four):
    ann, bob, cat, dan = four
    game = wisconsin_win(league, [ann, bob, cat, dan], winner=0)
    with pytest.raises(MergeRefused) as refused:
        player_merge(keep=ann, duplicate=cat)
    assert refused.value.message == (
        f"Ann and Cat both sat at game {game.public_id}, so they are two different people: "
        "correct that game's seats first, or keep both players."
    )
    assert Player.objects.filter(pk=cat.pk).exists()


def test_player_merge_refuses_other_clubs_and_the_same_player(club, other_club, four):
    zed = roster(other_club, "Zed")[0]
    with pytest.raises(MergeRefused, match="belong to different clubs"):
        player_merge(keep=four[0], duplicate=zed)
    with pytest.raises(MergeRefused, match="Pick two different players"):
        player_merge(keep=four[0], duplicate=four[0])
