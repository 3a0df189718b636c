"""Game engines."""
