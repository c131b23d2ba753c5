"""The pages of a signed-in organizer of the club: starting and managing a friendly match, its
scorer link and slips, taking it off the lists, the room page and a phone's deals imported at the
desk. Each finds its club or match through ``clubs.access.get_for_organizer``: another club's is a
404, an anonymous visitor is sent to sign in.
"""
