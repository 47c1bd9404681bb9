# Two commands: `make run` and `make test`. Both set up .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SCENE ?= scenes
SCALE ?= 1

.PHONY: run test test-latest lint typecheck pytest test-install bench bench-smoke test-snapshot-update bytecode clean stress mutate

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Exact versions from constraints.txt; pyproject.toml keeps the compatible ranges.
$(VENV)/.installed-run: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $@ $(VENV)/.installed-run

# An editable install leaves the sources uncompiled, and with PYTHONDONTWRITEBYTECODE set
# every start would compile them again (twice the import time): compile what changed.
bytecode: $(VENV)/.installed-run
	$(BIN)/python -m compileall -q src/fatescreen

run: bytecode
	$(BIN)/fatescreen $(SCENE)

# pylint runs only its duplicate-code check, set up in pyproject.toml (docs/testing.md).
lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/pylint src/fatescreen

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

# Two passes: the tests on every core (pytest-xdist), then in one process the tests marked
# `alone` (tests/conftest.py): the snapshots, for syrupy finds orphaned pictures only in a
# single process that runs them all, and the checks that measure wall time. A plain
# `pytest` runs everything in one process.
pytest: $(VENV)/.installed-test bytecode
	$(BIN)/pytest -n auto --dist worksteal -m "not alone"
	$(BIN)/pytest --alone

# Build the wheel, install it into a fresh virtual environment outside the source tree
# and try it there (tools/install_test.py).
test-install: $(VENV)/.installed-test
	$(BIN)/python tools/install_test.py

test: lint typecheck pytest test-install

# The suite on what a user installs today: a fresh environment on the newest Python here,
# with the newest versions pyproject.toml's ranges allow (no constraints file), every test
# but the snapshots (those are taken with the pinned Textual and Rich).
LATEST := .venv-latest
test-latest:
	rm -rf $(LATEST)
	"$$($(PYTHON) tools/newest_python.py)" -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip
	$(LATEST)/bin/python -m pip install --quiet --upgrade -e '.[test]'
	$(LATEST)/bin/python -m pip list --format=freeze | grep -iE '^(textual|textual-serve|rich|tomlkit|icepool|platformdirs|aiohttp)=='
	$(LATEST)/bin/pytest -n auto --dist worksteal -m "not alone" --no-snapshots -p no:cacheprovider
	$(LATEST)/bin/pytest --alone --no-snapshots --snapshot-warn-unused -p no:cacheprovider

# The benchmarks on the large scene, SCALE times larger (make bench SCALE=25): prints the
# table and writes it into docs/performance.md's section for that scale.
bench: $(VENV)/.installed-test bytecode
	$(BIN)/python bench/run.py --scale $(SCALE) --doc docs/performance.md

# The long fuzz, undo/redo and SIGKILL runs, with their figures (docs/testing.md, "Stress
# testing"); make test runs each briefly (tests/stress/test_stress.py).
stress: $(VENV)/.installed-test bytecode
	$(BIN)/python -m tests.stress

# Mutation testing of rules/ and commands/ (bench/mutate.py; docs/testing.md, "Mutation
# testing"): measures the modules whose recorded result in .cache/mutation/ is missing or was
# taken on other source, one module at a time at the lowest priority, records them and prints
# the per-module and total kill rates. MODULE=rules/harm.py (or a folder, or several:
# MODULE="commands/names.py commands/text.py", in that order) narrows it; ARGS="--recheck"
# runs the recorded survivors against today's tests, ARGS="--report" only prints the
# report, ARGS="--budget 60" starts no module after an hour.
MODULE ?=
ARGS ?=
mutate: $(VENV)/.installed-test
	nice -n 19 $(BIN)/python bench/mutate.py $(MODULE) $(ARGS)

test-snapshot-update: $(VENV)/.installed-test
	$(BIN)/pytest tests/ui --snapshot-update

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .mutmut
