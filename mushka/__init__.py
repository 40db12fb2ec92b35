"""Mushka-kopilka: a pure rules engine and one live table for four players, seated
at one terminal passed round, at SSH terminals and at phones' browsers."""

__version__ = "0.4.0"
