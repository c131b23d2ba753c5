"""An event's prize list as the pages, the API, the CSV export and the projector show it.

:func:`prize_list` is the one read they all go through: it takes the stored standings (never
recomputed per request), every decided table's game points and the event's prize rule, and hands
them to the pure ``tournaments.standings.prizes``; then it words each prize in the reader's
language (what it is for, with whom it is tied and how). Before the event is over the list is a
preview: the prizes as they would go if it ended now. A gate on what the public may see (a blind
finish) belongs in :func:`prize_list`, so that every page and the API obey it at once.

What this module does not do: decide who wins (``tournaments.standings.prizes``) or write.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext, pgettext

from tournaments import selectors, wording
from tournaments.models import RoundStatus, TableAssignment, Tournament, TournamentStatus
from tournaments.standings.blind_finish import OPEN, Veil
from tournaments.standings.club_rules import PrizeRule, Prizes
from tournaments.standings.prizes import Placed, Prize, PrizeKind, Score, Tie
from tournaments.standings.prizes import prize_list as pure_prize_list


@dataclass(frozen=True)
class PrizeLine:
    """A prize as shown: the pure :class:`Prize`, what it is for, the tied entrants' names, a
    plain note on the tie (empty when none) and the detail of an extra (its points, its round)."""

    prize: Prize
    title: str
    tied_names: tuple[str, ...]
    note: str
    detail: str

    def as_json(self) -> dict[str, Any]:
        prize = self.prize
        return {
            "choose": prize.choose,
            "place": prize.place,
            "rank": prize.rank,
            "entrant": {"id": prize.entrant, "name": prize.name},
            "kind": str(prize.kind),
            "tied": prize.tied,
            "tie": None if prize.tie is None else str(prize.tie),
            "tied_with": [
                {"id": e, "name": n} for e, n in zip(prize.tied_with, self.tied_names, strict=True)
            ],
            "points": prize.points,
            "round": prize.round,
            "title": self.title,
            "note": self.note,
        }


@dataclass(frozen=True)
class PrizeList:
    """The event's prize rule (``given`` false: none), whether the event is over (else the list is
    "if it ended now"), and the prizes in the order winners choose."""

    rule: Prizes
    final: bool
    prizes: tuple[PrizeLine, ...]
    #: A blind finish hides the last rounds: the prize list follows the final standings, so it
    #: waits for the reveal (the veil the reader is under: ``tournaments.blind_finish``).
    hidden: Veil = OPEN

    @property
    def summary(self) -> str:
        return rule_summary(self.rule)

    def as_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule.stored() if self.rule.given else None,
            "final": self.final,
            "hidden": self.hidden.active,
            "prizes": [line.as_json() for line in self.prizes],
        }


def prize_list(tournament: Tournament, shown: Veil = OPEN) -> PrizeList:
    """The prize list of ``tournament`` now (see the module text), as a reader under ``shown``
    sees it: while a blind finish hides rounds from the public, no prize at all."""
    rule = Prizes.from_stored(tournament.prizes)
    final = tournament.status == TournamentStatus.FINISHED
    if not rule.given or shown.active:
        return PrizeList(rule, final, (), shown)
    standings = selectors.cached_standings(tournament)
    ranked = [
        Placed(row.entrant, row.name, row.rank, row.withdrawn, dict(row.document)) for row in standings.rows
    ]
    prizes = pure_prize_list(rule, ranked, _scores(tournament), precedence=standings.metrics)
    names = {placed.entrant: placed.name for placed in ranked}
    rounds = dict(tournament.rounds.exclude(status=RoundStatus.FAILED).values_list("number", "label"))
    return PrizeList(rule, final, tuple(_line(prize, names, rounds) for prize in prizes))


def _scores(tournament: Tournament) -> list[Score]:
    """Every entrant's game points at every decided table."""
    decided = TableAssignment.objects.filter(
        round__tournament=tournament, status__in=selectors.DECIDED
    ).select_related("round")
    return [
        Score(table.round.number, int(entrant), int(doc.get("points") or 0))
        for table in decided
        for entrant, doc in table.result.items()
    ]


def _line(prize: Prize, names: dict[int, str], rounds: dict[int, str]) -> PrizeLine:
    tied = tuple(names.get(entrant, "") for entrant in prize.tied_with)
    return PrizeLine(
        prize, prize_title(prize.kind, prize.place), tied, _note(prize, tied), _detail(prize, rounds)
    )


def prize_title(kind: PrizeKind, place: int | None = None) -> str:
    """What the prize is for, in the reader's language ("Place 8", "Booby prize")."""
    if kind is PrizeKind.PLACE:
        # Translators: a place prize at the prize table ("Place 8": the 8th place's prize).
        return gettext("Place %(place)s") % {"place": place}
    if kind is PrizeKind.BOOBY:
        # Translators: the prize for the last place (klaverjas: poedelprijs).
        return gettext("Booby prize")
    if kind is PrizeKind.MOST_POINTS:
        # Translators: the prize for the most points over the evening (klaverjas: puntenkampioen).
        return gettext("Best points total")
    # Translators: the prize for the most points in one match.
    return gettext("Best match")


def rule_summary(rule: Prizes) -> str:
    """The prize rule in a sentence ("Places 1 to 4, then every 4th (8, 12, 16…); booby prize")."""
    if not rule.given:
        return ""
    if rule.rule is PrizeRule.PLACES:
        said = gettext("Places 1 to %(places)s") % {"places": rule.places or 0}
    elif rule.rule is PrizeRule.EVERY_FOURTH:
        # Translators: the Formule-van-4 prize rule of Dutch klaverjas clubs.
        said = gettext("Places 1 to 4, then every 4th (8, 12, 16…)")
    else:
        said = gettext("Every entrant still in")
    if rule.places and rule.rule is not PrizeRule.PLACES:
        said = gettext("%(rule)s, up to place %(places)s") % {"rule": said, "places": rule.places}
    extras = [prize_title(PrizeKind(str(extra))) for extra in rule.extras]
    return "; ".join([said, *extras])


def _note(prize: Prize, tied: tuple[str, ...]) -> str:
    """The tie, said plainly: shared because the tie-break order could not separate them, or
    decided by lot."""
    if prize.tie is None:
        return ""
    names = wording.listed(tied)
    if prize.tie is Tie.LOT:
        return gettext("Level with %(names)s on every tie-break before the lot: the lot decided.") % {
            "names": names
        }
    if prize.kind is PrizeKind.PLACE:
        return gettext(
            "Tied with %(names)s at rank %(rank)s: the tie-break order could not separate them, "
            "so they share it."
        ) % {"names": names, "rank": prize.rank.rstrip("=")}
    return gettext("Tied with %(names)s: they share it.") % {"names": names}


def _detail(prize: Prize, rounds: dict[int, str]) -> str:
    """An extra's points, and the round of a best match."""
    if prize.points is None:
        return ""
    points = number_format(prize.points, force_grouping=True)
    # Translators: game points, e.g. "1,600 points".
    said = pgettext("prize", "%(points)s points") % {"points": points}
    if prize.round is None:
        return said
    return f"{said} · {wording.round_label(rounds.get(prize.round, ''), prize.round)}"


__all__ = ["PrizeLine", "PrizeList", "prize_list", "prize_title", "rule_summary"]
