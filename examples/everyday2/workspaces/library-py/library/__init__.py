"""Lending desk package for the branch library."""

__version__ = "0.6.2"
