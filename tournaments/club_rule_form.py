"""The "Club rules" fieldset of the new-tournament page and of the console's format form: every
rule of ``tournaments.contracts.club_rules`` (sitting out, missing a round, the entry fee, what the
draw waits for, prizes, a blind finish) as fields an organizer fills in on a phone.

The fields only carry values: :meth:`ClubRuleFields.rules_data` turns them into the contract's JSON
(``bye``, ``absent``, ``fee``…), which the page posts through the same contract as the API, so a
refusal names the field and the rule; :meth:`ClubRuleFields.add_service_error` puts a refusal of a
rule's part (``bye``: ``game_points must be…``) beside the box it came from. A club's usual rules
come as a preset (AOBK's klaverjas: an *uitloter* scores 1,600 and a win, at most once; 1,450 and a
loss for a round missed).

The fee is typed in euros as a club writes it ("5,00", "5.50", "5"), stored in cents.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.forms.renderers import TemplatesSetting
from django.utils.formats import number_format
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from clubs.errors import ServiceError
from scoring.forms.widgets import Toggle
from tournaments.contracts.club_rules import MOST_FEE
from tournaments.models import Tournament
from tournaments.standings.club_rules import (
    AVERAGE,
    AbsentRule,
    ByeRule,
    PrizeExtra,
    PrizeRule,
    Prizes,
    SitOutOutcome,
)

#: The presets a club may start from: each the contract's values of the rules it fills.
PRESETS: dict[str, dict[str, Any]] = {
    "aobk": {
        "bye": {"game_points": 1600, "outcome": "win", "max_per_entrant": 1},
        "absent": {"game_points": 1450, "outcome": "loss"},
    },
}
FIXED = "points"
NOTHING = "nothing"


def _outcomes() -> list[tuple[str, Any]]:
    return [
        (SitOutOutcome.WIN.value, pgettext_lazy("sit-out counts as", "a win")),
        (SitOutOutcome.DRAW.value, pgettext_lazy("sit-out counts as", "a draw")),
        (SitOutOutcome.LOSS.value, pgettext_lazy("sit-out counts as", "a loss")),
    ]


def _number(**attrs: Any) -> forms.NumberInput:
    return forms.NumberInput(attrs={"inputmode": "numeric", **attrs})


class ClubRuleFields(forms.Form):
    """The club's rules as form fields (a form class: Django collects the fields of its bases).
    Put it first among a form's bases, so its :meth:`add_service_error` comes before the page's."""

    default_renderer = TemplatesSetting  # the switches' template is the project's (scoring/widgets/)

    rule_preset = forms.ChoiceField(
        required=False,
        label=_("Start from a club's rules"),
        choices=[
            ("", "—"),
            # Translators: a preset of club rules: the Amsterdam klaverjas federation's (AOBK).
            ("aobk", _("Klaverjas (AOBK)")),
        ],
        help_text=_(
            "Klaverjas (AOBK): sitting out scores 1,600 and a win, once an afternoon at most; a missed "
            "round 1,450 and a loss."
        ),
    )
    bye_scores = forms.ChoiceField(
        required=False,
        label=_("Sitting out scores"),
        choices=[
            ("", _("The format's usual")),
            (FIXED, _("A fixed number of points")),
            (AVERAGE, _("The round's average")),
            (NOTHING, _("No points")),
        ],
        help_text=_("The format's usual: a concours gives the game's average, others a win."),
    )
    bye_points = forms.IntegerField(
        required=False,
        label=_("Points for sitting out"),
        min_value=0,
        widget=_number(min=0, max=100_000),
        help_text=_("With a fixed number: 1600 at a klaverjas afternoon."),
    )
    bye_outcome = forms.ChoiceField(
        required=False, label=_("Sitting out counts as"), choices=_outcomes, initial=SitOutOutcome.WIN.value
    )
    bye_max = forms.IntegerField(
        required=False,
        label=_("At most, times each"),
        min_value=1,
        widget=_number(min=1, max=99),
        help_text=_("How often one entrant may sit out in the evening; empty: no limit."),
    )
    absent_points = forms.IntegerField(
        required=False,
        label=_("Points for a missed round"),
        min_value=0,
        widget=_number(min=0, max=100_000),
        help_text=_("A late arrival's missed rounds: 1450, say. Empty: a missed round counts for nothing."),
    )
    absent_outcome = forms.ChoiceField(
        required=False,
        label=_("A missed round counts as"),
        choices=_outcomes,
        initial=SitOutOutcome.LOSS.value,
    )
    fee = forms.CharField(
        required=False,
        label=_("Entry fee (€)"),
        max_length=10,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
        help_text=_("In euros: 5,00. Empty: no fee."),
    )
    require_check_in = forms.BooleanField(required=False, label="", widget=Toggle())
    require_check_in.widget.label = _("The draw waits until everyone has checked in")
    require_paid = forms.BooleanField(required=False, label="", widget=Toggle())
    require_paid.widget.label = _("The draw waits until everyone has paid")
    prize_rule = forms.ChoiceField(
        required=False,
        label=_("Who gets a prize"),
        choices=[
            ("", _("No prize list")),
            (PrizeRule.PLACES.value, _("Places 1 to N")),
            (PrizeRule.EVERY_FOURTH.value, _("Places 1–4, 8, 12, 16…")),
            (PrizeRule.EVERYONE.value, _("Every entrant")),
        ],
    )
    prize_places = forms.IntegerField(
        required=False,
        label=_("How many places"),
        min_value=1,
        widget=_number(min=1, max=999),
        help_text=_("Places 1 to N: N. The others: at most this many, if given."),
    )
    prize_extras = forms.MultipleChoiceField(
        required=False,
        label=_("Prizes beside the places"),
        widget=forms.CheckboxSelectMultiple,
        choices=[
            (PrizeExtra.BOOBY.value, _("Booby prize (last place)")),
            (PrizeExtra.MOST_POINTS.value, _("Most points of the evening")),
            (PrizeExtra.BEST_MATCH.value, _("Best single match")),
        ],
    )
    blind_rounds = forms.IntegerField(
        required=False,
        label=_("Blind rounds at the end"),
        min_value=0,
        widget=_number(min=0, max=99),
        help_text=_("Standings stay hidden from the players for these last rounds until you reveal them."),
    )

    #: The contract's rule → the box its refusal goes beside (a part of it by the key it names).
    ERROR_FIELDS: dict[str, dict[str, str]] = {
        "bye": {
            "game_points": "bye_points",
            "outcome": "bye_outcome",
            "max_per_entrant": "bye_max",
            "": "bye_scores",
        },
        "absent": {"game_points": "absent_points", "outcome": "absent_outcome", "": "absent_points"},
        "prizes": {"places": "prize_places", "extras": "prize_extras", "": "prize_rule"},
    }

    #: The fieldset's groups: a legend and the fields under it (the preset first, with none).
    GROUPS = (
        ("", ("rule_preset",)),
        (_("Sitting out"), ("bye_scores", "bye_points", "bye_outcome", "bye_max")),
        (_("Missing a round"), ("absent_points", "absent_outcome")),
        (_("Entry fee and check-in"), ("fee", "require_check_in", "require_paid")),
        (_("Prizes"), ("prize_rule", "prize_places", "prize_extras")),
        (_("A blind finish"), ("blind_rounds",)),
    )

    @property
    def rule_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """The club's rule fields, by group, for the fieldset."""
        return [(str(legend), [self[name] for name in names]) for legend, names in self.GROUPS]

    @property
    def main_fields(self) -> list[forms.BoundField]:
        """Every other field of the form, in order."""
        return [self[name] for name in self.fields if name not in ClubRuleFields.base_fields]

    def clean_fee(self) -> int | None:
        cents = euros_to_cents(self.cleaned_data.get("fee") or "")
        if cents is not None and cents > MOST_FEE:
            raise forms.ValidationError(
                gettext("The entry fee is at most %(most)s €") % {"most": cents_to_euros(MOST_FEE)},
                code="fee",
            )
        return cents

    def rules_data(self) -> dict[str, Any]:
        """The rules as the contract takes them; every rule is sent (``None`` takes one off)."""
        data = self.cleaned_data
        preset = PRESETS.get(data.get("rule_preset") or "", {})
        return {
            "bye": preset.get("bye", self._bye()),
            "absent": preset.get("absent", self._absent()),
            "fee": data.get("fee"),
            "require_check_in": bool(data.get("require_check_in")),
            "require_paid": bool(data.get("require_paid")),
            "prizes": self._prizes(),
            "blind_rounds": data.get("blind_rounds") or 0,
        }

    def _bye(self) -> dict[str, Any] | None:
        data = self.cleaned_data
        scores = data.get("bye_scores")
        if not scores:
            return None
        points: Any = {FIXED: data.get("bye_points"), AVERAGE: AVERAGE, NOTHING: None}[scores]
        if scores == FIXED and points is None:
            points = ""  # refused by the contract, beside the points box
        return {
            "game_points": points,
            "outcome": data.get("bye_outcome") or SitOutOutcome.WIN.value,
            "max_per_entrant": data.get("bye_max"),
        }

    def _absent(self) -> dict[str, Any] | None:
        data = self.cleaned_data
        if data.get("absent_points") is None:
            return None
        return {"game_points": data["absent_points"], "outcome": data.get("absent_outcome") or "loss"}

    def _prizes(self) -> dict[str, Any] | None:
        data = self.cleaned_data
        if not data.get("prize_rule"):
            return None
        return {
            "rule": data["prize_rule"],
            "places": data.get("prize_places"),
            "extras": data.get("prize_extras") or [],
        }

    def add_service_error(self, error: ServiceError) -> None:
        """A refusal of a rule's part goes beside its own box, the part's key said as its label."""
        parts = self.ERROR_FIELDS.get(error.field or "")
        if parts is not None:
            found = re.search(r"\b(" + "|".join(k for k in parts if k) + r")\b", str(error.rule))
            target = parts[found.group(1) if found else ""]
            rule = str(error.rule)
            if found:
                rule = rule.replace(found.group(1), target, 1)
            error = type(error)(rule, target, code=error.code)
        super().add_service_error(error)  # type: ignore[misc]


