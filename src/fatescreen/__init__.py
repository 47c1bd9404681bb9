"""fatescreen: a terminal game-master dashboard for the Fate Condensed tabletop RPG."""

__version__ = "0.1.0"
