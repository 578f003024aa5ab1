# Two entry points for a fresh machine (see README): `make lab` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup lab test bench

setup: $(STAMP)

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

lab: setup
	$(VENV)/bin/jupyter lab notebooks/

test: setup
	$(PY) -m pytest -n auto

bench: setup
	$(PY) benchmarks/bench_engine.py
