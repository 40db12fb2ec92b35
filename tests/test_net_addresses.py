"""The machine's LAN addresses for the "how to join" text: IPv4 first, no link-local, never fails."""

from __future__ import annotations

import socket
import subprocess

import pytest

from mushka.net.addresses import lan_addresses, parse_inet_lines, usable

IP_ADDR = """\
1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever
1: lo    inet6 ::1/128 scope host \\       valid_lft forever preferred_lft forever
2: wlan0    inet6 fe80::1c2b:3cff:fe4d:5e6f/64 scope link \\       valid_lft forever
2: wlan0    inet6 2001:db8::5/64 scope global dynamic \\       valid_lft 86000sec
2: wlan0    inet 192.168.1.23/24 brd 192.168.1.255 scope global dynamic wlan0\\       valid_lft
"""
MAC_IFCONFIG = """\
lo0: flags=8049<UP,LOOPBACK,RUNNING,MULTICAST> mtu 16384
\tinet 127.0.0.1 netmask 0xff000000
\tinet6 ::1 prefixlen 128
\tinet6 fe80::1%lo0 prefixlen 64 scopeid 0x1
en0: flags=8863<UP,BROADCAST,SMART,RUNNING,SIMPLEX,MULTICAST> mtu 1500
\tinet6 fe80::aede:48ff:fe00:1122%en0 prefixlen 64 secured scopeid 0x4
\tinet 10.0.0.12 netmask 0xffffff00 broadcast 10.0.0.255
"""
OLD_LINUX_IFCONFIG = """\
eth0      Link encap:Ethernet  HWaddr 00:16:3e:00:00:01
          inet addr:172.16.5.4  Bcast:172.16.5.255  Mask:255.255.255.0
"""


def test_the_tools_outputs_are_read() -> None:
    assert usable(parse_inet_lines(IP_ADDR)) == ["192.168.1.23", "2001:db8::5"]
    assert usable(parse_inet_lines(MAC_IFCONFIG)) == ["10.0.0.12"]
    assert usable(parse_inet_lines(OLD_LINUX_IFCONFIG)) == ["172.16.5.4"]


def test_loopback_only_when_nothing_else_and_each_address_once() -> None:
    assert usable(["127.0.0.1/8", "::1", "fe80::1%lo0"]) == ["127.0.0.1", "::1"]
    assert usable(["::ffff:10.1.2.3", "10.1.2.3", "0.0.0.0", "224.0.0.1", "nonsense"]) == [
        "10.1.2.3"
    ]
    assert usable([]) == []


def test_it_never_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> object:
        raise OSError("no")

    monkeypatch.setattr(subprocess, "run", broken)
    monkeypatch.setattr(socket, "if_nameindex", broken)
    monkeypatch.setattr(socket, "getaddrinfo", broken)
    assert lan_addresses() == []

    def hangs(*args: object, **kwargs: object) -> object:
        raise subprocess.TimeoutExpired("ip", 2)

    monkeypatch.setattr(subprocess, "run", hangs)
    assert lan_addresses() == []


@pytest.mark.e2e
def test_this_machine_has_some() -> None:
    found = lan_addresses()
    assert isinstance(found, list) and all(isinstance(a, str) for a in found)
    versions = ["." in a for a in found]
    assert versions == sorted(versions, reverse=True)  # IPv4 first
