"""Registering entrants and withdrawing them.

An entrant arrives as an :class:`EntrantSpec` (from the entrant contract: the API, the console's
form or a CSV file's row); what depends on the tournament is checked here: entries are open, the
name is free and short enough for the format, the players fit the kind of entrant (one player at
most for an individual; a partnership names all its partners, as many as sit on a side of the
game's table, or none). Named players become members of the organizing club. An individual entrant
is always a player of the club: the one it lists, else the club's player of its name (created if
new), or the club's member it names by id (``player``), so the same person is one player across
evenings (the seasons app follows players, not entrants).

A late arrival (an entrant registered once round 1 is drawn, where the format takes late entries:
Swiss, concours, multi-seat tables, individual) joins at the next round to be drawn, or a later
one it names (``joins_round``); every round drawn without it records it in ``Round.absent``, and
those rounds score the event's absent rule (``tournaments.standings.rows``). A round robin or a
bracket draws every entrant from round 1 and refuses a late arrival.

An entrant registered by mistake is removed before round 1 (:func:`entrant_remove`); once round 1
is drawn it can only be withdrawn (:func:`entrant_withdraw`), since its place is in the draw. A
withdrawal leaves no table waiting: an entrant withdrawn while its table plays forfeits that table
in the same transaction (its match abandoned, the deals played kept readable, the opponents win).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry, NotFound
from clubs.models import Membership, Player
from games import find_game
from tournaments import tasks
from tournaments.models import Entrant, Round, RoundStatus, Tournament, TournamentStatus
from tournaments.pairing.formats import BRACKETS, LATE_ENTRY, EntrantKind, Format
from tournaments.services.common import (
    SYSTEM,
    after_commit,
    bump_revision,
    lock_tournament,
    results_changed,
)
from tournaments.services.results import forfeit_withdrawn, open_tables

MAX_ENTRANTS = 1024
#: An individual event's entrant names stay short: two of them make a side's name.
INDIVIDUAL_NAME = 80


@dataclass(frozen=True)
class EntrantSpec:
    """One entrant to register: its name, its players' names, its home club, seed and rating."""

    name: str
    players: tuple[str, ...] = ()
    club: str = ""
    seed: int | None = None
    rating: int | None = None
    player: int | None = None
    joins_round: int | None = None


def entrants_register(*, tournament_id: int, entrants: Sequence[EntrantSpec]) -> list[Entrant]:
    """Register entrants, all or nothing; an error names the entrant at fault by its index
    (``row``)."""
    return _register(tournament_id, entrants, name_rows=True)


def entrant_register(*, tournament_id: int, entrant: EntrantSpec) -> Entrant:
    """Register one entrant."""
    return _register(tournament_id, [entrant], name_rows=False)[0]


def _register(tournament_id: int, specs: Sequence[EntrantSpec], *, name_rows: bool) -> list[Entrant]:
    if not specs:
        raise InvalidEntry(gettext("give at least one entrant"), None)
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        _check_open(tournament)
        taken = {name.strip().casefold() for name in tournament.entrants.values_list("name", flat=True)}
        if len(taken) + len(specs) > MAX_ENTRANTS:
            raise InvalidEntry(
                gettext("a tournament takes at most %(count)s entrants") % {"count": MAX_ENTRANTS}, None
            )
        partners = _partners(tournament)
        playing = _playing(tournament) if partners > 1 else {}
        drawn = list(tournament.rounds.exclude(status=RoundStatus.FAILED).order_by("number"))
        made = []
        for index, spec in enumerate(specs):
            try:
                joins = _joins_round(tournament, spec, len(drawn))
                entrant = _register_one(tournament, spec, taken, partners, playing)
            except (InvalidEntry, Conflict) as error:
                if name_rows:
                    error.extra["row"] = index
                raise
            if joins is not None:
                _arrives_late(entrant, joins, drawn)
            made.append(entrant)
        results_changed(tournament)
    return made


def takes_late_arrivals(tournament: Tournament) -> bool:
    """Whether an entrant registered now is a late arrival the format takes (round 1 is drawn,
    the evening is not over, and its rounds are drawn one at a time)."""
    return tournament.status == TournamentStatus.RUNNING and tournament.format in LATE_ENTRY


