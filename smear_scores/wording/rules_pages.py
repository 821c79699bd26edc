"""A rules page written from a variant's data: every preset without a hand-written page, and
a table's saved house rules. Each rule of the settings under its id (H1 … H12 by topic,
rules.HOUSE_RULE_IDS), each per-game option under the rule it changes, the readings the
engine's messages cite (D1 …), the source and its worked examples.

The words follow what each setting means as the engine scores it (rules/variants.py), so a
table reads on the page exactly what the scorer does. ``rules_page(variant)`` takes any
Variant; the template is ``templates/rules/written.html``."""

from __future__ import annotations

from dataclasses import dataclass, field

from smear_scores import rules
from smear_scores.rules.hands import and_join
from smear_scores.rules.house import summary_of
from smear_scores.rules.variants import GAME

from .settings import (
    CARD_POINTS,
    Table,
    flag_sentence,
    may_win,
    moon_failed_words,
    moon_made_words,
    value_sentence,
)
from .words import num, point_words, seats_sentence

# The readings every written page has: each one a message or a reason can cite.
READING_IDS = ("D1", "D2", "D3", "D4", "D5", "D7", "D8", "D12", "D13")


@dataclass(frozen=True)
class Rule:
    """One rule as a page shows it: ``<dt id="{id}">{id} · {title}</dt><dd>{text}</dd>``,
    then a link to each rule it refers to (``see``)."""

    id: str
    title: str
    text: str
    see: tuple[str, ...] = ()
    # Free words the table wrote for this rule (deck, trump ranking …), each (what, words).
    words: tuple[tuple[str, str], ...] = ()
    # The per-game options that change this rule: (label, what it does).
    options: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Section:
    title: str
    rules: list[Rule]


@dataclass(frozen=True)
class ExampleRow:
    label: str
    colour: int
    before: int
    change: int
    after: int


@dataclass(frozen=True)
class ExampleView:
    """A worked example: its words, the hand as the table taps it, the scores."""

    title: str
    words: str
    hand: str
    rows: list[ExampleRow]
    result: str
    options: str = ""


@dataclass(frozen=True)
class RulesPage:
    variant: rules.Variant
    summary: str
    source: str
    sections: list[Section]
    readings: list[Rule]
    examples: list[ExampleView] = field(default_factory=list)

    @property
    def ids(self) -> list[str]:
        """Every anchor of the page, in page order."""
        own = [r.id for s in self.sections for r in s.rules]
        return own + [r.id for r in self.readings]


def table_of(variant: rules.Variant) -> Table:
    """What the settings' sentences need to know of ``variant``."""
    moon = variant.moon
    return Table(
        target=variant.target,
        min_bid=variant.min_bid,
        max_bid=variant.max_bid,
        points_in_play=variant.max_points_per_hand,
        all_pass_points=variant.all_pass_points,
        moon_name=moon.name if moon else "Shoot the moon",
        made_points=moon.made_points if moon else 0,
        failed_points=moon.failed_points if moon else 0,
        negative_to_zero=bool(getattr(moon, "negative_to_zero", False)),
        set_bid=variant.set_bid,
        team="player" if variant.cutthroat else "team",
        non_bidders=variant.non_bidders,
    )


def summary(variant: rules.Variant) -> str:
    """The one line that sums ``variant`` up (the new-game screen, a rules page), as the
    engine keeps it with a variant built from settings (the seeds keep their own)."""
    return summary_of(variant)


def _seats(variant: rules.Variant) -> Rule:
    text = seats_sentence(variant.players, variant.teams)
    return Rule(variant.rule("seats"), "Seats and teams", text)


def _target(variant: rules.Variant) -> Rule:
    who = "A player" if variant.cutthroat else "A team"
    return Rule(
        variant.rule("target"),
        "Target",
        f"{who} wins by reaching {variant.target} points or more.",
        see=(variant.rule("win"),),
    )


def _dealer(variant: rules.Variant) -> Rule:
    again = " (after a thrown-in deal, the same dealer deals again)" * (
        variant.all_pass == "redeal"
    )
    return Rule(
        variant.rule("dealer"),
        "Dealing",
        "The first dealer is drawn at random; after that the deal passes one seat to the left "
        f"each hand{again}.",
        words=_words(
            variant,
            ("deck", "Deck"),
            ("dealt", "Cards dealt"),
            ("kitty", "Undealt cards"),
            ("discards", "Discards"),
        ),
    )


