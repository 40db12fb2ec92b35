"""The network table's package stays apart: asyncssh is imported by mushka/net/ alone."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "mushka"


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_asyncssh_is_imported_only_by_the_network_package() -> None:
    users = {
        path.relative_to(ROOT).as_posix()
        for path in ROOT.rglob("*.py")
        if any(name.split(".")[0] == "asyncssh" for name in imported(path))
    }
    assert users and all(user.startswith("net/") for user in users), users


def test_the_network_package_knows_nothing_of_the_game() -> None:
    game = ("mushka.engine", "mushka.cards", "mushka.view", "mushka.tui", "mushka.players")
    for path in (ROOT / "net").glob("*.py"):
        wanted = {name for name in imported(path) if name.startswith(game)}
        assert not wanted, (path.name, wanted)
        assert ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))), path.name
