"""Ratings of a game whose seat a substitute took part way through: both players of that
seat are rated for it, each weighed by the share of its hands they played, with OpenSkill's
per-player weights (``rate(..., weights=...)``).

OpenSkill 6 scales a player's move by their weight on a team that gains (mu += ... * w)
and divides it by their weight on a team that loses (mu += ... / w), after normalising
each team's weights to the model's ``weight_bounds``. So the team that gains is weighed by
the shares and the team that loses by their reciprocals, each in a model whose bounds are
that team's own (the normalisation then changes nothing): a part-time player moves by
their share of a full player's move, win or lose. A team's strength itself is not
weighed (OpenSkill sums its members' ratings)."""

from __future__ import annotations

import copy

from openskill.models import PlackettLuce, PlackettLuceRating

from smear_scores.models import Substitution

# OpenSkill's Plackett-Luce model with its defaults (mu 25, sigma 25/3): a new player's
# conservative ordinal, mu - 3 sigma, is 0.
RATING_MODEL = PlackettLuce()

Teams = list[list[PlackettLuceRating]]


def partial_seats(game_ids: list[int]) -> dict[int, dict[int, tuple[int, float]]]:
    """Per game of ``game_ids``, each seat a substitute took after its first hand: position
    -> (the absent player, the share of the game's hands the substitute played). One
    query."""
    out: dict[int, dict[int, tuple[int, float]]] = {}
    rows = Substitution.objects.filter(
        game_id__in=game_ids, from_hand__gt=0, position__isnull=False
    ).values_list("game_id", "position", "absent_id", "from_hand", "game__hands_played")
    for game_id, position, absent_id, from_hand, hands in rows:
        if position is not None and hands and from_hand < hands:
            out.setdefault(game_id, {})[position] = (absent_id, (hands - from_hand) / hands)
    return out


def rate_weighted(before: Teams, ranks: list[float], weights: list[list[float]]) -> Teams:
    """The teams rated by their ``ranks``, each player moving by their weight (1.0 a full
    game) of a full player's move (see the module)."""
    plain = RATING_MODEL.rate(copy.deepcopy(before), ranks=ranks)
    out = list(plain)
    for t, team_weights in enumerate(weights):
        if all(w == 1.0 for w in team_weights):
            continue
        gained = sum(p.mu for p in plain[t]) >= sum(p.mu for p in before[t])
        ws = team_weights if gained else [1.0 / w for w in team_weights]
        model = PlackettLuce(weight_bounds=(min(ws), max(ws)))
        given = [ws if i == t else [1.0] * len(team) for i, team in enumerate(before)]
        out[t] = model.rate(copy.deepcopy(before), ranks=ranks, weights=given)[t]
    return out
