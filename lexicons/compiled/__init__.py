"""Compiled lexicons (built by lexicons/build.py); data only."""
