"""Hints name mushka as this user can run it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mushka.present.command import command, program


def script(where: Path) -> Path:
    where.mkdir(parents=True)
    path = where / "mushka"
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def test_a_program_not_on_the_path_is_named_as_invoked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours = script(tmp_path / ".venv" / "bin")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", "/nonexistent")
    assert program(".venv/bin/mushka") == ".venv/bin/mushka"
    assert program(str(ours)) == ".venv/bin/mushka"  # shorter relative to where the user is
    (tmp_path / "deep" / "er").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "deep" / "er")
    assert program(str(ours)) == "../../.venv/bin/mushka"
    monkeypatch.setattr(sys, "argv", [str(ours), "play"])
    assert command("resume") == "../../.venv/bin/mushka resume"


def test_a_program_the_shell_finds_is_named_mushka(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours = script(tmp_path / "bin")
    other = script(tmp_path / "elsewhere")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", str(ours.parent))
    assert program("mushka") == "mushka"
    assert program(str(ours)) == "mushka"
    monkeypatch.setenv("PATH", str(other.parent))
    assert program(str(ours)) == "bin/mushka"  # `mushka` would start another copy


def test_python_dash_m_is_named_so() -> None:
    main = str(Path(__file__).parents[1] / "mushka" / "__main__.py")
    assert program(main).endswith(" -m mushka")
