"""Build the wheel, install it into a fresh virtual environment outside the source tree
as pipx does (no constraints: the newest dependencies the ranges allow), and try it there:
``fatescreen --version``, ``check`` on the shipped scenes, the built-in themes, seven
one-line sessions saved over a hand-written scene, and the demo opened headless
(tools/installed_check.py, run by the installed Python). Exit status 0 if all of it works.

Run by ``make test`` (``make test-install``); pip's cache makes the install quick.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a command; its output, or exit with it shown if it failed."""
    done = subprocess.run(
        [str(arg) for arg in args], cwd=cwd, env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, args))}\n{done.stdout}{done.stderr}")
    return done.stdout


def main() -> int:
    """Build, install, check; 0 if everything works."""
    work = Path(tempfile.mkdtemp(prefix="fatescreen-install-"))
    try:
        dist = work / "dist"
        run(sys.executable, "-m", "build", "--wheel", "--no-isolation", "-o", dist, ".", cwd=ROOT)
        wheel = next(dist.glob("fatescreen-*.whl"))
        venv = work / "venv"
        run(sys.executable, "-m", "venv", venv, cwd=work)
        python = venv / "bin" / "python"
        run(
            python, "-m", "pip", "install", "--quiet",
            "--disable-pip-version-check", "--upgrade", wheel, cwd=work,
        )  # fmt: skip
        # no constraints: as pipx does, pip takes the newest versions the ranges allow
        print(run(python, "-m", "pip", "list", "--format=freeze", cwd=work), end="")
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("PYTHON", "TEXTUAL_", "FATESCREEN_", "VIRTUAL_ENV"))
        }
        env |= {
            "FATESCREEN_DATA_DIR": str(work / "data"),
            "FATESCREEN_CONFIG_DIR": str(work / "config"),
            "FATESCREEN_CACHE_DIR": str(work / "cache"),
            "PATH": f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
        }
        check = work / "installed_check.py"
        shutil.copy(ROOT / "tools" / "installed_check.py", check)
        print(run(python, "-I", check, cwd=work, env=env), end="")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