def _check_open(tournament: Tournament) -> None:
    if tournament.status == TournamentStatus.FINISHED:
        raise Conflict(gettext("the tournament is finished"), None)
    if tournament.status == TournamentStatus.RUNNING and tournament.format not in LATE_ENTRY:
        # The rule, not the format's name ("(concours (doublettes))" read badly in brackets).
        raise Conflict(
            gettext(
                "entries closed when the tournament started: a round robin or a bracket draws every "
                "entrant from round 1, so it takes no late arrival"
            ),
            None,
            code="late_entry_closed",
        )


def _joins_round(tournament: Tournament, spec: EntrantSpec, drawn: int) -> int | None:
    """The first round a new entrant is drawn in: the one it names, else the next round to be
    drawn once round 1 is (``None``: from round 1, as every entrant registered in time)."""
    if spec.joins_round is None:
        return drawn + 1 if drawn else None
    if tournament.format not in LATE_ENTRY:
        raise Conflict(
            gettext("joins_round: this format draws every entrant from round 1 and takes no late arrival"),
            "joins_round",
        )
    if spec.joins_round <= drawn:
        raise Conflict(
            gettext("joins_round must be %(next)s or later: round %(drawn)s is already drawn")
            % {"next": drawn + 1, "drawn": drawn},
            "joins_round",
        )
    planned = tournament.rounds_planned
    if planned is not None and spec.joins_round > planned:
        raise InvalidEntry(
            gettext("joins_round must be at most %(planned)s, the event's last round") % {"planned": planned},
            "joins_round",
        )
    return None if spec.joins_round == 1 else spec.joins_round


def _arrives_late(entrant: Entrant, joins: int, drawn: Sequence[Round]) -> None:
    """A late arrival joins at round ``joins``: the rounds already drawn without it are recorded
    as missed (the later ones are recorded when they are drawn, ``rounds``)."""
    entrant.joins_round = joins
    entrant.save(update_fields=["joins_round"])
    for past in drawn:
        if past.number < joins and entrant.pk not in past.absent:
            past.absent = [*past.absent, entrant.pk]
            past.save(update_fields=["absent"])


