"""Polytunnel controller for the Hollins Lane allotments."""

__version__ = "0.6.0"
