"""The result lifecycle of a match, as a transition table: pure Python, no Django.

A match's result is ``open`` while deals are entered, ``submitted`` once the table has entered
its last deal, ``confirmed`` when the other side accepts it, and ``final`` when the round it
belongs to is closed. The other side may reject it instead (``disputed``, with a reason), which
the director resolves (``confirmed``); the director may also void a result or reopen it.

Who acts is a :class:`Role`: the table (a side at the table, through the table's link), the
director (an organizer of the club: what an organizer enters counts as confirmed) or the system
(a tournament closing a round). :func:`step` is the whole rule book of the named actions;
:func:`after_write` says where a deal entered, corrected or voided leaves the result. A refusal
is a :class:`Refused` whose message names the state, for the 409 the edges answer.

Its words (the states' labels, the refusals) are in English here, marked for the catalogs with
:func:`gettext_noop`; the scoring app installs Django's ``gettext`` as :data:`translate` in its
``ready()``, so a label or a refusal is said in the language active when it is read, while this
module imports no Django.

What this module does not do: store anything, lock anything or audit anything
(``scoring/services/results.py`` does, around this table).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum


def gettext_noop(text: str) -> str:
    """Marks ``text`` for the catalogs (``makemessages`` finds it by this name); translated later."""
    return text


#: How a word of this module is said in the active language (the scoring app installs gettext).
translate: Callable[[str], str] = gettext_noop


class ResultStatus(StrEnum):
    """Where a match's result stands."""

    OPEN = "open"
    SUBMITTED = "submitted"
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    FINAL = "final"
    VOID = "void"

    @property
    def label(self) -> str:
        return translate(_STATUS_LABELS[self])


_STATUS_LABELS = {
    # Translators: where a match's result stands, after "Result" or "a result that is".
    ResultStatus.OPEN: gettext_noop("being played"),
    ResultStatus.SUBMITTED: gettext_noop("awaiting confirmation"),
    ResultStatus.CONFIRMED: gettext_noop("confirmed"),
    ResultStatus.DISPUTED: gettext_noop("disputed"),
    ResultStatus.FINAL: gettext_noop("final"),
    ResultStatus.VOID: gettext_noop("void"),
}

#: The results a tournament's standings count.
COUNTED = frozenset({ResultStatus.CONFIRMED, ResultStatus.FINAL})


class Confirmation(StrEnum):
    """How the other side vouches for a result (a tournament's choice; a friendly match: none)."""

    NONE = "none"
    HAND_OVER = "hand-over"
    OWN_DEVICE = "own-device"
    DOUBLE_BLIND = "double-blind"

    @property
    def label(self) -> str:
        return translate(_CONFIRMATION_LABELS[self])


_CONFIRMATION_LABELS = {
    Confirmation.NONE: gettext_noop("None: a finished match counts at once"),
    Confirmation.HAND_OVER: gettext_noop("Hand-over: the phone is passed across and the other side accepts"),
    Confirmation.OWN_DEVICE: gettext_noop("Own device: each side opens its own link"),
    Confirmation.DOUBLE_BLIND: gettext_noop("Double-blind: both sides enter the match"),
}

#: The modes a tournament may choose.
AVAILABLE = tuple(Confirmation)
#: The modes where each side has its own link.
OWN_LINKS = frozenset({Confirmation.OWN_DEVICE, Confirmation.DOUBLE_BLIND})


def choices(vocabulary: Iterable[ResultStatus] | Iterable[Confirmation]) -> list[tuple[str, str]]:
    """``(value, label)`` pairs, for a model field's or a form field's ``choices``."""
    return [(member.value, member.label) for member in vocabulary]


class Action(StrEnum):
    """What may happen to a result, by name."""

    ACCEPT = "accept"
    REJECT = "reject"
    RESOLVE = "resolve"
    VOID = "void"
    REOPEN = "reopen"
    CLOSE = "close"


class Role(StrEnum):
    """Who acts: the table's link, an organizer of the club, or a tournament closing a round."""

    TABLE = "table"
    DIRECTOR = "director"
    SYSTEM = "system"


@dataclass(frozen=True)
class Transition:
    """An action allowed in a state: the state it leads to and who may take it."""

    to: ResultStatus
    by: frozenset[Role]


class Refused(Exception):
    """A transition the table does not allow; the message names the state (a 409 at the edges)."""

    def __init__(self, message: str, status: ResultStatus, *, code: str = "") -> None:
        super().__init__(message)
        self.status = status
        #: The refusal for scripts (the API's ``code``): ``round_closed``, ``result_final``,
        #: ``result_void``, ``director_only``, or ``result_<state>`` for an action the state refuses.
        self.code = code or f"result_{status.value}"


S = ResultStatus
TABLE, DIRECTOR, SYSTEM = frozenset({Role.TABLE}), frozenset({Role.DIRECTOR}), frozenset({Role.SYSTEM})
SIDES = frozenset({Role.TABLE, Role.DIRECTOR})

