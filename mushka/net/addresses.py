"""This machine's LAN addresses, for the "how to join" text; never fails (at worst it finds none)."""

from __future__ import annotations

import contextlib
import ipaddress
import os
import re
import shutil
import socket
import struct
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Final

COMMAND_TIMEOUT: Final = 2.0  # seconds for `ip` or `ifconfig` to answer
SIOCGIFADDR: Final = 0x8915  # Linux: an interface's IPv4 address
IF_INET6: Final = Path("/proc/net/if_inet6")  # Linux: every IPv6 address, one a line

# `ip -o addr` and `ifconfig` both write "inet ADDR" and "inet6 ADDR" (with /prefix or %zone).
_INET: Final = re.compile(r"\binet6?\s+(?:addr:\s*)?([0-9A-Fa-f:.]+)")


def lan_addresses() -> list[str]:
    """The addresses others on the LAN may reach this machine at: IPv4 first, then IPv6, no
    link-local ones; loopback only when there is nothing else; [] when nothing can be found out."""
    for source in (_from_ip, _from_linux, _from_ifconfig, _from_hostname):
        try:
            found = usable(source())
        except Exception:  # a source that fails says nothing; the next one is asked
            continue
        if found:
            return found
    return []


def usable(candidates: Iterable[str]) -> list[str]:
    """`candidates` (as tools write them, maybe with /prefix or %zone) that are worth printing,
    each once: IPv4 then IPv6; link-local, multicast and unspecified ones left out; loopback
    ones only if nothing else is left."""
    seen: dict[str, ipaddress.IPv4Address | ipaddress.IPv6Address] = {}
    for text in candidates:
        plain = text.split("/", 1)[0].split("%", 1)[0]
        try:
            address = ipaddress.ip_address(plain)
        except ValueError:
            continue
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        if address.is_link_local or address.is_multicast or address.is_unspecified:
            continue
        seen.setdefault(str(address), address)
    found = list(seen.values())
    wide = [a for a in found if not a.is_loopback] or found
    return [str(a) for a in sorted(wide, key=lambda a: a.version)]  # stable: IPv4 first


def parse_inet_lines(text: str) -> list[str]:
    """The addresses in the output of `ip -o addr` or `ifconfig`."""
    return _INET.findall(text)


def _from_ip() -> list[str]:
    return parse_inet_lines(_run("ip", "-o", "addr", "show"))


def _from_ifconfig() -> list[str]:
    return parse_inet_lines(_run("ifconfig", "-a"))


def _run(program: str, *args: str) -> str:
    path = shutil.which(program) or shutil.which(program, path="/usr/sbin:/sbin")
    if path is None:
        return ""
    done = subprocess.run(
        [path, *args],
        capture_output=True,
        text=True,
        errors="replace",
        timeout=COMMAND_TIMEOUT,
        env={**os.environ, "LC_ALL": "C"},
        stdin=subprocess.DEVNULL,
        check=False,
    )
    return done.stdout if done.returncode == 0 else ""


def _from_linux() -> list[str]:
    """Linux without `ip`: each interface's IPv4 address by ioctl, IPv6 from /proc."""
    found = [a for name in _interface_names() if (a := _ipv4_of(name))]
    with contextlib.suppress(OSError):
        for line in IF_INET6.read_text(encoding="ascii").splitlines():
            digits = line.split(maxsplit=1)[0] if line.strip() else ""
            if len(digits) == 32:
                found.append(str(ipaddress.IPv6Address(bytes.fromhex(digits))))
    return found


def _interface_names() -> list[str]:
    return [name for _, name in socket.if_nameindex()]


def _ipv4_of(name: str) -> str | None:
    import fcntl  # Unix only; the other sources serve elsewhere

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            answer = fcntl.ioctl(
                probe.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15])
            )
        except OSError:  # an interface without an IPv4 address
            return None
    return socket.inet_ntoa(answer[20:24])


def _from_hostname() -> list[str]:
    """Last resort (Windows, or no tools at all): what the host's own name resolves to."""
    infos = socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]
