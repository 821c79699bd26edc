"""Words for a night's substitutes and byes: what the pages say, and each refusal naming
the player and the next step."""

from __future__ import annotations

SAT_IN = "{sub} sat in for {absent}, {rounds}"
SUB_NOTE = "sat in for {absent}, {rounds}"
ABSENT_NOTE = "{sub} sat in, {rounds}"
# On the player's own card, during the night: the sub's, and the absent player's.
CARD_SUB = "You sit in for {absent}, {rounds}"
CARD_ABSENT = "{sub} sits in for you, {rounds}"

POLICIES = {
    "absent": "A substitute's points go to the player they sit in for.",
    "self": (
        "A substitute plays for themself: their rounds are shown, outside the night's places, "
        "prizes and season points; the absent player scores nothing for those rounds."
    ),
    "bye": (
        "A substitute's seat is a bye: the absent player scores {bye_points} points for each "
        "round covered, the substitute nothing."
    ),
}


def policy_rule(policy: str, bye_points: int) -> str:
    """The night's substitute policy as its pages state it, with its rules."""
    return POLICIES[policy].format(bye_points=bye_points)


SUB_POLICY_CHOICES = {
    "absent": "Go to the player they sit in for",
    "self": "Are the substitute's own, outside prizes and season points",
    "bye": "Are a bye: the absent player scores the points below",
}
OUTSIDE_PRIZES = "sub, outside prizes"

SEATED = "{sub} sits in for {absent} from round {first} to round {last}."

NO_SUCH_ROUND = (
    "{night} has rounds 1 to {rounds}: give a first and last round between them, the last "
    "no earlier than the first."
)
NOT_DRAWN_YET = (
    "Round {first} is not drawn yet and round {drawn} is the latest: seat the substitute "
    "from round {drawn}, or from round {next} once it is drawn."
)
ROUND_PAST = (
    "Round {first} is over: a substitute sits in from the round being played (round {drawn}) on."
)
SAME_PLAYER = "{name} cannot sit in for themself: pick who takes {name}'s seat."
NOT_ON_NIGHT = (
    "{name} is not checked in to {night}: only a player of the night can be sat in for. "
    "Check them in first if they were expected."
)
ABSENT_NOT_SEATED = (
    "{name} has no seat in round {number} (sitting out or not drawn): seat the substitute "
    "from the next round {name} plays."
)
ALREADY_SEATED = (
    "{sub} is already seated at table {table} in round {number}: pick another substitute, "
    "or seat {sub} from round {after}."
)
ALREADY_SEATED_LAST = (
    "{sub} is already seated at table {table} in round {number}: pick another substitute."
)
ALREADY_SUBBING = (
    "{sub} already sits in for {other} over {rounds}: pick another substitute for these rounds."
)
TABLE_FINISHED = (
    "Table {table} of round {number} has finished: {name}'s round there stands. Seat the "
    "substitute from round {after}."
)
TABLE_FINISHED_LAST = (
    "Table {table} of round {number} has finished: {name}'s round there stands, and it "
    "was the last round."
)
TWICE = (
    "{sub_before} already sits in for {name} over {rounds}: {name}'s seat has a substitute "
    "there. Pick rounds after round {last}."
)
TWICE_REST = (
    "{sub_before} already sits in for {name} over {rounds}, to the end of the night: "
    "{name}'s seat has a substitute. Pick another seat to fill, or another player to sit in "
    "for."
)
WALK_IN_OR_ROSTER = "Pick the substitute from the roster, or type a walk-in's name."
BYE_POINTS = "A bye scores 0 to {most} points a round, not {points}."
POLICY = (
    "Say who a substitute's rounds score for: the absent player, the substitute (outside "
    "prizes), or a bye of fixed points."
)

SCORING_CHANGED = "{night} now scores by {system}."
SCORING_LOCKED = (
    "Round 1 of {night} is drawn: its scoring system stays {system} for the whole night, "
    "so every round is scored alike. Open a new night to score another way."
)

PICK_ABSENT = "Pick the player who left or never came from the night's players."
PICK_SUB = (
    "That substitute is not on the club's roster: pick one from the list, or type a walk-in's name."
)
GIVE_ROUNDS = "Give the round the substitute sits in from (the round being played, or the next)."
POLICY_SCORING = (
    "Choose how the night scores: progressive points, win points and spread, total points, "
    "or a bid bonus."
)

# The absent player back: the sub's rounds end before ``back``.
BACK = "{absent} is back from round {back}: {sub} sat in {rounds}."
BACK_BEFORE = "{absent} is back before {sub} played: {sub} does not sit in."
NO_SUCH_SUB = "That substitution is not one of this night's: reload the director's screen."
BACK_AFTER = (
    "{sub} sits in for {absent} only to round {last}: {absent} plays from round {after} anyway."
)
BACK_DRAWN = (
    "Round {drawn} is drawn with {sub} in {absent}'s seat: that round stands. {absent} can "
    "come back from round {next}."
)
BACK_NOT_A_ROUND = "{night} has rounds 1 to {rounds}: pick the round {absent} plays again."
