"""The pages of a table's link (``/t/<token>/``), the code page that leads to it, and the service
worker that keeps it working through a dead network. The token is the authorization: these pages
write as "table link", and every one is wrapped in ``scoring.throttling.guard_table_link`` in the
URLs, so bad tokens are throttled and a place's link is followed before the view runs.
"""
