"""What gets installed: the wheel carries the rulebook and every subpackage; playing needs no dev tools."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


PIP_WHEEL = ("-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """The project's wheel, built once for this module, offline."""
    folder = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, *PIP_WHEEL, str(folder), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (built,) = folder.glob("mushka-*.whl")
    return zipfile.ZipFile(built)


@pytest.mark.e2e
def test_the_wheel_ships_every_package(wheel: zipfile.ZipFile) -> None:
    names = wheel.namelist()
    assert "mushka/engine.py" in names
    for package in ("tui", "commands", "render", "present", "players", "study", "net", "web"):
        assert f"mushka/{package}/__init__.py" in names


def test_the_wheel_ships_both_rulebooks_and_the_catalog(wheel: zipfile.ZipFile) -> None:
    catalog = "mushka/locale/ru/LC_MESSAGES/mushka.mo"
    for name, source in (
        ("mushka/rules.md", ROOT / "rules.md"),
        ("mushka/rules.ru.md", ROOT / "rules.ru.md"),
        (catalog, ROOT / catalog),
    ):
        assert wheel.read(name) == source.read_bytes(), name


@pytest.mark.e2e
def test_the_wheel_ships_the_browser_seats_page_as_it_is_in_the_tree(
    wheel: zipfile.ZipFile,
) -> None:
    for name in ("index.html", "app.js", "app.css"):
        source = ROOT / "mushka" / "web" / "static" / name
        assert wheel.read(f"mushka/web/static/{name}") == source.read_bytes(), name


def test_installing_to_play_brings_no_developer_tools() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = {d.split(">")[0].split("<")[0].split("=")[0].strip() for d in project["dependencies"]}
    # asyncssh: `mushka host`; websockets, segno and markdown-it-py: `mushka host --web`
    assert runtime == {
        "rich",
        "typer",
        "platformdirs",
        "asyncssh",
        "websockets",
        "segno",
        "markdown-it-py",
    }
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    play, test = readme.split("```sh\n", 1)[1].split("\n```", 1)[0].splitlines()
    assert (
        "pip install -e . " in play
        and "[dev]" not in play
        and play.endswith("mushka play --stake 15")
    )
    assert "pip install -e '.[dev]'" in test and test.endswith("python -m pytest")
