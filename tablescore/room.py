"""The room's address: which of this machine's addresses the phones at the tables will open.

``bin/run --room`` serves the club's night on the room's network (a router, maybe no internet).
Every link, QR code and printed slip must then carry an address the phones reach: a private IPv4
address (192.168.x.y, 10.x.y.z, 172.16–31.x.y) of an interface that is up and is not loopback.
When the machine has several, the rule is short enough to say in the terminal:

1. an interface that carries the default route (the one the router gave the machine) comes first;
2. then a physical-looking interface before a virtual one (Docker, VPN, virtual machines, bridges);
3. then 192.168.x.y before 10.x.y.z before 172.16–31.x.y (a home or club router's usual ranges);
4. then the interface name, so the choice is the same on every start.

``--address A`` chooses instead; it must be one of this machine's addresses. The choice itself is
pure (:func:`choose`, fed a list of :class:`Interface`), so it is tested without a network;
:func:`this_machine` reads the real interfaces (psutil) and the default route (Linux's
``/proc/net/route``; elsewhere no interface is marked as carrying it).

Run as ``python -m tablescore.room address [--address A]``: prints the chosen address, and why on
standard error; ``python -m tablescore.room show URL`` prints the address and its QR code.
"""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from io import StringIO
from pathlib import Path

#: Name prefixes of interfaces that software makes (containers, VPNs, virtual machines, bridges):
#: phones in the room are seldom on their network.
VIRTUAL_PREFIXES = (
    "docker",
    "br-",
    "veth",
    "virbr",
    "vmnet",
    "vboxnet",
    "tun",
    "tap",
    "wg",
    "tailscale",
    "zt",
    "lxc",
    "lxd",
    "podman",
    "cni",
    "flannel",
    "utun",
)
_RANGE_ORDER = (
    ipaddress.ip_network("192.168.0.0/16"),
    ipaddress.ip_network("10.0.0.0/8"),
    ipaddress.ip_network("172.16.0.0/12"),
)


class RoomAddressError(Exception):
    """No address the phones could use, or ``--address`` names one this machine does not have."""


@dataclass(frozen=True)
class Interface:
    """One IPv4 address of one network interface, as the chooser needs it."""

    name: str
    address: str
    is_up: bool = True
    is_loopback: bool = False
    default_route: bool = False


@dataclass(frozen=True)
class Choice:
    """The address chosen, why, and the other candidates (for the terminal)."""

    address: str
    interface: str
    reason: str
    others: tuple[Interface, ...] = ()


def _private_range(address: str) -> int | None:
    """The rank of ``address``'s private range (0 best), or ``None`` when it is not one of them."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return None
    return next((rank for rank, network in enumerate(_RANGE_ORDER) if ip in network), None)


def is_virtual(name: str) -> bool:
    return name.lower().startswith(VIRTUAL_PREFIXES)


def candidates(interfaces: Iterable[Interface]) -> list[Interface]:
    """The addresses phones could use, best first (the rule in the module's docstring)."""
    usable = [
        item
        for item in interfaces
        if item.is_up and not item.is_loopback and _private_range(item.address) is not None
    ]
    return sorted(
        usable,
        key=lambda item: (
            not item.default_route,
            is_virtual(item.name),
            _private_range(item.address),
            item.name,
            ipaddress.IPv4Address(item.address),
        ),
    )


def _why(best: Interface, runner_up: Interface | None) -> str:
    if runner_up is None:
        return "the only private address of an interface that is up"
    if best.default_route and not runner_up.default_route:
        return "its interface carries the default route (the router's network)"
    if is_virtual(runner_up.name) and not is_virtual(best.name):
        return f"{runner_up.name} looks like a virtual interface (containers, VPN, virtual machines)"
    if _private_range(best.address) != _private_range(runner_up.address):
        return "192.168.x.y comes before 10.x.y.z before 172.16-31.x.y (a router's usual ranges)"
    return "the first by interface name"


def choose(interfaces: Sequence[Interface], wanted: str | None = None) -> Choice:
    """The address phones will open: ``wanted`` if this machine has it, else the best candidate."""
    if wanted is not None:
        found = next((item for item in interfaces if item.address == wanted.strip()), None)
        if found is None:
            mine = ", ".join(sorted({item.address for item in interfaces})) or "none"
            raise RoomAddressError(
                f"--address {wanted}: this machine has no such address (its addresses: {mine})"
            )
        if found.is_loopback:
            raise RoomAddressError(f"--address {wanted}: phones cannot reach a loopback address")
        if not found.is_up:
            raise RoomAddressError(f"--address {wanted}: its interface {found.name} is down")
        others = tuple(item for item in candidates(interfaces) if item.address != found.address)
        return Choice(found.address, found.name, "chosen with --address", others)
    ranked = candidates(interfaces)
    if not ranked:
        raise RoomAddressError(
            "no private IPv4 address on an interface that is up: join the room's router "
            "(cable or Wi-Fi) first, or name the address with --address"
        )
    best = ranked[0]
    return Choice(
        best.address, best.name, _why(best, ranked[1] if len(ranked) > 1 else None), tuple(ranked[1:])
    )


def default_route_interfaces(route_table: str | None = None) -> frozenset[str]:
    """The interfaces that carry an IPv4 default route, from Linux's ``/proc/net/route`` text
    (destination ``00000000``); none where that file does not exist."""
    if route_table is None:
        path = Path("/proc/net/route")
        route_table = path.read_text() if path.exists() else ""
    names = set()
    for line in route_table.splitlines()[1:]:
        fields = line.split()
        if len(fields) > 2 and fields[1] == "00000000":
            names.add(fields[0])
    return frozenset(names)


def this_machine() -> list[Interface]:
    """This machine's IPv4 addresses, per interface, with whether each is up."""
    import psutil

    stats = psutil.net_if_stats()
    defaults = default_route_interfaces()
    found = []
    for name, addresses in psutil.net_if_addrs().items():
        state = stats.get(name)
        for entry in addresses:
            if entry.family != socket.AF_INET:
                continue
            found.append(
                Interface(
                    name=name,
                    address=entry.address,
                    is_up=bool(state and state.isup),
                    is_loopback=ipaddress.IPv4Address(entry.address).is_loopback,
                    default_route=name in defaults,
                )
            )
    return found


def terminal_lines(url: str) -> str:
    """The run command's last lines: the address in words, then a QR code of it."""
    import segno

    code = segno.make(url, error="m")
    # segno's compact output uses half blocks: two rows of modules per line of text.
    drawing = StringIO()
    code.terminal(out=drawing, compact=True)
    return f"{drawing.getvalue()}\nPhones in the room open: {url}\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tablescore.room", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    pick = commands.add_parser("address", help="print the address phones will open")
    pick.add_argument("--address", default=None)
    show = commands.add_parser("show", help="print the address and its QR code")
    show.add_argument("url")
    arguments = parser.parse_args(argv)
    if arguments.command == "show":
        sys.stdout.write(terminal_lines(arguments.url))
        return 0
    try:
        choice = choose(this_machine(), arguments.address)
    except RoomAddressError as error:
        print(f"bin/run --room: {error}", file=sys.stderr)
        return 2
    print(f"The room's address: {choice.address} on {choice.interface} ({choice.reason}).", file=sys.stderr)
    for other in choice.others:
        print(f"  also here: {other.address} on {other.name} (--address {other.address})", file=sys.stderr)
    print(choice.address)
    return 0


if __name__ == "__main__":  # pragma: no cover - the run command's entry point
    sys.exit(main())
