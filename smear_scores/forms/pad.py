"""The hand form's rows of big radio buttons (templates/games/_choice_group.html draws
them): on the score pad each button stands in its team's column."""

from __future__ import annotations

from dataclasses import dataclass, field

from smear_scores.templatetags.teams import ButtonWords, button_words


@dataclass
class PadChoice:
    """One button of a row: a player who bid, a bid, or the team that took a point."""

    value: str
    label: str
    css: str
    checked: bool
    wide: bool = False
    # Set by the group: the radio button's DOM id, its label's classes and its words as
    # they may wrap, worked out once here rather than pieced together in the template for
    # every button (templates/games/_choice_group.html draws them).
    id: str = ""
    label_class: str = ""
    words: ButtonWords | None = None
    # A smaller second line of the button ("10" under the moon's name).
    small: str = ""
    # On the score pad (HandForm.pad): the team's column the button stands in (None: the
    # "Nobody" column), and whether its words are said to a screen reader only (the
    # column's head names the team on the screen).
    column: int | None = None
    # A bidder's place among the players of its team (0 for the first of them).
    mate: int | None = None
    words_hidden: bool = False
    # Said before the words to a screen reader only: "High: " in "High: Ann & Bo".
    spoken_prefix: str = ""


@dataclass
class ChoiceGroup:
    """A row of radio buttons drawn as big buttons (templates/games/_choice_group.html)."""

    name: str
    legend: str
    choices: list[PadChoice]
    errors: list[str] = field(default_factory=list)
    hint: str = ""
    columns: int = 0
    # Each error's "why?" link: the rule it comes from, on the rules page.
    why: dict[str, str] = field(default_factory=dict)
    # A row of the score pad: each button in its team's column (PadChoice.column).
    pad: bool = False

    def __post_init__(self) -> None:
        for choice in self.choices:
            choice.id = f"{self.name}-{choice.value}"
            classes = [choice.css, *(["wide"] if choice.wide else [])]
            if self.pad:
                classes.append("at-none" if choice.column is None else f"at-{choice.column}")
                if choice.mate is not None:
                    classes.append(f"mate-{choice.mate}")
            choice.label_class = " ".join(classes)
            choice.words = button_words(choice.label)

    @property
    def errors_why(self) -> list[tuple[str, str]]:
        """Each error with its "why?" link ('' without one)."""
        return [(e, self.why.get(e, "")) for e in self.errors]
