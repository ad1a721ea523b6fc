# Two commands do all set-up: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test lint bench console probe

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

test: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check bot rules tests bench
	$(BIN)/mypy rules
	$(BIN)/mypy --explicit-package-bases bot

bench: $(STAMP)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/odds.py
	$(BIN)/python bench/rules_speed.py
	$(BIN)/python bench/command_path.py
	$(BIN)/python bench/command_path_pg.py
	$(BIN)/python bench/restart.py
	$(BIN)/python bench/bot_process.py
	$(BIN)/python bench/probe_bounds.py
	$(BIN)/python bench/fuzz.py 100000
	$(BIN)/python bench/crash.py 60

probe: $(STAMP)
	$(BIN)/python bench/probe_bounds.py -v
