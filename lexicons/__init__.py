"""Lexicon build: sources, seed lists and the compiler."""
