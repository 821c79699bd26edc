"""A club's own pages, worded once: signing up, starting a club, its roles, invitations,
requests to join and its settings, each setting with what it does in one sentence.

Pure Python: no Django, no import of the engine."""

from __future__ import annotations

# -- signing up and starting a club ----------------------------------------------------------
SIGNUP_PAUSED = (
    "{count} accounts were made from this address in the last hour, the most this server "
    "takes: wait an hour, or sign in with an account you already have."
)
USERNAME_TAKEN = "The username {name} is taken: pick another, or sign in if it is yours."
USERNAME_LOOKS_LIKE = (
    "{name!r} looks the same as the account {taken!r}: pick a username that looks different, "
    "or sign in if {taken!r} is yours."
)
USERNAME_SHAPE = (
    "{name!r} cannot be a username: use letters, digits and the signs @ . + - _ only, with "
    "no spaces."
)
PASSWORDS_DIFFER = "The two passwords differ: type the same password twice."

STARTERS = {
    "anyone": "Anyone who signs up may start a club on this server.",
    "invited": "Only people the server's operator invited may start a club on this server: "
    "type the invitation code you were given.",
    "one": "This server keeps one club: the first person to start it is its owner.",
}
ONE_CLUB_TAKEN = (
    "This server keeps one club, and {club} is it: ask its director to invite you, or ask "
    "to join it."
)
START_CODE_NEEDED = (
    "Starting a club on this server takes an invitation from its operator: type the "
    "invitation code you were given."
)
START_CODE_UNKNOWN = "No invitation to start a club has this code: check it with the operator."
START_CODE_USED = "This invitation already started a club ({club}): ask the operator for another."
START_CODE_EXPIRED = "This invitation expired on {date}: ask the operator for another."
SLUG_TAKEN = "The address /clubs/{slug}/ is taken: pick another."
SLUG_SHAPE = (
    "A club's address is made of small letters, digits and dashes (e.g. tuesday-smear), at most 40."
)
SLUG_RESERVED = "/clubs/{slug}/ is one of this site's own pages: pick another address."

# -- roles ------------------------------------------------------------------------------------
ROLE_SENTENCES = {
    "owner": "names the directors, and does what a director does",
    "director": "runs the roster, leagues, nights, invitations and results queue",
    "scorer": "starts and scores league games",
    "player": "sees their own games and agrees for their own team",
}
LAST_OWNER = "{name} is the club's only owner: name another owner first."
NOT_A_MEMBER = "{name} has no role in {club}: invite them as a player first."
ROLE_SET = "{name} is now {role} of {club}."

# -- invitations and requests to join ---------------------------------------------------------
INVITATION_UNKNOWN = (
    "No invitation has this code: check the code, or ask the director for a new link."
)
INVITATION_OTHER_CLUB = (
    "This invitation is for another club, not {club}: open the link exactly as you were sent it."
)
INVITATION_USED = (
    "This invitation was already used on {date}: ask the director of {club} for a new one."
)
INVITATION_WITHDRAWN = (
    "The director withdrew this invitation (a newer one was made, or the player was "
    "unlinked): ask the director of {club} for a new one."
)
INVITATION_EXPIRED = "This invitation expired on {date}: ask the director of {club} for a new one."
INVITATION_TAKEN = (
    "{player} is already linked to another account: ask the director of {club} to unlink it first."
)
ALREADY_ANOTHER_PLAYER = (
    "Your account is already {other} on {club}'s roster: ask the director to unlink it "
    "first if that is wrong."
)
LINKED = "Welcome: your account is {player} on {club}'s roster. You agree for your own team."
RETIRED_PLAYER = "{player} is retired from the roster: bring them back before inviting them."
JOIN_PENDING = "You already asked to join {club}: a director decides it."
JOIN_ALREADY = "You are already {role} of {club}."
JOIN_ASKED = "Asked: a director of {club} decides it. You will see it here."
JOIN_DECIDED = "This request was already decided."

