# Two entry points for a fresh machine (see README): `make lab` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup browser lab classroom test bench notebooks

setup: $(STAMP)

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

# The browser test drives Debian's chromium; install it where we may (root with apt).
browser:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	else echo "chromium not installed and not root: the browser test will be skipped"; fi

# JupyterLab on notebooks/ (lab/jupyter_server_config.py): the notebooks' sources
# (notebooks/src/*.md) open as notebooks, through Jupytext, and "Render with Voila" previews
# an app. The project's own notebooks are trusted, so the preview asks no question.
lab: setup
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp notebooks/jupyterlab-overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	$(VENV)/bin/jupyter trust notebooks/*.ipynb >/dev/null
	$(VENV)/bin/jupyter lab --config=lab/jupyter_server_config.py

# Voila for a class (classroom/voila.py; docs/classroom.md): the play and Timeline apps
# for the students' browsers, on port $(PORT) of this machine.
PORT ?= 8866
classroom: setup
	$(VENV)/bin/voila notebooks/ --Voila.config_file_paths=classroom --port=$(PORT)

test: setup browser
	$(PY) -m pytest -n auto --dist loadfile -m "slow or not slow"

bench: setup
	$(PY) benchmarks/bench_engine.py
	$(PY) benchmarks/bench_bots.py
	$(PY) benchmarks/bench_odds.py
	$(PY) benchmarks/bench_widgets.py
	$(PY) benchmarks/bench_batch.py
	# the frameworks' throughput; the bot table against OpenSpiel takes hours: run it without --skip-table
	$(PY) benchmarks/bench_frameworks.py --skip-table

# Execute notebooks/src/*.md into notebooks/*.ipynb (make notebooks NAMES="01_rules_tour")
notebooks: setup
	$(PY) scripts/build_notebooks.py $(NAMES)
