# Two entry points for a fresh machine (see README): `make lab` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup browser lab classroom test bench notebooks i18n docs

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

# The classroom test runs last, alone: it measures ten students arriving together on this
# machine, which the parallel run would share with other tests.
test: setup browser
	$(PY) -m pytest -n auto --dist loadfile -m "(slow or not slow) and not classroom"
	$(PY) -m pytest -m classroom tests/test_classroom.py

bench: setup
	$(PY) benchmarks/bench_engine.py
	$(PY) benchmarks/bench_bots.py
	$(PY) benchmarks/bench_odds.py
	$(PY) benchmarks/bench_widgets.py
	$(PY) benchmarks/bench_batch.py
	# the frameworks' throughput; the bot table against OpenSpiel takes hours: run it without --skip-table
	$(PY) benchmarks/bench_frameworks.py --skip-table

# Execute notebooks/src/*.md into notebooks/*.ipynb (make notebooks NAMES="01_rules_tour").
# A lesson's code is written once, in English: the translations (notebooks/src/<language>/)
# first take it over, keeping their words (docs/translating.md).
notebooks: setup
	$(PY) scripts/sync_lessons.py
	$(PY) scripts/build_notebooks.py $(NAMES)

# Message catalogs (gettext, through Babel): extract every _(), ngettext(), pgettext() and N_() of the
# package into the template, merge it into each language's catalog (new ids arrive
# untranslated or fuzzy: translate them, tests/test_i18n.py fails until then), and compile
# the .mo files. The .mo files are build products; without them the package reads the .po.
LOCALE_DIR := exhibition_lab/ui/locale
# the version is written once, in exhibition_lab/__init__.py
VERSION := $(shell sed -n 's/^__version__ = "\(.*\)"/\1/p' exhibition_lab/__init__.py)
# the languages with a catalog: the package's one list (core/words.py), English aside
LANGUAGES = $(shell $(PY) -c "from exhibition_lab.core.words import DEFAULT_LANGUAGE as D, LANGUAGES as L; print(*(c for c in L if c != D))")
i18n: setup
	$(VENV)/bin/pybabel extract -F babel.cfg --no-default-keywords -k _ -k ngettext:1,2 -k pgettext:1c,2 -k N_ \
		--add-location=file --sort-output --project=exhibition_lab --version=$(VERSION) \
		--copyright-holder="exhibition_lab" -o $(LOCALE_DIR)/exhibition_lab.pot .
	# the words are str.format templates; Babel's printf guess ("95% interval") is wrong for them
	sed -i -e 's/^#, python-format$$//' -e 's/, python-format$$//' $(LOCALE_DIR)/exhibition_lab.pot
	for language in $(LANGUAGES); do \
		$(VENV)/bin/pybabel update -i $(LOCALE_DIR)/exhibition_lab.pot -d $(LOCALE_DIR) -D exhibition_lab \
			-l $$language --init-missing --ignore-obsolete || exit 1; \
	done
	$(VENV)/bin/pybabel compile -d $(LOCALE_DIR) -D exhibition_lab --statistics

# The documentation site (docs/conf.py; docs/testing.md): the guides, the course in three languages
# and the API reference, offline, into build/docs; open build/docs/index.html.
docs: setup
	$(PY) -m sphinx -b html -c docs -W --keep-going . build/docs
