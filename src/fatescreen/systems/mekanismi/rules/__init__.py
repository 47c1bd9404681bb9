"""Mekanismi (docs/rules.md §11, seed 003): pools of d6, every 6 a success; pure and typed."""
