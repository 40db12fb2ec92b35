"""The package's shape: no two modules import each other (directly or round a circle, at the
top, under TYPE_CHECKING or inside a function), the rules core imports no front end, and the
table host pulls in no terminal, CLI or network library."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "mushka"
CORE = [
    "actions",
    "cards",
    "card_input",
    "chance",
    "choices",
    "codec",
    "engine",
    "errors",
    "events",
    "house_rules",
    "i18n",
    "ledger",
    "names",
    "record",
    "state",
    "view",
    "wording",
]
FRONT_END_LIBRARIES = ("rich", "typer", "click", "termios", "curses", "tty", "asyncssh", "socket")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports(name: str, everywhere: bool = True) -> Iterator[str]:
    """The modules `name` imports: every import statement (`everywhere`), or only those that run
    when it is imported (at the top level, not under TYPE_CHECKING)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    nodes = ast.walk(tree) if everywhere else _run_at_import(tree.body)
    for node in nodes:
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield full if full in MODULES else base


def _run_at_import(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    for node in body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from _run_at_import(node.orelse)
        elif isinstance(node, ast.If | ast.Try):
            yield from _run_at_import(node.body)
            yield from _run_at_import(getattr(node, "orelse", []))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def graph(everywhere: bool = True) -> dict[str, set[str]]:
    return {
        name: {m for m in imports(name, everywhere) if m in MODULES and m != name}
        for name in MODULES
    }


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in edges[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_two_modules_import_each_other() -> None:
    assert circles(graph()) == []


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize("core", CORE)
def test_the_rules_core_imports_no_front_end(core: str) -> None:
    for imported in imports(f"mushka.{core}"):
        assert not imported.startswith(("mushka.tui", "mushka.host", "mushka.net", "mushka.cli"))
        assert imported.split(".")[0] not in FRONT_END_LIBRARIES, imported


def test_the_table_host_pulls_in_no_terminal_cli_or_network_library() -> None:
    edges = graph(everywhere=False)
    seen: set[str] = set()
    todo = [name for name in MODULES if name.startswith("mushka.host")]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        outside = {m.split(".")[0] for m in imports(name, everywhere=False)}
        assert not outside & set(FRONT_END_LIBRARIES), (name, outside & set(FRONT_END_LIBRARIES))
        todo.extend(edges[name])
    assert "mushka.host.table" in seen and not any(m.startswith("mushka.tui") for m in seen)


# The floors of the house, lowest first: a module imports only from its own floor or below.
# (The rules core, `mushka.*` outside these packages, is below them all.)
FLOORS = [
    ("mushka.players", "mushka.study"),
    ("mushka.host",),
    ("mushka.present",),
    ("mushka.render",),
    # the front ends, side by side: the hot seat, the SSH seat, the browser seat (the codes,
    # the lock-out and the gate they share are the table's, in host/)
    ("mushka.tui", "mushka.net", "mushka.web"),
    ("mushka.commands",),
    ("mushka.cli", "mushka.__main__"),
]


def floor(name: str) -> int:
    return next(
        (
            i
            for i, packages in enumerate(FLOORS)
            if name.startswith(tuple(p + "." for p in packages)) or name in packages
        ),
        -1,
    )


def test_imports_point_down_the_house() -> None:
    upward = [
        (name, imported)
        for name, targets in graph().items()
        for imported in targets
        if floor(imported) > floor(name)
    ]
    assert upward == []


def test_the_front_ends_import_nothing_of_each_other() -> None:
    for name, targets in graph().items():
        side = name.split(".")[:2]
        if side[0] != "mushka" or len(side) < 2 or side[1] not in ("tui", "net", "web"):
            continue
        others = {f"mushka.{o}" for o in ("tui", "net", "web")} - {".".join(side)}
        crossing = {
            t for t in targets if t.startswith(tuple(o + "." for o in others) + tuple(others))
        }
        assert not crossing, (name, crossing)


def test_the_live_table_and_the_offer_draw_nothing() -> None:
    for name in ("mushka.host.live", "mushka.host.link", "mushka.host.offer"):
        outside = {m.split(".")[0] for m in imports(name)}
        assert not outside & set(FRONT_END_LIBRARIES), (name, outside)
        assert not any(
            m.startswith(("mushka.render", "mushka.tui", "mushka.net")) for m in imports(name)
        )


def test_no_module_is_over_700_lines_but_the_engine() -> None:
    long = {
        name: lines
        for name, path in MODULES.items()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 700
    }
    assert long.keys() <= {"mushka.engine"}, long
