# Two commands matter: `make serve` and `make test` (see README).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
NODE_STAMP := node_modules/.installed
export NO_MKDOCS_2_WARNING := 1

# The core packages, bottom layer first (tests/test_layers.py holds the floor plan and checks this).
CORE := diagnostics vocabulary links markup engine rulebook worked_examples docset browser_engine
LOCALES := vocabulary/locales
# One folder per language with a catalog: `mkdir vocabulary/locales/de && make catalogs` adds one.
CATALOG_LANGUAGES = $(patsubst $(LOCALES)/%/,%,$(wildcard $(LOCALES)/*/))

.PHONY: serve build test lint typecheck browser zip bench mutation clean catalogs schema golden

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

$(TEST_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

# Front-end packages the site ships (package-lock.json pins them).
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Another port: make serve PORT=8001
PORT ?= 8000

serve: $(STAMP) $(NODE_STAMP)
	$(BIN)/mkdocs serve --strict --dev-addr 127.0.0.1:$(PORT)

build: $(STAMP) $(NODE_STAMP)
	$(BIN)/mkdocs build --strict --clean

# Debian's chromium for the browser tests; never a browser download.
browser:
	@test -x /usr/bin/chromium || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium fonts-liberation; \
	  else echo "chromium missing: run 'sudo apt-get install chromium fonts-liberation'"; fi; }

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(TEST_STAMP)
	$(BIN)/mypy --strict $(CORE)
	$(BIN)/mypy plugins
	$(BIN)/mypy tests benchmarks

test: $(TEST_STAMP) $(NODE_STAMP) browser lint typecheck
	$(BIN)/python -m pytest

# A dated zip of the built site, to open from disk where there is no network.
zip: build
	$(BIN)/python -m docset.archive site riftbound-combat-rules-$$(date +%Y-%m-%d).zip

# Every benchmarks/*.py (files starting with _ are helpers); CI runs each with --tiny. The
# in-browser engine's budgets are measured in Debian's Chromium.
bench: $(TEST_STAMP) $(NODE_STAMP) browser
	@set -e; for script in benchmarks/[!_]*.py; do \
	  echo "== $$script"; $(BIN)/python $$script; done

# The mutation runs: the engine's step table, the scenario format's table and the editor's
# form (also printed by make bench).
mutation: $(TEST_STAMP)
	$(BIN)/python benchmarks/step_table_mutation.py
	$(BIN)/python benchmarks/code_mutation.py

# The words of the code, extracted into the template; each language's catalog updated from it
# (new entries come untranslated: the build refuses them until a translator fills them in).
catalogs: $(STAMP)
	$(BIN)/pybabel -q extract --no-default-keywords --sort-by-file --width=100 \
	  --keyword=message:1c,2 --keyword=plural_message:1c,2,3 \
	  --project="Riftbound combat rules" --copyright-holder="the site's authors" \
	  --output-file=$(LOCALES)/riftbound.pot $(CORE) plugins
	for lang in $(CATALOG_LANGUAGES); do \
	  if [ -f $(LOCALES)/$$lang/LC_MESSAGES/riftbound.po ]; then action="update --no-fuzzy-matching --ignore-obsolete --width=100"; \
	  else action=init; fi; \
	  $(BIN)/pybabel -q $$action --domain=riftbound --input-file=$(LOCALES)/riftbound.pot \
	    --output-dir=$(LOCALES) --locale=$$lang || exit 1; done

# The scenario schema editors read, written from engine/schema.py.
schema: $(STAMP)
	$(BIN)/python -c "from engine.schema import schema_text; print(schema_text(), end='')" \
	  > engine/scenario.schema.json

# Rewrite the golden files after a deliberate change to the step table or its words; review the
# diff (git diff tests/golden) before committing it.
golden: $(TEST_STAMP)
	RIFTBOUND_UPDATE_GOLDEN=1 $(BIN)/python -m pytest -q tests/engine/test_steps.py

clean:
	rm -rf site .cache test-results node_modules
