"""Many finished league games at once, written with bulk_create: random but valid hands,
played through the rules engine so that every cached score and winner is what a replay
gives. For bench/league_table.py and the query-count tests."""

from __future__ import annotations

import random
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from smear_scores import rules
from smear_scores.models import Game, Hand, League, Player, Seat


def random_hand(variant: rules.Variant, rng: random.Random) -> rules.HandEntry:
    """A plausible hand: one deal in five thrown in (D4); the bidder usually bids the
    minimum; the bidding team is a little likelier to take each point than the others."""
    if rng.random() < 0.2:
        return rules.HandEntry.thrown()
    bidder = rng.randrange(variant.players)
    team = variant.team_of(bidder)
    awards = {}
    for point in variant.points:
        if rng.random() < 0.3:
            awards[point.key] = team
            continue
        teams: list[int | None] = list(range(variant.teams))
        if not point.always_awarded:
            teams.append(None)
        awards[point.key] = rng.choice(teams)
    bid = variant.min_bid + (1 if rng.random() < 0.35 else 0)
    return rules.HandEntry(bidder=bidder, bid=bid, awards=awards)


def play_random_game(variant: rules.Variant, rng: random.Random, max_hands: int = 80):
    state = rules.new_game(variant, {}, rng.randrange(variant.players))
    first = state.dealer
    results = []
    while not state.finished and len(results) < max_hands:
        state, result = state.play(random_hand(variant, rng))
        results.append(result)
    return first, state, results


@transaction.atomic
def build_league(
    league: League, players: list[Player], games: int, *, seed: int = 1, finished_only=True
) -> int:
    """``games`` games of ``league`` among ``players``; returns the number of hands."""
    rng = random.Random(seed)
    variant = league.rules_variant
    spec = rules.variant_to_dict(variant)
    start = timezone.now() - timedelta(days=games)
    planned = []
    while len(planned) < games:
        first, state, results = play_random_game(variant, rng)
        if finished_only and not state.finished:
            continue
        planned.append((first, state, results, rng.sample(players, variant.players)))
    game_rows = Game.objects.bulk_create(
        [
            Game(
                league=league,
                variant=variant.slug,
                variant_spec=spec,
                options=variant.default_options(),
                first_dealer=first,
                scores=list(state.scores),
                hands_played=state.hands_played,
                next_dealer=state.dealer,
                finished=state.finished,
                winner=state.winner,
                reason=state.reason,
                finished_at=start + timedelta(days=i) if state.finished else None,
            )
            for i, (first, state, _, _) in enumerate(planned)
        ],
        batch_size=500,
    )
    seats, hands = [], []
    for game, (_, _, results, people) in zip(game_rows, planned, strict=True):
        seats += [
            Seat(game=game, position=p, name=player.name, player=player)
            for p, player in enumerate(people)
        ]
        hands += [
            Hand(
                game=game,
                number=r.number,
                dealer=r.dealer,
                thrown_in=r.thrown_in,
                bidder=r.bidder,
                bid=r.bid,
                points=list(r.points),
                awards=dict(r.awards) if r.awards is not None else None,
                made=r.made,
                scores_after=list(r.scores),
            )
            for r in results
        ]
    Seat.objects.bulk_create(seats, batch_size=2000)
    Hand.objects.bulk_create(hands, batch_size=2000)
    return len(hands)
