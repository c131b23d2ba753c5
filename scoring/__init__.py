"""Scoring at the table: clubs, matches, their deals and corrections, audit, table pages and API."""
