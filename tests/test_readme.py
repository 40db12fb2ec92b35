"""README's example of the engine API runs exactly as written, as python-chess checks its own, and
the files it links to exist."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def test_the_readme_engine_example_runs_as_a_doctest() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0


def test_every_file_the_readme_links_to_is_in_the_checkout() -> None:
    targets = re.findall(r"\]\(([^)#\s]+)\)", README.read_text(encoding="utf-8"))
    local = [t for t in targets if "://" not in t]
    assert "docs/screens/light-80x24.png" in local
    missing = [t for t in local if not (ROOT / t).is_file()]
    assert not missing