#: Every named action allowed, by (state, action). Anything else is refused.
TRANSITIONS: Mapping[tuple[ResultStatus, Action], Transition] = {
    (S.SUBMITTED, Action.ACCEPT): Transition(S.CONFIRMED, SIDES),
    (S.SUBMITTED, Action.REJECT): Transition(S.DISPUTED, SIDES),
    (S.SUBMITTED, Action.RESOLVE): Transition(S.CONFIRMED, DIRECTOR),
    (S.DISPUTED, Action.RESOLVE): Transition(S.CONFIRMED, DIRECTOR),
    **{(state, Action.VOID): Transition(S.VOID, DIRECTOR) for state in S if state != S.VOID},
    **{(state, Action.REOPEN): Transition(S.OPEN, DIRECTOR) for state in S if state != S.OPEN},
    **{
        (state, Action.CLOSE): Transition(S.FINAL, SYSTEM)
        for state in (S.OPEN, S.SUBMITTED, S.CONFIRMED, S.DISPUTED)
    },
}

_WHY_NOT = {
    S.OPEN: gettext_noop("the match is still being played"),
    S.SUBMITTED: gettext_noop("the result is awaiting confirmation"),
    S.CONFIRMED: gettext_noop("the result is confirmed already"),
    S.DISPUTED: gettext_noop("the result is disputed: the director decides"),
    S.FINAL: gettext_noop("the round is closed: call the director"),
    S.VOID: gettext_noop("the result was voided by the director"),
}
#: A refused action, one whole sentence per action (``status``: a state's label; ``why``: why_not).
_CANNOT = {
    Action.ACCEPT: gettext_noop("cannot accept a result that is %(status)s: %(why)s"),
    Action.REJECT: gettext_noop("cannot reject a result that is %(status)s: %(why)s"),
    Action.RESOLVE: gettext_noop("cannot resolve a result that is %(status)s: %(why)s"),
    Action.VOID: gettext_noop("cannot void a result that is %(status)s: %(why)s"),
    Action.REOPEN: gettext_noop("cannot reopen a result that is %(status)s: %(why)s"),
    Action.CLOSE: gettext_noop("cannot close a result that is %(status)s: %(why)s"),
}
#: An action taken by someone it is not for, one whole sentence per action.
_ONLY = {
    Action.ACCEPT: gettext_noop("only the director or table may accept a result that is %(status)s"),
    Action.REJECT: gettext_noop("only the director or table may reject a result that is %(status)s"),
    Action.RESOLVE: gettext_noop("only the director may resolve a result that is %(status)s"),
    Action.VOID: gettext_noop("only the director may void a result that is %(status)s"),
    Action.REOPEN: gettext_noop("only the director may reopen a result that is %(status)s"),
    Action.CLOSE: gettext_noop("only the system may close a result that is %(status)s"),
}


def why_not(status: ResultStatus, closed: str = "") -> str:
    """Why nothing more can be done by the table in ``status`` (``closed``: the round's name)."""
    if status == S.FINAL and closed:
        return translate(gettext_noop("%(round)s is closed: call the director")) % {"round": closed}
    return translate(_WHY_NOT[status])


def refusal_code(status: ResultStatus, closed: str = "") -> str:
    """The code of a refusal by the state: ``round_closed`` once the round is closed."""
    return "round_closed" if status == S.FINAL and closed else f"result_{status.value}"


def step(status: ResultStatus, action: Action, role: Role, *, closed: str = "") -> ResultStatus:
    """The state ``action`` by ``role`` leads to from ``status``; :class:`Refused` otherwise."""
    found = TRANSITIONS.get((status, action))
    if found is None:
        said = {"status": status.label, "why": why_not(status, closed)}
        raise Refused(translate(_CANNOT[action]) % said, status, code=refusal_code(status, closed))
    if role not in found.by:
        raise Refused(
            translate(_ONLY[action]) % {"status": status.label},
            status,
            code=f"{'_or_'.join(sorted(r.value for r in found.by))}_only",
        )
    return found.to


def after_write(
    status: ResultStatus, *, role: Role, finished: bool, confirmation: Confirmation, closed: str = ""
) -> ResultStatus:
    """Where a deal entered, corrected or voided by ``role`` leaves a result in ``status``.

    The table may write while the result is open, submitted, confirmed or disputed: the result
    goes back to ``open``, or to ``submitted`` when the match is finished (the last deal submits
    it; a correction asks the other side again), or straight to ``confirmed`` when nobody is asked
    (:attr:`Confirmation.NONE`). A final or void result refuses the table. What the director writes
    counts as confirmed; a final or void result stays as it is (the director's correction after
    the round closed is the service's to mark). A double-blind dispute stays disputed while the
    director enters their own score, until the match is over."""
    if role == Role.TABLE and status in (S.FINAL, S.VOID):
        raise Refused(why_not(status, closed), status, code=refusal_code(status, closed))
    if status in (S.FINAL, S.VOID):
        return status
    if confirmation == Confirmation.DOUBLE_BLIND and status == S.DISPUTED and not finished:
        return status  # the director entering their own score of a double-blind dispute
    if role != Role.TABLE and finished:
        return S.CONFIRMED
    return landing(S.OPEN, finished=finished, confirmation=confirmation)


def landing(status: ResultStatus, *, finished: bool, confirmation: Confirmation) -> ResultStatus:
    """Where a result ``status`` comes to rest: an open result of a finished match awaits the
    other side (or is confirmed at once when nobody is asked); any other state stays."""
    if status != S.OPEN or not finished:
        return status
    return S.CONFIRMED if confirmation == Confirmation.NONE else S.SUBMITTED
