"""Every write of the scoring app: one transaction each, the match row locked, an audit event.

One module per entity, imported from where it lives: ``matches`` (create, rematch, abandon, refresh),
``deals`` (record, numbered as every page sends it, correct, void), ``conflicts`` (two phones'
entries for one deal, settled), ``contacts`` (a table's last contact), ``results`` (accept, report,
settle, close a match's result), ``lifecycle`` (what a deal write does to the result), ``blind``
(the double-blind ledgers), ``correction_requests`` (a player's request to the director),
``links`` (revoke or renew a table link), ``removal``, ``travel`` (a friendly match's identity
taken from its evening file on arrival); ``ledger`` holds the reads they share with
the pages (a match's deals and its replay), ``resume`` where a match stands before a new deal, ``common`` the match row lock, the audit event, the
stored state and the announcement after commit.

Services take keyword-only, typed arguments and return model instances or domain objects
(``deals.DealWrite``); the edges serialize them (``scoring/documents.py``). The match state is
always recomputed by replaying the live deal versions through the game (``games``), so a
correction to deal 3 of 12 can never leave totals, the winner or the standings behind.

What this package does not do: parse HTTP, check permissions (the edges do), or know card rules.
"""
