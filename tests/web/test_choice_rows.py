"""The hand form's rows of big buttons (forms.pad.ChoiceGroup), which draw themselves: each
radio button with its label, every name escaped, a refusal beside its row with its "why?"
link; and the scorer's board, whose hand form is built only when its part is drawn."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.core.cache import cache
from django.template import engines
from django.test import Client
from django.urls import reverse

from smear_scores import rules
from smear_scores.forms import hands as hand_forms
from smear_scores.forms.hands import HandForm

from .conftest import grant, text

SHY = "\u00ad"
# A name for every way text can break markup: a tag, quotes, an ampersand, a long word.
NAMES = ["<i>Jo</i>", 'Ann "Bo"', "O'Neil & Al", "Christopher"]


class Rows(HTMLParser):
    """Each radio input (its attributes), each label (its ``for``, classes and text), and
    each error line, as a browser reads them."""

    def __init__(self):
        super().__init__()
        self.inputs: list[dict[str, str | None]] = []
        self.labels: list[dict[str, str]] = []
        self.errors: list[str] = []
        self.links: list[str] = []
        self.tags: list[str] = []
        self._in: list[dict[str, str]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        attrs = dict(attrs)
        if tag == "input" and attrs.get("type") == "radio":
            self.inputs.append(attrs)
        elif tag == "label" and "for" in attrs:
            self._in.append({"for": attrs["for"], "class": attrs["class"], "text": ""})
        elif tag == "p" and attrs.get("class") == "error":
            self._in.append({"error": "", "text": ""})
        elif tag == "a" and attrs.get("class") == "why":
            self.links.append(attrs["href"])

    def handle_endtag(self, tag):
        if tag == "label" and self._in and "for" in self._in[-1]:
            self.labels.append(self._in.pop())
        elif tag == "p" and self._in and "error" in self._in[-1]:
            self.errors.append(" ".join(self._in.pop()["text"].split()))

    def handle_data(self, data):
        for open_ in self._in:
            open_["text"] += data.replace(SHY, "")


def drawn(html: str) -> Rows:
    rows = Rows()
    rows.feed(html)
    rows.close()
    return rows


def rows_of(form: HandForm) -> str:
    """The form's rows as a template draws them (``{{ group }}``)."""
    template = engines["django"].from_string("{% for g in groups %}{{ g }}{% endfor %}")
    groups = [form.bidder_group(), form.bid_group(), *form.award_groups()]
    return template.render({"groups": groups})


def test_every_button_has_its_radio_and_label_and_every_name_is_escaped():
    variant = rules.get_variant("ne-wisconsin")
    teams = ["<i>Jo</i> & O'Neil & Al", 'Ann "Bo" & Christopher']
    html = rows_of(HandForm(variant=variant, names=NAMES, teams=teams))
    rows = drawn(html)

    # The names are words on the page, never markup: no <i> from "<i>Jo</i>".
    assert "i" not in rows.tags
    bidders = [r for r in rows.inputs if r["name"] == "bidder"]
    assert [(r["value"], r["id"]) for r in bidders] == [(str(s), f"bidder-{s}") for s in range(4)]
    assert [lab["for"] for lab in rows.labels] == [r["id"] for r in rows.inputs]
    said = {lab["for"]: lab["text"] for lab in rows.labels}
    assert [said[f"bidder-{s}"] for s in range(4)] == NAMES
    assert [r["value"] for r in rows.inputs if r["name"] == "bid"] == ["2", "3", "4"]
    # A point's button says the point and the team to a screen reader ("High: ..."); the
    # column's head names the team on the screen.
    assert said["award_high-0"] == "High: <i>Jo</i> & O'Neil & Al"
    assert said["award_high-1"] == 'High: Ann "Bo" & Christopher'
    assert not any("checked" in r for r in rows.inputs)


def test_a_refused_row_says_why_beside_it_and_keeps_what_was_tapped():
    variant = rules.get_variant("schmier")
    names = ["Ann", "Bo", "Cy", "Dee", "Eli", "Flo"]
    teams = ["Ann & Dee", "Bo & Eli", "Cy & Flo"]
    form = HandForm(
        variant=variant,
        names=names,
        teams=teams,
        data={"number": "1", "bidder": "2", "bid": "9", "award_high": "1"},
    )
    assert not form.is_valid()
    rule = "S-bids"
    form.error_rules = {message: rule for message in form.errors["bid"]}
    rows = drawn(rows_of(form))

    assert [r["id"] for r in rows.inputs if "checked" in r] == ["bidder-2", "award_high-1"]
    assert rows.errors[0] == "Tap one of the buttons. why?"
    assert rows.links[0].endswith(f"#{rule}")


def test_the_scorers_board_draws_every_row_of_buttons_as_buttons(make_game):
    game = make_game("schmier", hands=3)
    page = text(grant(Client(), game).get(reverse("game", args=[game.public_id])))
    rows = drawn(page)

    assert "ChoiceGroup(" not in page
    # Six bidders, four bids, and seven points: three teams each, Nobody where it may
    # go unawarded.
    variant = rules.get_variant("schmier")
    points = sum(3 + (not p.always_awarded) for p in variant.points)
    assert len(rows.inputs) == 6 + 4 + points


@pytest.fixture
def forms_built(monkeypatch):
    built = []
    init = HandForm.__init__

    def counted(self, *args, **kwargs):
        built.append(self)
        init(self, *args, **kwargs)

    monkeypatch.setattr(hand_forms.HandForm, "__init__", counted)
    return built


def test_a_scorers_board_kept_whole_builds_no_hand_form(make_game, forms_built):
    game = make_game("schmier", hands=3)
    cache.clear()
    first, second = grant(Client(), game), grant(Client(), game)
    url = reverse("game", args=[game.public_id])
    forms_built.clear()
    drawn_page = text(first.get(url))
    assert len(forms_built) == 1

    kept_page = text(second.get(url))

    # The second scorer's form comes from the cache: nothing builds another.
    assert len(forms_built) == 1
    assert len(drawn(kept_page).inputs) == len(drawn(drawn_page).inputs)