def euros_to_cents(text: str) -> int | None:
    """ "5,00", "5.5" or "5" euros in cents (500, 550, 500); empty: none. A comma or a dot marks the
    cents; a thousands' separator is not taken (a fee is a few euros)."""
    cleaned = text.strip().replace("€", "").replace(" ", "")
    if not cleaned:
        return None
    if not re.fullmatch(r"\d{1,6}([.,]\d{1,2})?", cleaned):
        raise forms.ValidationError(gettext("Write the fee in euros, for example 5,00"), code="fee")
    try:
        return int(Decimal(cleaned.replace(",", ".")) * 100)
    except InvalidOperation:  # pragma: no cover - the pattern leaves none
        raise forms.ValidationError(gettext("Write the fee in euros, for example 5,00"), code="fee") from None


def cents_to_euros(cents: int | None) -> str:
    """500 → "5,00" as the page shows a fee, with the decimal mark of the page's language."""
    if cents is None:
        return ""
    return number_format(Decimal(cents) / 100, decimal_pos=2)


def club_rule_initial(tournament: Tournament) -> dict[str, Any]:
    """The fieldset's values from the rules a tournament stores."""
    bye = ByeRule.from_stored(tournament.bye)
    absent = AbsentRule.from_stored(tournament.absent)
    prizes = Prizes.from_stored(tournament.prizes)
    initial: dict[str, Any] = {
        "fee": cents_to_euros(tournament.fee),
        "require_check_in": tournament.require_check_in,
        "require_paid": tournament.require_paid,
        "blind_rounds": tournament.blind_rounds or None,
    }
    if bye.given:
        scores = AVERAGE if bye.game_points == AVERAGE else NOTHING if bye.game_points is None else FIXED
        initial.update(
            bye_scores=scores,
            bye_points=bye.game_points if scores == FIXED else None,
            bye_outcome=str(bye.outcome),
            bye_max=bye.max_per_entrant,
        )
    if absent.given:
        initial.update(absent_points=absent.game_points, absent_outcome=str(absent.outcome))
    if prizes.given:
        initial.update(
            prize_rule=str(prizes.rule),
            prize_places=prizes.places,
            prize_extras=[str(e) for e in prizes.extras],
        )
    return initial
