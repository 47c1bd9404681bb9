"""Print the newest Python (3.11 or later) on this machine: on PATH, or installed by pyenv.

``make test-latest`` builds its environment with it, so that the suite also runs on the
newest interpreter a user may have.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

OLDEST = (3, 11)


def candidates() -> list[str]:
    """Interpreters that may be there: ``python3.N`` on PATH and pyenv's versions."""
    found = [sys.executable]
    for minor in range(OLDEST[1], 20):
        path = shutil.which(f"python3.{minor}")
        if path:
            found.append(path)
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    if root.is_dir():
        found += [str(p / "bin" / "python3") for p in sorted(root.iterdir())]
    return found


def version(executable: str) -> tuple[int, ...] | None:
    """The version of a working interpreter that can make a venv, else None."""
    try:
        done = subprocess.run(
            [executable, "-c", "import sys, venv, ensurepip; print(*sys.version_info[:3])"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0 or not re.fullmatch(r"\d+ \d+ \d+\n", done.stdout):
        return None
    return tuple(int(part) for part in done.stdout.split())


def main() -> None:
    working = [(v, exe) for exe in candidates() if (v := version(exe)) and v[:2] >= OLDEST]
    print(max(working)[1])


if __name__ == "__main__":
    main()
