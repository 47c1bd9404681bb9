"""The player view: what the players may see of the GM's live session, read-only."""
