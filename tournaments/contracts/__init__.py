"""What the tournaments app accepts from the outside, declared once per contract.

Each contract is a DRF serializer that validates and documents at once: the API validates its
bodies with it, the OpenAPI schema (drf-spectacular) describes them from it, the console's forms
hand what a page posted to it, and the fuzz tests draw their keys from it. A contract checks each
value on its own and turns it into the typed arguments of one service; a problem is
``{"error": {"field", "rule"}}`` through :func:`validated`.

- :class:`TournamentCreate`: a new tournament (API and the new-tournament page);
- :class:`TournamentChange`: its format, tiebreaks or planned rounds (API and the console);
- :class:`EntrantInput`: an entrant (API, one or a list; the console's form; each CSV row);
- :class:`EntrantChange`: a withdrawal or its reversal (API);
- :class:`TableResultInput`: an organizer's result for a table (API and the console).

Starting a round and clearing a result take no body.
"""

from tournaments.contracts.entrants import EntrantChange, EntrantInput
from tournaments.contracts.event import TournamentChange, TournamentCreate
from tournaments.contracts.kit import validated
from tournaments.contracts.results import TableResultInput

__all__ = [
    "EntrantChange",
    "EntrantInput",
    "TableResultInput",
    "TournamentChange",
    "TournamentCreate",
    "validated",
]
