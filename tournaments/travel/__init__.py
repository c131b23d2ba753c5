"""A tournament's evening file (``clubs.travel``): what it holds and its parts (``document``),
the ids inside the stored JSON (``remap``), its rows loaded back (``load``), and the services the
console, the commands and the tests call (``service``)."""
