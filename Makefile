# Two commands matter: `make serve` and `make test` (see README).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
NODE_STAMP := node_modules/.installed
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve build test lint typecheck browser zip bench clean

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

serve: $(STAMP) $(NODE_STAMP)
	$(BIN)/mkdocs serve --strict --dev-addr 127.0.0.1:8000

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
	$(BIN)/mypy --strict engine rulebook docset worked_examples browser_engine
	$(BIN)/mypy plugins

test: $(TEST_STAMP) $(NODE_STAMP) browser lint typecheck
	$(BIN)/python -m pytest

# A dated zip of the built site, to open from disk where there is no network.
zip: build
	$(BIN)/python -m docset.archive site riftbound-combat-rules-$$(date +%Y-%m-%d).zip

bench: $(TEST_STAMP) $(NODE_STAMP) browser
	$(BIN)/python benchmarks/engine_speed.py
	$(BIN)/python benchmarks/engine_in_browser.py
	$(BIN)/python benchmarks/site_build.py

clean:
	rm -rf site .cache test-results node_modules
