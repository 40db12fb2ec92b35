"""Finding the players' rulebook, rules.md, whether installed or in a source checkout."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def rulebook_text() -> str:
    packaged = resources.files("mushka").joinpath("rules.md")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    # An editable install runs from the source tree, where rules.md sits beside the package.
    return (Path(__file__).resolve().parents[2] / "rules.md").read_text(encoding="utf-8")
