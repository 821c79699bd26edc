"""A club night's words for the players' phones and the director's dashboard, worded once:
the rules a night states before it starts, and the lines of a player's guide card.

Pure Python: no Django, no import of the engine."""

from __future__ import annotations

# What a table the director closes before it finished scores (Night.close_rule), as the
# night's pages state it before round 1.
CLOSE_RULES = {
    "leader": "A table still playing when the director closes its round keeps its scores as "
    "they stand, and the partnership ahead wins the round (nobody, if they are level).",
    "none": "A table still playing when the director closes its round keeps its scores as "
    "they stand, and nobody wins the round there.",
}
# The same where each player is alone (a cutthroat game).
CLOSE_RULES_ALONE = {
    **CLOSE_RULES,
    "leader": "A table still playing when the director closes its round keeps its scores as "
    "they stand, and the player ahead wins the round (nobody, if they are level).",
}
# The night form's choices, before a game is chosen: a side is a partnership, or a player
# alone.
CLOSE_CHOICES = {
    **CLOSE_RULES,
    "leader": "A table still playing when the director closes its round keeps its scores as "
    "they stand, and the side ahead wins the round (nobody, if they are level).",
}


def close_rule(rule: str, *, alone: bool = False) -> str:
    """The night's rule for a table closed early (Night.close_rule); ``alone``: the night's
    game is cutthroat."""
    return (CLOSE_RULES_ALONE if alone else CLOSE_RULES)[rule]


# When a player's card shows their total and place (Night.reveal).
REVEAL_RULES = {
    "live": "Each player's card shows their total and place as the night goes.",
    "end": "Totals and places are shown once the last round is over.",
}

# Closing a table as it stands: the dashboard asks first, and says what it does.
CLOSE_ASK = (
    "Table {number}'s round ends now with its scores as they stand ({scores}); {rule} Its "
    "players record no more hands there, and this cannot be undone."
)
CLOSE_RULE_SHORT = {
    "leader": "the partnership ahead wins the round (nobody, if level).",
    "none": "nobody wins the round there.",
}
CLOSE_RULE_SHORT_ALONE = {
    **CLOSE_RULE_SHORT,
    "leader": "the player ahead wins the round (nobody, if level).",
}
CLOSE_UNCONFIRMED = (
    "Table {number} was not closed: tap “Close table {number} as it stands”, read what it "
    "does, then tap “Yes, close table {number}”."
)

# Why a table of the round needs the director, as the dashboard lists it.
IDLE = "no hand for {minutes} min"
GONE = "{names} marked gone"
REFUSED = "a hand refused at {time}: its scorer may need help"
DISPUTE = "hand {hands} disputed by another team"

# A player's guide card, by what the night holds for them.
WAITING_FIRST = "You are checked in. Round 1 has not been drawn yet: your table appears here."
WAITING_NEXT = (
    "You checked in after round {number} was drawn: you play from round {next}, as soon as "
    "it is drawn."
)
SITTING_OUT = (
    "You sit out round {number}: it scores your average round. Stay near: you play again "
    "when the next round is drawn."
)
GONE_CARD = (
    "You were marked as gone: the next rounds are drawn without you. Back? Ask the "
    "director to check you in again."
)
TABLE_DONE = (
    "Your table has finished round {number}. Round {next} appears here as soon as it is drawn."
)
NIGHT_OVER = "Every round is over: thank you for playing."
SCORER = "You keep the score at this table."
NOT_SCORER = "{name} keeps the score at this table."
ALREADY_ON_PHONE = (
    "{name} is already checked in on another phone. If you are {name}, check in on this "
    "phone instead; if not, pick your own name."
)
# A round whose table awaits agreement (two keys): in the standings as provisional.
PROVISIONAL_MARK = "*"
DISPUTED = "a dispute"
OTHER_TEAMS = "the other teams"
# A finished table's status while its result awaits agreement ("who": TableCard.awaited).
AWAITED_STATUS = "{winner} won; counts once agreed by {who}"
DISPUTED_STATUS = "{winner} won; disputed, counts once settled"
# The player's own team among those a round awaits, on their card.
YOUR_TEAM = "your team ({names})"
YOU_ALONE = "you"
# Under the standings (room view, printed cards) while a round is provisional.
PROVISIONAL_NOTE = "* Provisional: counts once the other teams at the table agree to its hands."
# The guide card of a player whose round awaits agreement.
AWAITING = (
    "Provisional (*): round {round} at table {table} counts once {who} agree{s} to its hands."
)
AWAITING_DISPUTE = (
    "Provisional (*): round {round} at table {table} counts once its dispute is settled "
    "(the scorer edits the hand, or the director settles it)."
)

# The director's dashboard and screens, posted with nobody picked, or with someone off the
# roster (views.night_parts.roster_players).
CHECK_IN_NOBODY = "Tick the players who are here, or type a walk-in's name, then check in."
CHECK_OUT_NOBODY = "Pick the player who leaves, then check them out."
UNDO_NOBODY = "Pick the check-in to undo, then undo it."
MOVE_NOBODY = "Pick the check-in to move, then move it."
KEEP_NOBODY = "Pick the walk-in to keep, then keep them."
NOT_ON_ROSTER = (
    "{count} of the players sent {are} not on {club}'s roster: reload the director's screen "
    "and tick the players again."
)
# A correction's partnership (the player, where each plays alone) and points
# (Correction), as the director's form names them.
CORRECTION_TEAM = "The partnership"
CORRECTION_PLAYER = "The player"
CORRECTION_POINTS = "The points to add"
# A player checking in on their own phone.
JOIN_NOT_ON_ROSTER = (
    "That name is not on {club}'s roster: reload the page and pick your name again."
)
JOIN_NOBODY = "Pick your name{typed} to check in."
JOIN_OR_TYPE = ", or type it,"
