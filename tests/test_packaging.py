"""The installed program carries its rulebook: the wheel holds mushka/rules.md, identical to rules.md."""

from __future__ import annotations

import subprocess
import sys
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
