"""README's example of the engine API runs exactly as written, as python-chess checks its own."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_engine_example_runs_as_a_doctest() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0
