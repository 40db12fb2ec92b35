"""Mushka-kopilka: a pure rules engine and a hot-seat terminal table for four players."""

__version__ = "0.1.0"
