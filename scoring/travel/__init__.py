"""Matches in an evening file (``clubs.travel``): every match's rows written with the file's own
ids and loaded back under this database's (``rows``), and a friendly match's file (``friendly``)."""
