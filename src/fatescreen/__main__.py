"""Run fatescreen with ``python -m fatescreen``."""

from fatescreen.cli import main

raise SystemExit(main())