def _points(variant: rules.Variant) -> Rule:
    points = variant.points
    listed = and_join([point_words(p) for p in points])
    always = [p.label for p in points if p.always_awarded]
    maybe = [p.label for p in points if not p.always_awarded]
    text = (
        f"The points of a hand, in the order the scorer taps them: {listed}; "
        f"{variant.max_points_per_hand} points in play. A point taken scores its value for "
        "the team that took it."
    )
    if always and maybe:
        text += (
            f" {and_join(always)} {'is' if len(always) == 1 else 'are'} won in every hand; "
            f"{and_join(maybe)} can go to nobody."
        )
    elif always:
        text += " Every one of them is won in every hand."
    else:
        text += " Any of them can go to nobody (its card not dealt, or buried)."
    return Rule(
        variant.rule("points"),
        "The points",
        text,
        see=("D1",),
        words=_words(variant, ("trump_ranking", "Trump ranking"), ("jokers", "Jokers")),
    )


def _low(variant: rules.Variant) -> Rule:
    low = variant.category("low")
    if low is None:
        text = "There is no Low point in this game."
    else:
        text = value_sentence("low_goes_to", variant.low_goes_to, table_of(variant))
    return Rule(variant.rule("low"), "Low", text, words=_words(variant, ("low_card", "Low card")))


def _game(variant: rules.Variant) -> Rule:
    game = variant.category(GAME)
    see: tuple[str, ...] = ()
    if game is None:
        text = "There is no Game point in this game."
    else:
        text = value_sentence("game_goes_to", variant.game_goes_to, table_of(variant))
    if game is not None and variant.game_goes_to == "card_points":
        see = ("D2", "D13") if variant.counts_game else ("D2",)
    return Rule(variant.rule("game"), "Game", text, see=see)


def _bids(variant: rules.Variant) -> Rule:
    moon = variant.moon
    text = (
        f"Bids run from {variant.min_bid} to {variant.max_bid}: a bid is the number of points "
        "the bidder's team will take."
    )
    see: tuple[str, ...] = ()
    if moon is not None:
        text += f" A bid of {moon.bid} is {moon.name}."
        see = (variant.rule("moon"),)
    return Rule(variant.rule("bids"), "Bidding", text, see=see)


def _moon(variant: rules.Variant) -> Rule:
    moon = variant.moon
    if moon is None:
        return Rule(
            variant.rule("moon"),
            "The top bid",
            f"No bid is special: a bid of {variant.max_bid} is made or set like any other.",
        )
    team = "player" if variant.cutthroat else "team"
    made = moon_made_words(moon.made, table_of(variant))
    failed = moon_failed_words(moon.failed, table_of(variant))
    text = (
        f"{moon.name} is a bid of {moon.bid}, made only when the bidding {team} takes every "
        f"point in play ({variant.max_points_per_hand}). Made: {made}. Failed: {failed}. The "
        f"other {team}s score what they took, as for any bid."
    )
    return Rule(variant.rule("moon"), moon.name, text)


def _thrown_in(variant: rules.Variant) -> Rule:
    text = value_sentence("all_pass", variant.all_pass, table_of(variant))
    if variant.all_pass == "stick_dealer":
        text += " Record the dealer's bid."
    return Rule(variant.rule("thrown_in"), "Everyone passes", text, see=("D4",))


def _scoring(variant: rules.Variant) -> Rule:
    team = "player" if variant.cutthroat else "team"
    text = (
        f"A bid is made when the bidding {team} takes at least the bid: then it scores every "
        "point it took, even more than the bid. "
    )
    text += value_sentence("set_bid", variant.set_bid, table_of(variant))
    text += " Scores may go below zero."
    return Rule(variant.rule("scoring"), "Scoring a hand", text, see=("D3",))


def _non_bidders(variant: rules.Variant) -> Rule:
    text = value_sentence("non_bidders", variant.non_bidders, table_of(variant))
    see = (variant.rule("win"),) * (variant.non_bidders == "must_bid_to_win")
    return Rule(variant.rule("non_bidders"), "The others", text, see=see)


def _win(variant: rules.Variant) -> Rule:
    text = value_sentence("win", variant.win, table_of(variant))
    if variant.all_points_wins:
        text += " " + flag_sentence("all_points_wins", True, table_of(variant))
    see: tuple[str, ...] = ("D5",)
    if variant.non_bidders == "must_bid_to_win":
        see = (variant.rule("non_bidders"), *see)
    return Rule(variant.rule("win"), "Winning", text, see=see)


