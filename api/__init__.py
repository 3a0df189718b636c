"""HTTP API."""
