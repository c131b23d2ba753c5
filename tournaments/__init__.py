"""Tournament night: events, entrants, rounds, pairings, brackets and standings."""