def _partners(tournament: Tournament) -> int:
    """How many players a partnership of this tournament is: the seats of a side at the game's
    table (two in Coinche, three in six-handed Forty-Five); 1 for individual entrants."""
    if tournament.entrant_kind != EntrantKind.PARTNERSHIP:
        return 1
    shape = find_game(tournament.game_key).table_shape(tournament.options)
    return max(2, shape.seats // max(1, shape.max_sides))


def _playing(tournament: Tournament) -> dict[str, str]:
    """Who already plays in an active partnership of the tournament: a player's name (case
    folded) → the partnership's name."""
    rows = Entrant.players.through.objects.filter(
        entrant__tournament=tournament, entrant__withdrawn=False
    ).values_list("player__name", "entrant__name")
    return {player.casefold(): entrant for player, entrant in rows}


def _register_one(
    tournament: Tournament, spec: EntrantSpec, taken: set[str], partners: int, playing: dict[str, str]
) -> Entrant:
    """One entrant; a name is unique in the tournament whatever its case and its spaces
    ("roemers " is "Roemers"), and a player plays in one partnership only."""
    known = _known_player(tournament, spec, partners)
    name = (spec.name or (known.name if known else "")).strip()
    players = tuple(" ".join(player.split()) for player in spec.players)
    if tournament.format == Format.INDIVIDUAL and len(name) > INDIVIDUAL_NAME:
        raise InvalidEntry(
            gettext("name must be at most %(count)s characters") % {"count": INDIVIDUAL_NAME}, "name"
        )
    if name.casefold() in taken:
        raise InvalidEntry(gettext("'%(name)s' is already entered") % {"name": name}, "name")
    if partners == 1 and len(players) > 1:
        raise InvalidEntry(gettext("players lists at most 1 name: each entrant is one player"), "players")
    if partners > 1 and len(players) not in (0, partners):
        raise InvalidEntry(
            gettext("a partnership is %(count)s players: list all %(count)s (Ann & Bob), or none")
            % {"count": partners},
            "players",
        )
    _check_partners(players, playing)
    entrant = Entrant.objects.create(
        club_id=tournament.club_id,
        tournament=tournament,
        name=name,
        affiliation=spec.club,
        seed=spec.seed,
        rating=spec.rating,
    )
    if known is not None:
        entrant.players.set([known])
    elif players or partners == 1:
        # One by one, so the link rows keep the order typed (models.players_as_entered reads it).
        for player in [_player(tournament.club_id, name) for name in players or (name,)]:
            entrant.players.add(player)
    taken.add(name.casefold())
    playing.update((player.casefold(), name) for player in players)
    return entrant


def _check_partners(players: Sequence[str], playing: dict[str, str]) -> None:
    """Refuse a partnership whose player already plays in another one, or twice in this one."""
    seen: set[str] = set()
    for player in players:
        key = player.casefold()
        if not key:
            raise InvalidEntry(gettext("players: a partner's name is empty"), "players")
        if key in seen:
            raise InvalidEntry(
                gettext("players: %(player)s is named twice in the partnership") % {"player": player},
                "players",
            )
        if key in playing:
            raise InvalidEntry(
                gettext("players: %(player)s already plays in the partnership %(entrant)s")
                % {"player": player, "entrant": playing[key]},
                "players",
            )
        seen.add(key)


def _known_player(tournament: Tournament, spec: EntrantSpec, partners: int) -> Player | None:
    """The club's member an individual entrant names by id (``player``), if it does."""
    if spec.player is None:
        return None
    if partners != 1:
        raise InvalidEntry(
            gettext("player is for an individual entrant: list a partnership's players by name"), "player"
        )
    found = Player.objects.filter(pk=spec.player, membership__club_id=tournament.club_id).first()
    if found is None:
        raise InvalidEntry(
            gettext("player %(player)s is not a member of the club") % {"player": spec.player}, "player"
        )
    return found


def _player(club_id: int, name: str) -> Player:
    """The club's member of that name, or a new player who joins the club."""
    player = Player.objects.filter(name=name, membership__club_id=club_id).first()
    if player is None:
        player = Player.objects.create(name=name)
        Membership.objects.create(club_id=club_id, player=player)
    return player


def entrant_withdraw(*, entrant_id: int, withdrawn: bool = True, actor: Actor = SYSTEM) -> Entrant:
    """Take an entrant out of the rounds still to be drawn (or put it back). Its results stay;
    in a round robin or a bracket its later opponents win by forfeit.

    A table where it is still playing is settled now, as a forfeit win for the opponent(s)
    (``results.forfeit_withdrawn``): its match is abandoned, the deals played so far stay readable,
    the round can complete and, in a bracket, the opponent advances. Putting the entrant back in
    does not undo that forfeit (the director can clear the table's result from the console)."""
    entrant = Entrant.objects.filter(pk=entrant_id).first()
    if entrant is None:
        raise NotFound(gettext("no such entrant"))
    with transaction.atomic():
        tournament = lock_tournament(entrant.tournament_id)
        entrant.refresh_from_db()
        if entrant.withdrawn != withdrawn:
            entrant.withdrawn = withdrawn
            entrant.save(update_fields=["withdrawn"])
            bump_revision(tournament)
            for table in open_tables(tournament, entrant.pk) if withdrawn else []:
                forfeit_withdrawn(tournament, table, entrant, actor)
            if tournament.format in BRACKETS and tournament.bracket:
                after_commit(tasks.bracket_advance, tournament.pk)
            after_commit(tasks.standings_recompute, tournament.pk)
    return entrant


def entrants_removable(tournament: Tournament) -> bool:
    """Whether an entrant may still be removed rather than withdrawn: no round has been drawn
    (a failed draw does not count). The console asks this rather than restating it."""
    return not tournament.rounds.exclude(status=RoundStatus.FAILED).exists()


def entrant_remove(*, entrant_id: int) -> Entrant:
    """Remove an entrant registered by mistake, as if it never was: only before round 1 is drawn
    (after, its place is in the draw and it is withdrawn instead). Its players stay club members."""
    entrant = Entrant.objects.filter(pk=entrant_id).first()
    if entrant is None:
        raise NotFound(gettext("no such entrant"))
    with transaction.atomic():
        tournament = lock_tournament(entrant.tournament_id)
        if not entrants_removable(tournament):
            raise Conflict(
                f"{entrant.name!r} is in the draw of round 1: withdraw the entrant instead of removing it",
                None,
            )
        entrant.delete()
        results_changed(tournament)
    return entrant
