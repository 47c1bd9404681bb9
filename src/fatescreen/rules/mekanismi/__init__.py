"""Mekanismi (RULES.md §11, seed 003): pools of d6 where every 6 is a success, pure and typed."""
