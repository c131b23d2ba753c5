"""Every write of the clubs app that a page makes: one transaction each.

One module per entity: ``clubs`` (a site operator makes a club), ``invitations`` (the one-time links
that give a role in a club: issued, accepted, revoked), ``staff`` (a role taken back),
``api_tokens`` (an organizer's own token for scripts), ``room`` (the room's first start),
``club_settings`` (the settings page's language, time zone and Wi-Fi), ``players`` (a new player
in a club), ``travel`` (an evening's travel record, written by ``clubs.travel.journey``). They
take keyword-only, typed arguments, check who may write (the refusal is ``PermissionDenied`` or a
:class:`clubs.errors.ServiceError`), and return model instances.
"""
