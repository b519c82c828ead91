# The README's commands. Every target creates .venv on a fresh machine first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test bench boards lint check-wheel clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test,bench]"
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(PY) -m mypy
	SDL_VIDEODRIVER=$${SDL_VIDEODRIVER:-dummy} SDL_AUDIODRIVER=$${SDL_AUDIODRIVER:-dummy} $(PY) -m pytest -n auto --maxprocesses 4

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m game bench

boards: $(STAMP)
	$(PY) -m tools.build_boards

lint: $(STAMP)
	$(VENV)/bin/ruff check .

# The product as `pip install .` gives it: build the wheel, install it in a fresh environment, run it from
# a temporary folder (needs PyPI; about two minutes).
check-wheel:
	$(PYTHON) -m tools.check_wheel

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
