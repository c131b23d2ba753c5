"""The samples ``bench_games.py`` replays: for each game a valid match set-up and the entries it
cycles through (or a maker that builds each entry from the next deal), and the option sets of the
club variants it times besides the defaults and presets.

Valid is all they need to be: the scores are the tests' business. Options keep one match going
(a huge target, a huge number of deals) wherever the game allows it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

HUGE = 10**9

#: What the next entry may depend on: the ``next_deal`` object of README §6 and the entry's index.
EntryMaker = Callable[[Mapping[str, Any], int], dict[str, Any]]


@dataclass(frozen=True)
class Sample:
    """A valid match set-up for a game, and the entries it cycles through."""

    sides: tuple[str, ...]
    options: Mapping[str, Any]
    entries: tuple[dict[str, Any], ...] = ()
    make: EntryMaker | None = None
    note: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def entry(self, next_deal: Mapping[str, Any], index: int) -> dict[str, Any]:
        """The entry for deal ``index`` of the current match."""
        if self.make is not None:
            return self.make(next_deal, index)
        return self.entries[index % len(self.entries)]


def _back_alley(next_deal: Mapping[str, Any], index: int) -> dict[str, Any]:
    n = int(next_deal["hand_size"])
    if index % 7 == 6:
        return {"dead": True}
    if index % 5 == 4:
        return {"bids": ["board", "pass", "pass", "pass"], "tricks": {"Us": n, "Them": 0}, "trump": "spades"}
    return {"bids": [1, 1, "pass", "pass"], "tricks": {"Us": n - n // 2, "Them": n // 2}}


#: Coinche deals valid under every preset but pagat (no declarations there).
COINCHE_PLAIN_DEALS: tuple[dict[str, Any], ...] = (
    {"taker": "NS", "bid": 80, "trump": "hearts", "points": {"NS": 100, "EW": 62}},
    {
        "taker": "EW",
        "bid": 90,
        "trump": "spades",
        "double": "coinche",
        "points": {"NS": 50, "EW": 112},
        "belote": "EW",
    },
    {"dead": True},
    {"taker": "NS", "bid": 110, "trump": "diamonds", "points": {"NS": 75, "EW": 87}},
)
COINCHE_DEALS = (
    *COINCHE_PLAIN_DEALS[:3],
    {
        "taker": "NS",
        "bid": 100,
        "trump": "clubs",
        "points": {"NS": 120, "EW": 42},
        "melds": {"NS": [{"meld": "tierce", "top": "K", "suit": "diamonds"}]},
    },
)
#: A générale made, then one failed (both NS players won tricks).
COINCHE_GENERALE_DEALS = (
    *COINCHE_DEALS,
    {
        "taker": "NS",
        "bid": "generale",
        "trump": "hearts",
        "points": {"NS": 162, "EW": 0},
        "capot": "NS",
        "capot_alone": True,
    },
    {
        "taker": "EW",
        "bid": "generale",
        "trump": "clubs",
        "double": "coinche",
        "points": {"NS": 0, "EW": 162},
        "capot": "EW",
    },
)
AUCTION_45_DEALS: tuple[dict[str, Any], ...] = (
    {"bidder": "Us", "bid": 20, "tricks": {"Us": 3, "Them": 2}, "high_trump": "Us", "trump": "hearts"},
    {"bidder": "Them", "bid": 25, "tricks": {"Us": 2, "Them": 3}, "high_trump": "Us"},
    {"bidder": "Us", "bid": 30, "tricks": {"Us": 5, "Them": 0}, "high_trump": "Us"},
)
#: With "30-for-60" (made, then failed): a side is set now and then, so three_sets_lose ends games.
AUCTION_45_THIRTY_FOR_SIXTY_DEALS = (
    *AUCTION_45_DEALS,
    {"bidder": "Them", "bid": "30-for-60", "tricks": {"Us": 0, "Them": 5}, "high_trump": "Them"},
    {"bidder": "Us", "bid": "30-for-60", "tricks": {"Us": 4, "Them": 1}, "high_trump": "Us"},
)

#: A concours partie's kinds of deal: made with belote, a litige, a dead deal, a dedans that
#: collects the pot, a capot.
BELOTE_DEALS: tuple[dict[str, Any], ...] = (
    {"taker": "NS", "points": {"NS": 92, "EW": 70}, "belote": "NS"},
    {"taker": "EW", "points": {"NS": 81, "EW": 81}},
    {"dead": True},
    {"taker": "NS", "points": {"NS": 60, "EW": 102}, "belote": "NS"},
    {"taker": "EW", "points": {"NS": 0, "EW": 162}, "capot": "EW"},
)
#: ... and with declarations (preset classique), compared in trumps.
BELOTE_MELD_DEALS: tuple[dict[str, Any], ...] = (
    *BELOTE_DEALS,
    {
        "taker": "NS",
        "points": {"NS": 100, "EW": 62},
        "trump": "hearts",
        "melds": {
            "NS": [{"meld": "tierce", "top": "K", "suit": "diamonds"}],
            "EW": [{"meld": "quarte", "top": "Q", "suit": "spades"}],
        },
    },
)

#: One valid set-up per game key (``docs/games/README.md``). A key that is not registered yet is
#: skipped. (Proposal: a ``Game.sample_entry(table, state, index)`` classmethod would let each game
#: keep its own sample next to its rules.)
SAMPLES: dict[str, Sample] = {
    "jam": Sample(
        ("Ann", "Bob"),
        {"target": HUGE},
        (
            {"sequence": "AAAAABBBBABABBAABBBBBBAABA"},
            {"tricks": {"Ann": 14, "Bob": 12}, "runs": {"Ann": [4], "Bob": [4]}},
            {"tricks": {"Ann": 13, "Bob": 13}, "runs": {"Ann": [], "Bob": [5]}},
            {"sequence": "BBBBBABAABBABBAABBAABABBAB"},
        ),
        note="one rubber to a huge target",
    ),
    "tally": Sample(
        ("N", "E", "S", "W"),
        {},
        (
            {"points": {"N": 26, "E": 0, "S": 0, "W": 0}},
            {"points": {"N": 3, "E": 10, "S": -6, "W": 13}},
        ),
        note="open-ended",
    ),
    "coinche": Sample(("NS", "EW"), {"target": HUGE}, COINCHE_DEALS, note="to a huge target"),
    "belote": Sample(("NS", "EW"), {"deals": HUGE}, BELOTE_DEALS, note="a huge number of deals"),
    "klaverjas": Sample(
        ("Wij", "Zij"),
        {"deals": HUGE},
        (
            {"playing": "Wij", "points": {"Wij": 92, "Zij": 70}, "roem": {"Wij": ["stuk"]}, "trump": "clubs"},
            {"playing": "Zij", "points": {"Wij": 87, "Zij": 75}, "roem": {"Zij": ["run4"]}},
            {"playing": "Wij", "points": {"Wij": 81, "Zij": 81}},
            {"playing": "Zij", "verzaakt": "Zij", "roem": {"Zij": ["run3"]}},
        ),
        note="a huge number of deals",
    ),
    "jo-jotte": Sample(
        ("Ely", "Josephine"),
        {"target": HUGE},
        (
            {
                "declarer": "Ely",
                "contract": "spades",
                "tricks": {"Ely": 6, "Josephine": 3},
                "trick_points": {"Ely": 100, "Josephine": 60},
            },
            {
                "declarer": "Josephine",
                "contract": "hearts",
                "double": 2,
                "tricks": {"Ely": 4, "Josephine": 5},
                "trick_points": {"Ely": 70, "Josephine": 90},
                "melds": {"Josephine": [{"meld": "sequence", "length": 3, "top": "K", "suit": "clubs"}]},
                "jo_jotte": "Josephine",
            },
            {"dead": True},
        ),
        note="one game to a huge target",
    ),
    "auction-forty-five": Sample(("Us", "Them"), {"target": HUGE}, AUCTION_45_DEALS, note="to a huge target"),
    "forty-five": Sample(
        ("Us", "Them"),
        {"target": HUGE},
        ({"tricks": {"Us": 3, "Them": 2}}, {"tricks": {"Us": 0, "Them": 5}, "trump": "clubs"}),
        note="to a huge target",
    ),
    "back-alley": Sample(
        ("Us", "Them"), {}, make=_back_alley, note="26-deal matches back to back, with dead deals and boards"
    ),
    "aluette": Sample(
        ("Us", "Them"),
        {"target": HUGE},
        (
            {"sequence": "AAAAAAABB"},
            {"first_to_five": "Them", "opening_run": 0},
            {"sequence": "BABABABAA"},
        ),
        note="to a huge target",
    ),
    "parcellus": Sample(
        ("West", "North", "South"),
        {"target": HUGE},
        (
            {
                "parcels": {"West": 3, "North": 2, "South": 1},
                "cards": {"West": 10, "North": 8, "South": 6},
                "jack_of_hearts": "North",
            },
            {
                "parcels": {"West": 2, "North": 2, "South": 2},
                "cards": {"West": 7, "North": 5, "South": 4},
                "jack_of_hearts": None,
            },
        ),
        note="to a huge target",
    ),
    "matching-trumps": Sample(
        ("Ann", "Ben", "Cy"),
        {"deals": HUGE},
        (
            {"tricks": {"Ann": 4, "Ben": 3, "Cy": 3}, "last_trick": "Ben"},
            {"tricks": {"Ann": 2, "Ben": 1, "Cy": 7}, "last_trick": "Cy"},
        ),
        note="a huge number of deals",
    ),
}


def _back_alley_alone(next_deal: Mapping[str, Any], index: int) -> dict[str, Any]:
    """Individual Back Alley: a board, a number bid, 0 bids; a rainbow on 4-card deals."""
    n = int(next_deal["hand_size"])
    names = ("Ann", "Bob", "Cy", "Dee", "Eve")
    bids: dict[str, Any] = {"Ann": 1, "Bob": 0, "Cy": 0, "Dee": 0, "Eve": 0}
    if index % 3 == 0:
        bids["Cy"] = "board"
    tricks = dict.fromkeys(names, 0)
    tricks["Cy" if index % 3 == 0 else "Ann"] = n
    entry: dict[str, Any] = {"bids": bids, "tricks": tricks}
    if n == 4:
        entry["rainbow"] = ["Dee"]
    return entry


_KLAVERJAS_KRAAK = (
    {"playing": "Wij", "points": {"Wij": 92, "Zij": 70}, "roem": {"Wij": ["stuk"]}, "kraak": "kraak"},
    {"playing": "Zij", "points": {"Wij": 87, "Zij": 75}, "roem": {"Zij": ["run4"]}, "kraak": "rekraak"},
    {"playing": "Wij", "points": {"Wij": 81, "Zij": 81}},
    {"playing": "Zij", "verzaakt": "Zij", "roem": {"Zij": ["run3"]}, "kraak": "superkraak"},
)

#: The option sets of club variants, each with a sample of its own entries (and table).
VARIANTS: dict[str, tuple[tuple[str, Sample], ...]] = {
    "klaverjas": (
        (
            "kraken=whole_score",
            Sample(("Wij", "Zij"), {"deals": HUGE, "kraken": "whole_score"}, _KLAVERJAS_KRAAK),
        ),
        (
            "kraken=card_points,nat_test=card_points,revoke_bonus=100",
            Sample(
                ("Wij", "Zij"),
                {"deals": HUGE, "kraken": "card_points", "nat_test": "card_points", "revoke_bonus": 100},
                _KLAVERJAS_KRAAK,
            ),
        ),
    ),
    "back-alley": (
        (
            "preset=individual",
            Sample(("Ann", "Bob", "Cy", "Dee", "Eve"), {"preset": "individual"}, make=_back_alley_alone),
        ),
        (
            "scoring=individual,board_scale=doubling",
            Sample(
                ("Ann", "Bob", "Cy", "Dee", "Eve"),
                {"scoring": "individual", "deal_sequence": "down-up-20", "board_scale": "doubling"},
                make=_back_alley_alone,
            ),
        ),
        (
            "deal_sequence=down-up-20",
            Sample(("Us", "Them"), {"deal_sequence": "down-up-20"}, make=_back_alley),
        ),
    ),
    "belote": (
        (
            "preset=classique,rounding=complement",
            Sample(
                ("NS", "EW"),
                {"preset": "classique", "target": HUGE, "rounding": "complement"},
                BELOTE_MELD_DEALS,
            ),
        ),
    ),
    "coinche": (
        # Pagat's Coinche has no declarations: its sample leaves the melds out.
        ("preset=pagat", Sample(("NS", "EW"), {"preset": "pagat", "target": HUGE}, COINCHE_PLAIN_DEALS)),
        (
            "ScoreIt",
            Sample(
                ("NS", "EW"),
                {"preset": "ffb", "double_formula": "winner_only", "rounding": "total", "target": HUGE},
                COINCHE_DEALS,
            ),
        ),
        (
            "générale",
            Sample(
                ("NS", "EW"),
                {"generale": True, "double_formula": "winner_only", "target": HUGE},
                COINCHE_GENERALE_DEALS,
            ),
        ),
    ),
    "auction-forty-five": (
        ("players=6", replace(SAMPLES["auction-forty-five"], options={"target": HUGE, "players": 6})),
        (
            "45s-2026",
            Sample(
                ("Us", "Them"),
                {
                    "made_bid_scores": "all_points",
                    "thirty_bid_scores": 30,
                    "thirty_for_sixty": True,
                    "bid_20_at_100": False,
                    "bid_out": True,
                    "three_sets_lose": True,
                    "target": HUGE,
                },
                AUCTION_45_THIRTY_FOR_SIXTY_DEALS,
                note="games end on a third set",
            ),
        ),
        (
            "fortyfives-ai",
            Sample(
                ("Us", "Them"),
                {
                    "made_bid_scores": "all_points",
                    "min_bid": 20,
                    "defenders_score_at_100": "when_set",
                    "target": HUGE,
                },
                AUCTION_45_DEALS,
            ),
        ),
        (
            "fortyfives.net",
            Sample(
                ("Us", "Them"),
                {
                    "made_bid_scores": "all_points",
                    "thirty_bid_scores": 30,
                    "bid_20_at_100": False,
                    "target": HUGE,
                },
                AUCTION_45_DEALS,
            ),
        ),
    ),
}
