"""The scoring app's pages, grouped by who reads them, because that is what decides what a page may
show and how it authorizes: ``public`` (anyone: nothing private), ``table`` (whoever holds a table's
link, ``/t/<token>/``: the link is the authorization) and ``organizer`` (a signed-in organizer of the
match's club). ``common`` holds what pages of more than one audience share, so that no page module
reaches into another's private helpers. The URLs are in ``scoring/urls.py``.
"""
