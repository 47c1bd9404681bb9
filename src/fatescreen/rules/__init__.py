"""The Fate Condensed rules core: pure, typed values and functions, no I/O and no UI."""
