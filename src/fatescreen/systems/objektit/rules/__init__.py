"""Objektien luonti (docs/rules.md §12, seed 001): a 2d6 system for any object, pure and typed."""
