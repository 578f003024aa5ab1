# Two entry points for a fresh machine (see README): `make lab` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup browser lab test bench notebooks

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

# JupyterLab refuses to run as root unless told; machines here run as root
# The notebooks' sources (notebooks/src/*.md) open as notebooks, through Jupytext.
lab: setup
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp notebooks/jupyterlab-overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	$(VENV)/bin/jupyter lab notebooks/ $$([ "$$(id -u)" = 0 ] && echo --allow-root)

test: setup browser
	$(PY) -m pytest -n auto --dist loadfile -m "slow or not slow"

bench: setup
	$(PY) benchmarks/bench_engine.py
	$(PY) benchmarks/bench_bots.py
	$(PY) benchmarks/bench_odds.py
	$(PY) benchmarks/bench_widgets.py
	$(PY) benchmarks/bench_batch.py

# Execute notebooks/src/*.md into notebooks/*.ipynb (make notebooks NAMES="01_rules_tour")
notebooks: setup
	$(PY) scripts/build_notebooks.py $(NAMES)
