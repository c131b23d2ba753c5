"""An evening's file: how a tournament or a friendly match moves from one Tablescore to another.

A club laptop's evening goes up to the club's hosted site afterwards; a hosted evening falls back to
a laptop when the venue's internet dies. Unlike the club archive (``clubs.archive``), which keeps
every primary key and restores only into a database where they are free, an evening file names
its rows by ids of its own (1, 2, 3... in a fixed order) and every one of them is remapped on
import, those inside the stored JSON included, so an evening lands in a club that already has
other evenings.

This package holds what does not depend on what the evening is: the file's envelope and its digest
(``envelope``), how two copies of one evening are compared (``lineage``), and the club's players
found by name (``people``). The scoring app writes and reads a friendly match's file and every
match's rows (``scoring.travel``), the tournaments app a tournament's (``tournaments.travel``).
"""
