"""The engine API example in mushka/engine.py's docstring (also in README) runs as written."""

from __future__ import annotations

import doctest

import mushka.engine


def test_the_engine_example_runs_as_a_doctest() -> None:
    result = doctest.testmod(mushka.engine, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0