# -- the club's settings, each with what it does -----------------------------------------------
SETTINGS = {
    "confirm_hours": (
        "Hours to agree",
        "A finished league game or night round counts once every other team agreed to it, "
        "or this many hours after it finished if nobody disputed a hand.",
    ),
    "night_walk_ins": (
        "Walk-ins at nights",
        "On: a new night lets players not on the roster check in on their phones (one a "
        "phone); each joins the roster only when the night's director keeps them. Off: only "
        "roster players check in.",
    ),
    "night_reveal": (
        "Standings during a night",
        "Live: each player's card and the room show totals and places as the night goes. At "
        "the end: they are shown once the last round is over.",
    ),
    "night_sub_policy": (
        "A substitute's rounds at a night",
        "Who the points of a substitute's rounds go to at a new night: the player they sit "
        "in for, the substitute (outside prizes and season points), or a bye of the points "
        "below for the absent player. Each night may still choose another.",
    ),
    "night_bye_points": (
        "A bye: points a round",
        "What the absent player scores for each round a substitute covers, when the "
        "substitute's rounds are a bye (0 to 500).",
    ),
    "default_game": (
        "The club's game",
        "A new league and a new night start with this game (a preset or the club's house "
        "rules); each may still pick another.",
    ),
}
SETTINGS_SAVED = "Saved. New nights and leagues start from these settings."

# -- what a form of the club's pages says is wrong, and how to fix it -----------------------
USERNAME_REQUIRED = "Pick a username: you sign in with it."
EMAIL_INVALID = "That is not an e-mail address: fix it, or leave it empty."
PASSWORD_REQUIRED = "Pick a password of at least 8 characters."
PASSWORD_AGAIN_REQUIRED = "Type the password a second time."
CLUB_NAME_REQUIRED = "Give the club's name, as its players call it."
SLUG_REQUIRED = "Give the club an address, e.g. tuesday-smear."
CODE_REQUIRED = "Type the invitation's code, or open its link again."
JOIN_NAME_REQUIRED = "Give your name as it is (or will be) on the roster."
ROLE_INVALID = "Pick one of the roles offered."
DECISION_REQUIRED = "Accept or refuse the request."
HOURS_REQUIRED = "Give the hours to agree, e.g. 24."
HOURS_INVALID = "Give the hours as a whole number, e.g. 24."
HOURS_TOO_FEW = "Give at least 1 hour to agree (24 is usual)."
HOURS_TOO_MANY = "Give at most 720 hours (30 days) to agree."
REVEAL_REQUIRED = "Pick live or at the end."
SUB_POLICY_REQUIRED = (
    "Pick who a substitute's rounds go to: the absent player, the substitute, or a bye."
)
BYE_POINTS_INVALID = "Give a bye's points as a whole number from 0 to 500, such as 6."
GAME_INVALID = "Pick one of the games offered."
LEAGUE_NAME_REQUIRED = "Give the league a name, e.g. Winter 2027."
START_DATE_INVALID = "Give the date like 2027-01-05."
START_DATE_REQUIRED = "Give the day its first game may be played."
RANKING_INVALID = "Pick one of the rankings offered."
END_DATE_INVALID = "Give the date like 2027-03-31."
END_DATE_REQUIRED = "Give the season's last day."
ROSTER_EMPTY = "Paste the names, one per line, or choose a CSV file."
RENAME_REQUIRED = "Give the player's new name."
MERGE_KEEP_REQUIRED = "Pick the entry to keep."
MERGE_DUPLICATE_REQUIRED = "Pick the entry to fold into it."
MERGE_REQUIRED = "Pick the two entries of one person."
ARCHIVE_REQUIRED = "Choose the archive file downloaded from a club's settings."
ROLE_NOT_A_MEMBER = "Pick a member of the club: that account is not one."
PLAYER_RETIRED = (
    "{player} is retired: kept in every game and table, and no longer offered for new games "
    "and nights."
)
PLAYER_BACK = "{player} is back on the roster's pickers."
