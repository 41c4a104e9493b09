"""Referee: a play-by-email referee server for Mornington Nomic."""

__version__ = "0.1.0"
