"""Rounding as the shared rule book defines it (docs/games/README.md §9)."""


def round10(points: int) -> int:
    """The nearest multiple of 10, with 5 going up: 84 → 80, 85 → 90, 252 → 250."""
    return 10 * ((points + 5) // 10)
