"""What gets installed: the wheel carries the rulebook and every subpackage; playing needs no dev tools."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_ships_the_rulebook(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("mushka-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert "mushka/rules.md" in names
        assert archive.read("mushka/rules.md").decode("utf-8") == (ROOT / "rules.md").read_text(
            encoding="utf-8"
        )
        assert "mushka/engine.py" in names
        for package in ("tui", "players", "study"):
            assert f"mushka/{package}/__init__.py" in names


def test_installing_to_play_brings_no_developer_tools() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = {d.split(">")[0].split("<")[0].split("=")[0].strip() for d in project["dependencies"]}
    assert runtime == {"rich", "typer", "platformdirs"}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    play, test = readme.split("```sh\n", 1)[1].split("\n```", 1)[0].splitlines()
    assert (
        "pip install -e . " in play
        and "[dev]" not in play
        and play.endswith("mushka play --stake 15")
    )
    assert "pip install -e '.[dev]'" in test and test.endswith("python -m pytest")
