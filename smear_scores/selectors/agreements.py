"""Two keys: which hands of a game the other teams agreed to, what they disputed, and
which games wait to count (which count: models.games, GameQuerySet.counted and
Game.counts). Reads only; the writes are services.agreements."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Q
from django.utils import timezone

from smear_scores import rules
from smear_scores.models import Club, Dispute, Game, HandRevision, League
from smear_scores.models.games import counted_rule
from smear_scores.selectors.games import named_variant, team_names
from smear_scores.wording import agreements as words


def agreed_list(game: Game) -> list[int]:
    """Per team, the last hand it agreed to (0: none)."""
    teams = game.rules_variant.teams
    through = list(game.agreed_through or [])
    return [int(through[t]) if t < len(through) else 0 for t in range(teams)]


def scorer_of(game: Game, number: int) -> int | None:
    """The team whose player recorded hand ``number`` (the last to record or edit it), or
    None when no seated player did (every team is asked to agree to it)."""
    scored = game.scored_by or []
    team = scored[number - 1] if 0 < number <= len(scored) else None
    return team if isinstance(team, int) else None


def needed_through(game: Game) -> list[int]:
    """Per team, the last hand it must agree to: the last one its own player did not
    record (0: none). No query."""
    teams = game.rules_variant.teams
    need = [0] * teams
    for number in range(1, game.hands_played + 1):
        scorer = scorer_of(game, number)
        for team in range(teams):
            if team != scorer:
                need[team] = number
    return need


def agreeing_teams(game: Game) -> list[int]:
    """The teams asked to agree: every team with a hand its own player did not record."""
    return [t for t, last in enumerate(needed_through(game)) if last > 0]


def member_team(game: Game, user_id: int) -> int | None:
    """The team of the seat the signed-in member's roster player (Player.user) holds in
    this game, or None."""
    seat = game.seats.filter(player__user_id=user_id).values_list("position", flat=True).first()
    if seat is None:
        return None
    return game.rules_variant.team_of(seat)


def player_team(game: Game, player_id: int) -> int | None:
    """The team of the seat roster player ``player_id`` holds in this game, or None."""
    seat = game.seats.filter(player_id=player_id).values_list("position", flat=True).first()
    return None if seat is None else game.rules_variant.team_of(seat)


def awaiting(game: Game) -> list[int]:
    """The teams whose agreement the game still waits for (none once agreed)."""
    if not game.confirm or game.agreed_at is not None:
        return []
    through = agreed_list(game)
    need = needed_through(game)
    return [t for t in range(len(need)) if through[t] < need[t]]


def awaiting_text(game: Game, club: Club | None = None) -> str:
    """'awaiting Bo & Di', 'disputed', or '' when the game counts or needs nobody."""
    if not game.confirm or game.agreed_at is not None:
        return ""
    if game.disputed:
        return words.DISPUTED_WAITING
    if club is not None and game.counts(club):
        return ""
    names = team_names(game)
    return words.awaiting([names[t] for t in awaiting(game)])


@dataclass
class HandToAgree:
    number: int
    text: str  # "Hand 7: Ann & Cy bid 4 and took 5: made, +5 · Bo & Di +1"
    version: str
    disputes: list[Dispute] = field(default_factory=list)
    agreed: bool = False


def agree_version(game: Game, number: int) -> str:
    """What a phone saw of hands 1 to ``number``: the hand's number and how often the
    game's hands were edited or undone (Game.hands_epoch). An edit, or an undo and a new
    hand, changes it; a new hand after it does not. No query."""
    return f"{number}.{game.hands_epoch}"


@dataclass
class AgreementBoard:
    """What a team's phone shows: the hands it has not agreed to yet, in the table's
    words, every open dispute, and whether the game waits for it."""

    game: Game
    team: int | None
    team_name: str
    hands: list[HandToAgree]
    disputes: list[Dispute]
    through: int
    awaiting: str
    version: str  # of the whole game as shown (agreeing to its last hand)

    @property
    def last(self) -> HandToAgree | None:
        return self.hands[-1] if self.hands else None


def open_disputes(*, game: Game | None = None, night_id: int | None = None) -> list[Dispute]:
    """The disputes not yet settled, of one game or of every table of a night, each with
    its game (oldest first). What the club-night dashboard shows as "a dispute"."""
    disputes = Dispute.objects.filter(settled_at__isnull=True).select_related("game")
    if game is not None:
        disputes = disputes.filter(game=game)
    if night_id is not None:
        disputes = disputes.filter(game__night_table__round__night_id=night_id)
    return list(disputes.order_by("at", "id"))


def agreement_board(game: Game, team: int | None) -> AgreementBoard:
    """The board of ``team``'s phone (None: every team's open disputes and no hand to
    agree, as the scorer's and the watchers' boards mark them). Two queries."""
    names = team_names(game)
    disputes = open_disputes(game=game) if game.disputed else []
    by_hand: dict[int, list[Dispute]] = defaultdict(list)
    for d in disputes:
        by_hand[d.number].append(d)
    through = agreed_list(game)[team] if team is not None else 0
    if team is None or through >= needed_through(game)[team] or game.agreed_at is not None:
        through = game.hands_played
    # Nothing to show (every hand agreed, none disputed): no hand is read.
    hands = list(game.hands.order_by("number")) if through < game.hands_played or by_hand else []
    # A hand the team's own player recorded needs no word from it.
    shown = [
        h
        for h in hands
        if (h.number > through and scorer_of(game, h.number) != team) or h.number in by_hand
    ]
    variant = named_variant(game)
    results: list[rules.HandResult] = []
    if shown:
        # The hands' lines as the scorer saw them when recording: the engine's words.
        _, results = rules.replay(
            variant, game.options, game.first_dealer, [h.entry() for h in hands]
        )
    rows = []
    for hand in shown:
        line = rules.describe(variant, results[hand.number - 1])
        rows.append(
            HandToAgree(
                number=hand.number,
                text=words.hand_line(hand.number, line),
                version=agree_version(game, hand.number),
                disputes=by_hand.get(hand.number, []),
                agreed=hand.number <= through,
            )
        )
    return AgreementBoard(
        game=game,
        team=team,
        team_name=names[team] if team is not None else "",
        hands=rows,
        disputes=disputes,
        through=through,
        awaiting=awaiting_text(game),
        version=agree_version(game, game.hands_played),
    )


@dataclass
class HandState:
    number: int
    agreed_by: list[int]
    awaiting: list[int]
    disputed: bool


def hand_states(game: Game) -> list[HandState]:
    """Each hand's agreement: the teams that agreed to it, those it waits for, and whether
    a dispute of it is open (the API's GET)."""
    through = agreed_list(game)
    teams = agreeing_teams(game)
    open_ = {d.number for d in open_disputes(game=game)} if game.disputed else set()
    settled = game.agreed_at is not None
    states = []
    for number in range(1, game.hands_played + 1):
        scorer = scorer_of(game, number)
        agreed = [t for t in teams if settled or through[t] >= number or t == scorer]
        states.append(
            HandState(
                number=number,
                agreed_by=agreed if game.confirm else [],
                awaiting=[t for t in teams if t not in agreed] if game.confirm else [],
                disputed=number in open_,
            )
        )
    return states


def agreement_events(game: Game) -> dict[int, list[str]]:
    """Per hand, what was said of it, in order: agreements (on the hand agreed through),
    disputes and the director's decisions, in words ("Bo & Di agreed", "Bo & Di: not
    right, “points swapped”", "settled by ann: kept as recorded, “checked”")."""
    names = team_names(game)
    events: dict[int, list[str]] = defaultdict(list)
    rows = HandRevision.objects.filter(
        game=game,
        action__in=[
            HandRevision.Action.AGREE,
            HandRevision.Action.DISPUTE,
            HandRevision.Action.DECIDE,
        ],
    ).order_by("at", "id")
    for row in rows:
        events[row.number].append(event_text(row, names))
    return events


def event_text(row: HandRevision, names: tuple[str, ...]) -> str:
    new = row.new or {}
    team = new.get("team")
    who = names[team] if isinstance(team, int) and team < len(names) else words.SOME_TEAM
    when = timezone.localtime(row.at).strftime("%-d %b %H:%M")
    # Who spoke for the team: "Bo" (a signed-in member) or "Bo's phone" (a night's phone).
    said = words.said(new.get("by") or "", when)
    if row.action == HandRevision.Action.AGREE:
        return words.agreed(who, row.number, said)
    if row.action == HandRevision.Action.DISPUTE and "withdrawn" in new:
        return words.withdrew(who, new["withdrawn"], said)
    if row.action == HandRevision.Action.DISPUTE:
        return words.disputed(who, new.get("words", ""), said)
    decision = dict(Dispute.Decision.choices).get(new.get("decision", ""), words.SETTLED)
    by = new.get("by") or words.SOME_DIRECTOR
    return words.settled(by, decision, new.get("reason", ""), when)


def hand_history(game: Game, number: int) -> list[str]:
    """Everything that happened to hand ``number``: recorded, edited, undone, agreed to
    (an agreement to a later hand included), disputed, settled; in order."""
    names = team_names(game)
    out = []
    for row in HandRevision.objects.filter(game=game).order_by("at", "id"):
        when = timezone.localtime(row.at).strftime("%-d %b %H:%M")
        if row.action in (HandRevision.Action.AGREE,):
            if row.number >= number:
                out.append(event_text(row, names))
        elif row.number == number:
            if row.action in (HandRevision.Action.DISPUTE, HandRevision.Action.DECIDE):
                out.append(event_text(row, names))
            else:
                out.append(words.written(row.get_action_display(), row.source, when))
    return out


@dataclass
class PendingGame:
    game: Game
    title: str  # "Ann & Cy v Bo & Di"
    awaiting: str  # "awaiting Bo & Di"


def pending_words(game: Game, teams: list[list[str]], club: Club) -> str:
    """'awaiting Bo & Di' (the teams by their players), 'disputed: …', or '' when the
    game counts; no query."""
    if not game.finished or game.counts(club):
        return ""
    if game.disputed:
        return words.DISPUTED_WAITING
    return words.awaiting([" & ".join(teams[t]) for t in awaiting(game) if t < len(teams)])


def league_pending(league: League) -> list[PendingGame]:
    """The league's finished games that do not count yet, oldest first: two queries."""
    from smear_scores.selectors.clubs import game_line, seats_prefetch

    club = league.club
    games = (
        Game.objects.filter(league=league, finished=True, confirm=True)
        .exclude(counted_rule(club))
        .prefetch_related(seats_prefetch())
        .order_by("finished_at", "id")
    )
    pending = []
    for game in games:
        teams = [team["players"] for team in game_line(game).teams]
        pending.append(
            PendingGame(
                game=game,
                title=" v ".join(" & ".join(t) for t in teams),
                awaiting=pending_words(game, teams, club),
            )
        )
    return pending


@dataclass
class OpenDispute:
    number: int
    team_name: str
    words: str


@dataclass
class BoardStatus:
    """What every board of a game the other teams confirm says of it: each open dispute
    (the hand, who, their words) and what the game still waits for."""

    disputes: list[OpenDispute]
    awaiting: str


def board_status(game: Game) -> BoardStatus:
    """One query when a dispute is open, none otherwise."""
    names = team_names(game)
    disputes = (
        [OpenDispute(d.number, names[d.team], d.words) for d in open_disputes(game=game)]
        if game.disputed
        else []
    )
    waiting = ""
    if game.finished and game.agreed_at is None and not game.disputed:
        waiting = words.awaiting([names[t] for t in awaiting(game)])
    return BoardStatus(disputes=disputes, awaiting=waiting)


@dataclass
class QueueItem:
    """One game on the director's queue: disputed, or finished and not yet agreed."""

    game: Game
    title: str  # "Ann & Cy v Bo & Di"
    where: str  # the league's or the night's name
    status: str  # "disputed" or "awaiting Bo & Di"
    number: int  # the hand to settle: the first disputed one, else the last
    hand_line: str  # the hand as the scorer recorded it, in the table's words
    disputes: list[OpenDispute]
    history: list[str]
    teams: list[tuple[int, str]]
    swap: tuple[int, int] | None  # the two teams a swap exchanges (two teams only)
    version: str = ""  # hands 1 to ``number`` as shown: a decision carries it


def director_queue(club: Club) -> list[QueueItem]:
    """Every game of the club's leagues and nights that is disputed, or finished and not
    agreed yet (whether or not its window passed), oldest first, each with the hand to
    settle, both sides' words and the hand's history. A query per game listed: the queue
    is short (a club night's few tables)."""
    games = (
        Game.objects.filter(confirm=True)
        .filter(Q(league__club=club) | Q(night_table__round__night__club=club))
        .filter(Q(disputed=True) | Q(finished=True, agreed_at__isnull=True))
        .select_related("league", "night_table__round__night")
        .order_by("finished_at", "id")
        .distinct()
    )
    items = []
    for game in games:
        names = team_names(game)
        disputes = (
            [OpenDispute(d.number, names[d.team], d.words) for d in open_disputes(game=game)]
            if game.disputed
            else []
        )
        number = disputes[0].number if disputes else game.hands_played
        if number == 0:
            continue
        hands = list(game.hands.order_by("number"))
        variant = named_variant(game)
        _, results = rules.replay(
            variant, game.options, game.first_dealer, [h.entry() for h in hands]
        )
        table = getattr(game, "night_table", None)
        where = game.league.name if game.league is not None else ""
        if table is not None:
            where = words.table_where(table.round.night.name, table.round.number, table.number)
        waiting = [names[t] for t in awaiting(game)]
        status = (
            words.QUEUE_DISPUTED
            if game.disputed
            else (words.awaiting(waiting) or words.QUEUE_AWAITING)
        )
        teams = list(enumerate(names))
        items.append(
            QueueItem(
                game=game,
                title=" v ".join(names),
                where=where,
                status=status,
                number=number,
                hand_line=words.hand_line(number, rules.describe(variant, results[number - 1])),
                disputes=[d for d in disputes if d.number == number] or disputes,
                history=hand_history(game, number),
                teams=teams,
                swap=(0, 1) if len(names) == 2 else None,
                version=agree_version(game, number),
            )
        )
    return items


def of_club(game: Game, club: Club) -> bool:
    """Is ``game`` a game of one of the club's leagues or nights?"""
    return (
        Game.objects.filter(pk=game.pk)
        .filter(Q(league__club=club) | Q(night_table__round__night__club=club))
        .exists()
    )