def _words(variant: rules.Variant, *keys: tuple[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple((what, variant.words[key]) for key, what in keys if variant.words.get(key))


TOPIC_RULES = {
    "seats": _seats,
    "target": _target,
    "dealer": _dealer,
    "points": _points,
    "low": _low,
    "game": _game,
    "bids": _bids,
    "moon": _moon,
    "thrown_in": _thrown_in,
    "scoring": _scoring,
    "non_bidders": _non_bidders,
    "win": _win,
}
SECTIONS = (
    ("The table and the cards", ("seats", "target", "dealer")),
    ("A hand", ("points", "low", "game", "bids", "moon", "thrown_in")),
    ("Scoring and winning", ("scoring", "non_bidders", "win")),
)


def _option_words(option: rules.Option) -> str:
    if option.type is bool:
        return option.help
    allowed = ", ".join(str(v) for v in option.allowed)
    return f"{option.help} ({allowed}; {option.default} unless the table says otherwise)"


def _d1(variant: rules.Variant) -> Rule:
    """What points a hand must give out."""
    always = [p.label for p in variant.points if p.always_awarded]
    least, most = variant.min_points_per_hand, variant.max_points_per_hand
    if always:
        text = (
            f"{and_join(always)} {'is' if len(always) == 1 else 'are'} won in every hand, so a "
            f"hand gives out {least} to {most} points; the scorer must say who took "
            f"{'it' if len(always) == 1 else 'each'}."
        )
    else:
        text = f"Any point can go to nobody: a hand gives out 0 to {most} points."
    return Rule("D1", "Points that must be given out", text)


def _d2(variant: rules.Variant) -> Rule:
    """How Game ties."""
    team = "player" if variant.cutthroat else "team"
    game = variant.category(GAME)
    if game is not None and variant.game_goes_to == "card_points":
        text = (
            f"When two or more {team}s have the same, highest card points, nobody gets the Game "
            f"point: tap “{game.nobody}”."
        )
    else:
        text = "Game here is not decided by card points, so it cannot tie."
    return Rule("D2", "A tie for Game", text)


def _d3(variant: rules.Variant) -> Rule:
    team = "player" if variant.cutthroat else "team"
    return Rule(
        "D3",
        "Made or set",
        f"Whether the bid was made is worked out from the points the bidding {team} took: "
        "made when they are at least the bid. If the scorer also says “made” or “set”, it "
        "must agree, or the hand is turned down with the reason.",
    )


def _d4(variant: rules.Variant) -> Rule:
    """What a deal everyone passed does (all_pass)."""
    team = "player" if variant.cutthroat else "team"
    if variant.all_pass == "stick_dealer":
        text = (
            "No deal is thrown in: the dealer is stuck with the lowest bid, so the form has no "
            "“All passed”; a thrown-in deal sent anyway is refused."
        )
    else:
        then = {
            "redeal": "It changes no score, and the same dealer deals the next hand.",
            "pass_deal": "It changes no score, and the deal passes to the left.",
            "dealer_set_back": f"The dealer's {team} is set back "
            f"{num(variant.all_pass_points, 'point')}, and the deal passes to the left.",
        }[variant.all_pass]
        text = (
            f"A deal everyone passed is recorded with “All passed”. {then} If a bidder or points "
            "were already tapped, the app asks before dropping them, and Undo takes a "
            "thrown-in deal back like any hand."
        )
    return Rule("D4", "Thrown in", text)


def _d5(variant: rules.Variant) -> Rule:
    """Who may win after a hand, as the win rule and the non-bidders' rule say."""
    ends = []
    moon = variant.moon
    if moon is not None and (moon.made == "wins" or moon.failed == "loses"):
        ends.append(f"{moon.name} ({variant.rule('moon')})")
    if variant.all_points_wins:
        ends.append(f"every point in one hand ({variant.rule('win')})")
    topic = "non_bidders" if variant.non_bidders == "must_bid_to_win" else "win"
    text = may_win(table_of(variant), rule=variant.rule(topic), ends=ends)
    return Rule("D5", "Who may win after a hand", text, see=(variant.rule("win"),))


def _d13(variant: rules.Variant) -> Rule:
    """Counting the card points for Game."""
    team = "player" if variant.cutthroat else "team"
    if variant.counts_game:
        text = (
            "Instead of tapping who took Game, the table may count: tap “Count…” on the Game "
            f"row and type each {team}'s card points ({CARD_POINTS}). Each count is a "
            "whole number from 0 up, and together they are at most "
            f"{variant.card_points_total}, the card points of the whole deck. The {team} with "
            "the most takes Game; a tie for the most gives it to nobody. If a team is tapped "
            "for Game as well, the counts must agree with it."
        )
    elif variant.category(GAME) is not None:
        text = "This game has no card points to count: the scorer taps who took Game."
    else:
        text = "This game has no Game point, so there are no card points to count."
    return Rule("D13", "Counting Game", text, see=("D2",) if variant.counts_game else ())


# The readings every written page shares, whatever the settings.
D7 = Rule(
    "D7",
    "Seats and the deal",
    "Seats are numbered going round to the left. The player left of the dealer bids "
    "first, and that player deals the next hand.",
)
D8 = Rule(
    "D8",
    "Finished games, undo and edit",
    "A finished game takes no more hands; undoing its last hand opens it again. "
    "Changing an earlier hand replays every hand after it; a change is refused when a "
    "later hand would no longer fit, and the edit screen says so before you confirm.",
)
D12_TEXT = (
    "A rematch keeps everyone in their seats. Its first dealer is drawn at random, as "
    "for any new game, unless the table chooses to go on with the rotation."
)


def _readings(variant: rules.Variant) -> list[Rule]:
    """The readings the engine's messages cite, in READING_IDS order."""
    d12 = Rule("D12", "A rematch", D12_TEXT, see=(variant.rule("dealer"),))
    return [
        _d1(variant),
        _d2(variant),
        _d3(variant),
        _d4(variant),
        _d5(variant),
        D7,
        D8,
        d12,
        _d13(variant),
    ]


def _hand_words(variant: rules.Variant, example: rules.Example) -> str:
    entry = example.entry
    if entry.thrown_in:
        return "Everyone passed."
    assert entry.bidder is not None  # an example played is a checked hand
    bidder = f"Seat {entry.bidder + 1} ({variant.team_label(variant.team_of(entry.bidder))})"
    moon = variant.moon if variant.is_moon(entry.bid) else None
    bid = moon.name if moon is not None else str(entry.bid)
    said = f"{bidder} bid {bid}"
    if entry.awards is not None:
        took = []
        for point in variant.points:
            team = entry.awards.get(point.key)
            who = "nobody" if team is None else variant.team_label(team)
            took.append(f"{point_words(point)}: {who}")
        said += "; " + ", ".join(took)
    elif entry.points is not None:
        said += "; points taken " + ", ".join(str(p) for p in entry.points)
    return said + "."


def _example(variant: rules.Variant, example: rules.Example) -> ExampleView:
    rows = [
        ExampleRow(
            variant.team_label(team),
            team,
            example.scores_before[team],
            example.changes[team],
            example.scores_after[team],
        )
        for team in range(variant.teams)
    ]
    if example.finished and example.winner is not None:
        result = f"{variant.team_wins(example.winner)} the game."
    else:
        result = "Play goes on."
    chosen = [
        o.label for o in variant.options if example.options.get(o.name, o.default) != o.default
    ]
    options = "With " + and_join(chosen) + " on." if chosen else ""
    return ExampleView(
        example.title, example.words, _hand_words(variant, example), rows, result, options
    )


def rules_page(variant: rules.Variant) -> RulesPage:
    """The rules page of any variant, written from its data (template rules/written.html)."""
    by_topic = {topic: TOPIC_RULES[topic](variant) for topic in rules.TOPICS}
    options: dict[str, list[tuple[str, str]]] = {}
    for option in variant.options:
        options.setdefault(option.rule, []).append((option.label, _option_words(option)))
    sections = []
    seen: set[str] = set()
    for title, topics in SECTIONS:
        shown = []
        for topic in topics:
            rule = by_topic[topic]
            if rule.id in seen:
                continue  # a variant whose topics share an id shows the rule once
            seen.add(rule.id)
            if rule.id in options:
                rule = Rule(
                    rule.id, rule.title, rule.text, rule.see, rule.words, tuple(options[rule.id])
                )
            shown.append(rule)
        sections.append(Section(title, shown))
    # An option whose rule is none of the topics' ids still gets an anchor of its own.
    spare = [
        Rule(rule_id, said[0][0], "", options=tuple(said))
        for rule_id, said in options.items()
        if rule_id not in seen
    ]
    if spare:
        sections.append(Section("Options a game may choose", spare))
    return RulesPage(
        variant=variant,
        summary=summary(variant),
        source=variant.source,
        sections=sections,
        readings=_readings(variant),
        examples=[_example(variant, e) for e in variant.examples],
    )
