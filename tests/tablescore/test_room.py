"""The room's address: the chooser picks what phones will open, and says why (tablescore/room.py)."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablescore.room import Interface, RoomAddressError, choose, default_route_interfaces, terminal_lines

LOOPBACK = Interface("lo", "127.0.0.1", is_loopback=True)


def test_the_only_private_address_of_an_up_interface_is_the_room_s():
    choice = choose([LOOPBACK, Interface("eth0", "192.168.1.20"), Interface("eth1", "203.0.113.5")])

    assert (choice.address, choice.interface) == ("192.168.1.20", "eth0")
    assert choice.reason == "the only private address of an interface that is up"
    assert choice.others == ()


def test_the_interface_with_the_default_route_comes_first_and_the_terminal_says_so():
    choice = choose(
        [
            Interface("docker0", "172.17.0.1"),
            Interface("wlan0", "10.0.0.7", default_route=True),
            Interface("eth0", "192.168.1.20"),
        ]
    )

    assert choice.address == "10.0.0.7"
    assert "default route" in choice.reason
    assert [other.address for other in choice.others] == ["192.168.1.20", "172.17.0.1"]


def test_a_virtual_interface_comes_after_a_physical_one():
    choice = choose([Interface("docker0", "192.168.5.1"), Interface("enp3s0", "10.1.2.3")])

    assert choice.address == "10.1.2.3"
    assert "docker0 looks like a virtual interface" in choice.reason


def test_192_168_before_10_before_172_16():
    choice = choose([Interface("b", "172.20.0.2"), Interface("a", "10.0.0.2"), Interface("c", "192.168.0.9")])

    assert choice.address == "192.168.0.9"
    assert "192.168.x.y comes before" in choice.reason


def test_down_loopback_link_local_and_public_addresses_are_never_chosen():
    with pytest.raises(RoomAddressError, match="no private IPv4 address"):
        choose(
            [
                LOOPBACK,
                Interface("eth0", "192.168.1.2", is_up=False),
                Interface("eth1", "169.254.3.3"),
                Interface("eth2", "8.8.8.8"),
            ]
        )


def test_address_names_one_of_this_machine_s_addresses_or_is_refused_clearly():
    machine = [LOOPBACK, Interface("eth0", "192.168.1.20"), Interface("wg0", "10.8.0.2")]

    assert choose(machine, "10.8.0.2").address == "10.8.0.2"
    assert choose(machine, "10.8.0.2").reason == "chosen with --address"
    with pytest.raises(RoomAddressError, match=r"no such address \(its addresses: 10.8.0.2, 127.0.0.1"):
        choose(machine, "192.168.1.99")
    with pytest.raises(RoomAddressError, match="phones cannot reach a loopback address"):
        choose(machine, "127.0.0.1")
    with pytest.raises(RoomAddressError, match="is down"):
        choose([Interface("eth0", "192.168.1.20", is_up=False)], "192.168.1.20")


@given(
    st.lists(
        st.builds(
            Interface,
            name=st.sampled_from(["eth0", "wlan0", "docker0", "veth1", "enp3s0"]),
            address=st.ip_addresses(v=4).map(str),
            is_up=st.booleans(),
            is_loopback=st.booleans(),
            default_route=st.booleans(),
        ),
        max_size=6,
    )
)
def test_the_choice_is_always_a_private_address_of_an_up_non_loopback_interface(interfaces):
    try:
        choice = choose(interfaces)
    except RoomAddressError:
        assert not any(
            item.is_up
            and not item.is_loopback
            and ipaddress.IPv4Address(item.address).is_private
            and not ipaddress.IPv4Address(item.address).is_link_local
            and any(
                ipaddress.IPv4Address(item.address) in ipaddress.ip_network(net)
                for net in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")
            )
            for item in interfaces
        )
        return
    # The same name and address may be listed twice (up and down): one of them is what was chosen.
    same = [item for item in interfaces if item.address == choice.address and item.name == choice.interface]
    assert any(item.is_up and not item.is_loopback for item in same)
    assert ipaddress.IPv4Address(choice.address).is_private
    assert choose(list(reversed(interfaces))).address == choice.address  # the same on every start


def test_the_default_route_is_read_from_linux_s_route_table():
    table = (
        "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\n"
        "wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\n"
        "wlan0\t0001A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\n"
        "docker0\t000011AC\t00000000\t0001\t0\t0\t0\t0000FFFF\n"
    )

    assert default_route_interfaces(table) == frozenset({"wlan0"})


#: The light (text-coloured) halves of each character segno draws: (top, bottom).
HALVES = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}


def test_the_terminal_ends_with_the_address_in_words_after_a_qr_code_a_phone_reads():
    import numpy
    import zxingcpp

    lines = terminal_lines("http://192.168.1.20:8000/").rstrip("\n").splitlines()

    assert lines[-1] == "Phones in the room open: http://192.168.1.20:8000/"
    drawing = [line for line in lines if line and set(line) <= set(HALVES)]
    rows = [[HALVES[char][half] for char in line] for line in drawing for half in (0, 1)]
    # Light text on a dark terminal, as a camera sees it; 6 pixels a module.
    pixels = numpy.kron(numpy.array(rows, dtype=numpy.uint8) * 255, numpy.ones((6, 6), dtype=numpy.uint8))
    assert [code.text for code in zxingcpp.read_barcodes(pixels)] == ["http://192.168.1.20:8000/"]
