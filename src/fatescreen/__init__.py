"""fatescreen: a terminal game-master dashboard for the Fate Condensed tabletop RPG."""

from fatescreen.cache import keep_compiled_methods

__version__ = "0.1.0"

# before any module of the package defines a dataclass
keep_compiled_methods()
