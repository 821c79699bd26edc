"""The hand form: one hand as the scorer taps it, on the scoreboard and the edit screen.

Its field names (the scoreboard, the edit screen and the preview post them):

- ``number``: the hand number the screen showed (hidden), so a double tap or a stale
  screen is recognised by ``services.hand_record``;
- ``bidder``: the seat (0-based, clockwise) of the player who won the bid;
- ``bid``: the bid;
- ``award_<key>``: for each point of the variant (``award_high``, ``award_game`` ...), the
  team that took it (0-based) or ``none`` where the point may go unawarded (D1);
- ``by_totals``: ``on`` to give ``points_<team>`` (points taken per team) instead;
- ``count_game``: ``on`` when the table counts Game ("Count…"); then
  ``card_points_<team>``: the card points each team took (D13); with every team's count
  typed, ``award_game`` may be left out (the counts award Game) and, when tapped, must
  agree with them;
- ``thrown_in``: ``1`` for a deal everyone passed (D4); the other fields are then ignored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.forms.utils import ErrorDict

from smear_scores import rules
from smear_scores.rules import HandEntry, RuleError
from smear_scores.templatetags.links import rules_url
from smear_scores.templatetags.teams import team_colour
from smear_scores.wording.words import point_words

from .field_refusals import RefusalErrors
from .fields import AsciiIntegerField
from .pad import ChoiceGroup, PadChoice

NOT_OUT = "none"
# The value of the "Yes, thrown in" button: drop a half-entered hand on purpose (D4).
THROWN_IN_ANYWAY = "anyway"
MAX_HAND_NUMBER = 99_999


# Beside Low, who gets it (the table taps that team): the one that played the lowest trump,
# or the one that took the trick it fell in.
LOW_HINTS = {"played": "who played it", "trick": "who took the trick"}


class HandForm(RefusalErrors, forms.Form):
    """One hand as the scorer taps it. ``cleaned_data["entry"]`` is the rules' HandEntry."""

    # What the engine's refusals name, as this form names its fields (RefusalErrors); the
    # points as a whole and the card count have lists of their own (refusal_elsewhere).
    refusal_fields = {
        "bidder": "bidder",
        "bid": "bid",
        "points.": "points_",
        "awards.": "award_",
        "card_points.": "card_points_",
    }

    # Hidden: a bad value is not the scorer's doing, so its error is shown with the form's.
    number = AsciiIntegerField(
        required=False,
        min_value=1,
        max_value=MAX_HAND_NUMBER,
        widget=forms.HiddenInput,
        error_messages={
            key: "This screen's hand number is not one of this game: reload the scoreboard."
            for key in ("invalid", "min_value", "max_value")
        },
    )
    thrown_in = forms.BooleanField(required=False)
    by_totals = forms.BooleanField(required=False)
    # "Count…" switched on: the card_points_<team> fields are read (D13).
    count_game = forms.BooleanField(required=False)

    def __init__(
        self,
        *args: Any,
        variant: rules.Variant,
        names: Sequence[str],
        teams: Sequence[str],
        game: Any = None,
        **kwargs: Any,
    ):
        # ``game``: the game the hand is of, whose rules page the "why?" links go to.
        # The players' names in seat order and the teams' names (selectors.team_names) are
        # only drawn, never needed to read a post: they may be lazy sequences, read only if
        # the form is shown.
        self.variant = variant
        self.game = game
        self.names = names
        self.teams = teams
        super().__init__(*args, **kwargs)
        self._add_tapped_fields(variant)
        self._add_typed_fields(variant)
        # Errors about the points as a whole (their sum, D1) and about the hand as a whole.
        self.points_errors: list[str] = []
        # Errors about the counted card points as a whole (their sum, a tapped Game that
        # disagrees, D13), and who takes Game by them (set by the view that draws the form).
        self.count_errors: list[str] = []
        self.count_verdict = ""
        self.count_problem = ""
        # "Thrown in" was tapped on a half-entered hand: ask before dropping it.
        self.thrown_in_unsure = False

    def _add_tapped_fields(self, variant: rules.Variant) -> None:
        """The buttons: who bid, the bid, and the team that took each point."""
        invalid = {"invalid_choice": "Tap one of the buttons."}
        self.fields["bidder"] = forms.TypedChoiceField(
            choices=[(str(s), f"Seat {s + 1}") for s in range(variant.players)],
            coerce=int,
            required=False,
            empty_value=None,
            error_messages=invalid,
        )
        self.fields["bid"] = forms.TypedChoiceField(
            choices=[(str(b), str(b)) for b in variant.bids],
            coerce=int,
            required=False,
            empty_value=None,
            error_messages=invalid,
        )
        for point in variant.points:
            choices = [(str(t), variant.team_label(t)) for t in range(variant.teams)]
            if not point.always_awarded:
                choices.append((NOT_OUT, point.nobody))
            self.fields[f"award_{point.key}"] = forms.ChoiceField(
                choices=choices, required=False, error_messages=invalid
            )

    def _add_typed_fields(self, variant: rules.Variant) -> None:
        """The numbers: each team's points taken, and its card points where Game is counted."""
        for team in range(variant.teams):
            self.fields[f"points_{team}"] = AsciiIntegerField(
                required=False,
                error_messages={"invalid": "Type the points taken as a number."},
            )
        if variant.counts_game:
            for team in range(variant.teams):
                self.fields[f"card_points_{team}"] = AsciiIntegerField(
                    required=False,
                    error_messages={
                        "invalid": "Type the card points as a whole number, 0 if none."
                    },
                )

    # -- reading ------------------------------------------------------------------------
    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        variant = self.variant
        if "number" in self.errors:
            self.add_error(None, self.errors.pop("number"))
        if data.get("thrown_in"):
            return self._clean_thrown_in(data)
        bids_rule = variant.rule("bids")
        if data.get("bidder") is None and "bidder" not in self.errors:
            self._refuse("bidder", "Tap the player who won the bid.", bids_rule)
        if data.get("bid") is None and "bid" not in self.errors:
            self._refuse("bid", "Tap the bid.", bids_rule)
        points = awards = counts = None
        if data.get("by_totals"):
            points = self._typed_points(data)
        else:
            awards, counts = self._tapped_points(data)
        if not self.errors:
            data["entry"] = HandEntry(
                bidder=data["bidder"],
                bid=data["bid"],
                points=points,
                awards=awards,
                card_points=counts if awards is not None else None,
            )
        return data

    def _clean_thrown_in(self, data: dict[str, Any]) -> dict[str, Any]:
        """A deal everyone passed (D4): a thrown-in deal has no bidder or points, so what
        was tapped is never dropped without the scorer saying so."""
        tapped = self.tapped()
        if tapped and self.data.get("thrown_in") != THROWN_IN_ANYWAY:
            self.thrown_in_unsure = True
            self.add_error(
                None,
                # Short: the bar under the pad says it, whose rows stay above it.
                "Everyone passed? Tap “Yes, thrown in” to drop what is entered, or finish "
                "the hand.",
            )
            return data
        data["entry"] = HandEntry.thrown()
        return data

    def _typed_points(self, data: dict[str, Any]) -> tuple[int, ...] | None:
        """The points each team took, as typed (an empty one is an error: None)."""
        points: list[int] = []
        for team in range(self.variant.teams):
            name = f"points_{team}"
            value = data.get(name)
            if value is None and name not in self.errors:
                self.add_error(name, f"Type the points {self.team_label(team)} took (0 if none).")
            if value is not None:
                points.append(value)
        return tuple(points) if len(points) == self.variant.teams else None

    def _tapped_points(
        self, data: dict[str, Any]
    ) -> tuple[dict[str, int | None], tuple[int, ...] | None]:
        """Who took each point, as tapped (a point not tapped is an error), and the card
        points counted, if the table counts Game."""
        variant = self.variant
        awards: dict[str, int | None] = {}
        counting, counts = self._counts(data)
        for point in variant.points:
            name = f"award_{point.key}"
            value = data.get(name)
            if not value and point.key == "game" and counting:
                # Counted (D13): the counts award Game, no tap needed.
                continue
            if not value:
                if name not in self.errors:
                    # The table's words: the teams by their players, as on the buttons.
                    choices = [self.team_label(t) for t in range(variant.teams)]
                    if not point.always_awarded:
                        choices.append(point.nobody)
                    tap = ", ".join(choices[:-1]) + " or " + choices[-1]
                    message = f"Who took {point.label}? Tap {tap}."
                    self._refuse(name, message, variant.rule("points"))
                continue
            awards[point.key] = None if value == NOT_OUT else int(value)
        return awards, counts

    def _counts(self, data: dict[str, Any]) -> tuple[bool, tuple[int, ...] | None]:
        """Is the table counting Game (D13), and its counts: every team's, in team order.
        A count left empty is an error (the counts are then None, as for a count that is
        not a number: its field says so)."""
        names = [f"card_points_{team}" for team in range(self.variant.teams)]
        if not data.get("count_game") or not all(name in self.fields for name in names):
            return False, None
        typed = [str(self.data.get(name, "")).strip() for name in names]
        if not any(typed) and data.get("award_game"):
            # Switched on but nothing typed, Game tapped: the tap stands.
            return False, None
        counts: list[int] = []
        for team, name in enumerate(names):
            value = data.get(name)
            if value is None and name not in self.errors:
                self._refuse(
                    name, f"Type the card points {self.team_label(team)} took (0 if none).", "D13"
                )
            if value is not None:
                counts.append(value)
        return True, (tuple(counts) if len(counts) == len(names) else None)

    def tapped(self) -> list[str]:
        """What the posted hand already holds besides "thrown in", in the table's words."""
        said = []
        data = self.data
        value = str(data.get("bidder") or "")
        bidder = int(value) if value.isascii() and value.isdigit() and len(value) < 3 else None
        if bidder is not None and bidder < self.variant.players:
            said.append(f"{self.names[bidder]} as the bidder")
        if data.get("bid"):
            said.append(f"a bid of {data.get('bid')}")
        if data.get("by_totals") in ("on", "true", "True", "1"):
            if any(str(data.get(f"points_{t}", "")).strip() for t in range(self.variant.teams)):
                said.append("points typed in")
        else:
            if any(data.get(f"award_{p.key}") for p in self.variant.points):
                said.append("who took points")
            if self.counting and any(
                str(data.get(f"card_points_{t}", "")).strip() for t in range(self.variant.teams)
            ):
                said.append("card points typed in")
        return said

    def _refuse(self, name: str | None, message: str, rule: str) -> None:
        self.error_rules[message] = rule
        self.add_error(name, message)

    def rules_page(self) -> str:
        """The rules page of the game the hand is of (links.rules_url)."""
        return rules_url(self.variant, self.game)

    def _with_why(self, messages: Sequence[str]) -> list[tuple[str, str]]:
        """Each message with its "why?" link ('' if it has no rule)."""
        why = self.why(messages)
        return [(m, why.get(m, "")) for m in messages]

    def general_errors_why(self) -> list[tuple[str, str]]:
        """The errors about the whole hand, each with its "why?" link ('' if none)."""
        return self._with_why(self.general_errors())

    def first_error_why(self) -> tuple[str, str]:
        """The first thing to put right, top to bottom, with its "why?" link: the bar
        says it where the scorer's thumb is."""
        order = [None, "bidder", "bid", *(f for f in self.fields if f not in ("bidder", "bid"))]
        for name in order:
            if messages := self.errors_of(name or "__all__"):
                return self._with_why(messages[:1])[0]
        if self.points_errors:
            return self._with_why(self.points_errors[:1])[0]
        if self.count_errors:
            return self._with_why(self.count_errors[:1])[0]
        return "", ""

    def points_errors_why(self) -> list[tuple[str, str]]:
        return self._with_why(self.points_errors)

    def refusal_elsewhere(self, error: RuleError) -> None:
        """The points as a whole and the card count have lists of their own, shown with
        them; any other problem of no field is the hand's."""
        if error.field in ("points", "awards"):
            self.points_errors.append(error.message)
        elif error.field == "card_points":
            self.count_errors.append(error.message)
        else:
            super().refusal_elsewhere(error)

    # -- drawing ------------------------------------------------------------------------
    def team_label(self, team: int) -> str:
        """The team as the table calls it (read only if drawn)."""
        return self.teams[team]

    def _value(self, name: str) -> str:
        if self.is_bound:
            value = self.data.get(name, "")
        else:
            value = self.initial.get(name, "")
        return "" if value is None else str(value)

    @property
    def totals_on(self) -> bool:
        return self._value("by_totals") in ("on", "true", "True", "1")

    def bidder_group(self) -> ChoiceGroup:
        variant = self.variant
        chosen = self._value("bidder")
        pad = self.pad
        # Each playing alone, the column's head is the player's name: the button need not
        # say it again on the screen.
        alone = variant.players == variant.teams
        return ChoiceGroup(
            name="bidder",
            legend="Who won the bid?",
            choices=[
                PadChoice(
                    str(seat),
                    name,
                    team_colour(variant.team_of(seat)),
                    chosen == str(seat),
                    column=variant.team_of(seat),
                    mate=seat // variant.teams,
                    words_hidden=pad and alone,
                )
                for seat, name in enumerate(self.names)
            ],
            errors=self.errors_of("bidder"),
            why=self.why(self.errors_of("bidder")),
            pad=pad,
            kind="bidder",
        )

    def bid_group(self) -> ChoiceGroup:
        """The bids; the moon (the top bid, when the table plays one) by its name, its
        number under it."""
        chosen = self._value("bid")
        variant = self.variant
        choices = []
        for b in variant.bids:
            if variant.moon is not None and variant.is_moon(b):
                choice = PadChoice(str(b), variant.moon.name, "bid moon", chosen == str(b))
                choice.small = str(b)
            else:
                choice = PadChoice(str(b), str(b), "bid", chosen == str(b))
            choices.append(choice)
        return ChoiceGroup(
            name="bid",
            legend="Bid",
            choices=choices,
            errors=self.errors_of("bid"),
            why=self.why(self.errors_of("bid")),
            kind=self.bid_classes,
        )

    # More bids than this: the bids take the whole line, their name ("Bid") said to a screen
    # reader only, so that Ten-point Pitch's 4 to 10 or Pedro's 7 to 14 stay one row.
    MANY_BIDS = 5
    # More rows of points than this: four bidders in one row, not two and two, so that
    # every tap of a ten-point hand is on one screen at 360x740.
    MANY_POINTS = 6

    @property
    def bid_classes(self) -> str:
        many = len(self.variant.bids) > self.MANY_BIDS
        return "bid point many-bids" if many else "bid point"

    # Up to this many teams, the hand is a score pad: each team named once, at the head of
    # its column, each point a row of buttons under the heads. More (seven or eight each
    # alone) would make columns too narrow for a finger: each button says its player.
    PAD_TEAMS = 6
    # From this many teams, a point's name goes above its row, leaving the width to the
    # columns.
    WIDE_PAD = 5

    @property
    def pad(self) -> bool:
        return self.variant.teams <= self.PAD_TEAMS

    @property
    def pad_teams(self) -> list[dict[str, Any]]:
        """The pad's column heads: each team's index and its name as the table says it."""
        return [{"index": t, "label": self.team_label(t)} for t in range(self.variant.teams)]

    @property
    def form_classes(self) -> str:
        variant = self.variant
        classes = ["hand-form"]
        if self.pad:
            classes += ["pad", f"teams-{variant.teams}"]
            if variant.teams >= self.WIDE_PAD:
                classes.append("wide-pad")
            if (variant.players, variant.teams) == (4, 2):
                # Two pairs: a team's two bidders side by side in its column.
                classes.append("two-pairs")
            if (variant.players, variant.teams) == (6, 2):
                # Two teams of three: a team's three bidders side by side, a row a team.
                classes.append("two-trios")
        if len(variant.points) > self.MANY_POINTS:
            classes.append("many-points")
        if variant.players // variant.teams >= 3:
            # Teams of three: a team's three names in two lines on its point buttons.
            classes.append("teams-of-three")
        return " ".join(classes)

    @property
    def all_pass_offered(self) -> bool:
        """Is "All passed" a button? Not where the dealer is stuck with the lowest bid: no
        hand is thrown in there (the engine refuses one)."""
        return self.variant.all_pass != "stick_dealer"

    def award_groups(self) -> list[ChoiceGroup]:
        variant = self.variant
        groups = []
        for point in variant.points:
            name = f"award_{point.key}"
            chosen = self._value(name)
            pad = self.pad
            # On the pad each button is said "High: Ann & Bo": the point and the team.
            spoken = f"{point_words(point)}: " if pad else ""
            choices = [
                PadChoice(
                    str(t),
                    self.team_label(t),
                    team_colour(t),
                    chosen == str(t),
                    column=t,
                    words_hidden=pad,
                    spoken_prefix=spoken,
                )
                for t in range(variant.teams)
            ]
            if not point.always_awarded:
                choices.append(
                    PadChoice(
                        NOT_OUT, point.nobody, "none", chosen == NOT_OUT, spoken_prefix=spoken
                    )
                )
            groups.append(
                ChoiceGroup(
                    name=name,
                    # "Trey 3", "Pedro 5": a point worth more than one says so.
                    legend=point_words(point),
                    hint=LOW_HINTS.get(variant.low_goes_to, "") if point.key == "low" else "",
                    columns=len(choices),
                    choices=choices,
                    errors=self.errors_of(name),
                    why=self.why(self.errors_of(name)),
                    pad=pad,
                    kind="point",
                )
            )
        return groups

    def _team_fields(self, prefix: str) -> list[dict[str, Any]]:
        """A number typed per team (``<prefix>_<team>``), each under its team's name."""
        return [
            {
                "name": f"{prefix}_{team}",
                "team": team,
                "label": self.team_label(team),
                "value": self._value(f"{prefix}_{team}"),
                "errors": self.errors_of(f"{prefix}_{team}"),
            }
            for team in range(self.variant.teams)
        ]

    def total_fields(self) -> list[dict[str, Any]]:
        return self._team_fields("points")

    @property
    def counts_game(self) -> bool:
        """Does this form offer "Count…" for Game (D13)?"""
        return "card_points_0" in self.fields

    @property
    def counting(self) -> bool:
        """Is "Count…" switched on (the card-point fields drawn)?"""
        return self.counts_game and self._value("count_game") in ("on", "true", "True", "1")

    def count_fields(self) -> list[dict[str, Any]]:
        return self._team_fields("card_points")

    def typed_counts(self) -> list[int] | None:
        """Every team's count as typed, when all are whole numbers (the row's verdict)."""
        if not self.counting:
            return None
        counts = []
        for team in range(self.variant.teams):
            value = self._value(f"card_points_{team}").strip()
            digits = value.removeprefix("-")
            if not (digits.isascii() and digits.isdigit() and len(digits) <= 4):
                return None
            counts.append(int(value))
        return counts

    def general_errors(self) -> list[str]:
        return self.errors_of("__all__")

    def missing(self) -> list[str]:
        """What is still to tap, in the table's words (for the preview line)."""
        errors = self._errors or ErrorDict()
        labels = {"bidder": "who bid", "bid": "the bid"}
        for point in self.variant.points:
            labels[f"award_{point.key}"] = point.label
        for team in range(self.variant.teams):
            labels[f"points_{team}"] = f"{self.team_label(team)}'s points"
        for team in range(self.variant.teams):
            labels[f"card_points_{team}"] = f"{self.team_label(team)}'s card points"
        return [label for name, label in labels.items() if name in errors]


def hand_initial(variant: rules.Variant, hand: Any) -> dict[str, Any]:
    """The edit screen's starting values: the hand as it was entered."""
    if hand.thrown_in:
        return {"number": hand.number}
    initial: dict[str, Any] = {"number": hand.number, "bidder": hand.bidder, "bid": hand.bid}
    if hand.awards is not None:
        for point in variant.points:
            team = hand.awards.get(point.key)
            initial[f"award_{point.key}"] = NOT_OUT if team is None else team
        if hand.card_points is not None:
            # Counted (D13): the counts, not a tap, say who took Game.
            initial.pop("award_game", None)
            initial["count_game"] = "on"
            for team, count in enumerate(hand.card_points):
                initial[f"card_points_{team}"] = count
    else:
        initial["by_totals"] = "on"
        for team, taken in enumerate(hand.points):
            initial[f"points_{team}"] = taken
    return initial
