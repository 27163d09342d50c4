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

.PHONY: serve build test check check-tests bench-tiny lint typecheck browser python-venv test-tools zip bench mutation clean catalogs schema golden

# Debian's packages, installed where missing: with apt-get as root, otherwise a line saying what
# to run. Chromium (never a browser download) prints the PDFs, with Debian's fonts embedded; the
# tests drive Chromium's headless shell (the same engine without the browser's window
# machinery, as Playwright runs headless itself: about a third less CPU over the browser tests)
# and read PDFs back with poppler-utils.
BROWSER_PACKAGES := chromium fonts-liberation fonts-dejavu-core
TEST_TOOLS := chromium-headless-shell poppler-utils
define debian_packages
	@missing=""; for package in $(1); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" \
	    || missing="$$missing $$package"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && apt-get install -y -qq --no-install-recommends$$missing; \
	  else echo "missing Debian packages:$$missing: run 'sudo apt-get install$$missing'"; fi; fi
endef

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import ensurepip' 2>/dev/null || $(MAKE) --no-print-directory python-venv
	test -x $(BIN)/pip || $(PYTHON) -m venv --clear $(VENV)
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

# Writes each language's print edition (PDF) too: Debian's Chromium prints it.
build: $(STAMP) $(NODE_STAMP) browser
	$(BIN)/mkdocs build --strict --clean

browser:
	$(call debian_packages,$(BROWSER_PACKAGES))

# Debian's Python makes virtual environments only with its package python3-venv.
python-venv:
	$(call debian_packages,python3-venv)

test-tools:
	$(call debian_packages,$(TEST_TOOLS))

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(TEST_STAMP)
	$(BIN)/mypy $(CORE) plugins tests benchmarks

# The suite runs on every core (pytest-xdist); a build the tests share is made once per run
# (tests/fixtures/shared_build.py); tests marked with one xdist_group run on one worker (they share
# a browser page). Tests go out in the order tests/conftest.py puts them (those reading the built
# site last, so that the others run while it builds), groups included: no reordering by size.
# Its last line is pytest's count and time. Fewer workers: make test WORKERS=1
WORKERS ?= auto
PYTEST := $(BIN)/python -m pytest -n $(WORKERS) --dist loadgroup --no-loadscope-reorder

# The whole suite but the benchmarks' tiny runs (make bench-tiny; CI runs both).
test: $(TEST_STAMP) $(NODE_STAMP) browser test-tools lint typecheck
	$(PYTEST) -m "not bench_tiny"

# The edit loop: lint, types and the tests that build no site, start no browser and pack no
# Pyodide (make test runs those too).
check: $(TEST_STAMP) $(NODE_STAMP) lint typecheck check-tests

# make check's tests alone (benchmarks/suite_time.py measures their CPU time; CHECK_PATHS: fewer).
CHECK_PATHS ?= tests
check-tests: $(TEST_STAMP) $(NODE_STAMP)
	$(PYTEST) -m "not bench_tiny" --ignore=tests/site --ignore=tests/browser \
	  --ignore=tests/browser_engine/test_pack.py --ignore=tests/docset/test_pdf.py $(CHECK_PATHS)

# Each benchmark once at a tiny size, so that none can rot (one after another: several build
# sites and time them).
bench-tiny: $(TEST_STAMP) $(NODE_STAMP) browser test-tools
	$(BIN)/python -m pytest -p no:xdist -m bench_tiny tests/test_benchmarks.py

# A dated zip of the built site (the print editions included), to open from disk where there is
# no network.
zip: build
	$(BIN)/python -m docset.archive site riftbound-combat-rules-$$(date +%Y-%m-%d).zip

# Every benchmarks/*.py (files starting with _ are helpers) but the mutation runs, which score
# the tests rather than measure the site (make mutation); CI runs each of them all with --tiny.
# The in-browser engine's budgets are measured in Debian's Chromium. Each figure is printed
# beside its target and appended to benchmarks/records.jsonl (the measured times live there,
# not in the README); the last line is the whole run's time.
MUTATION_RUNS := benchmarks/step_table_mutation.py benchmarks/code_mutation.py
bench: $(TEST_STAMP) $(NODE_STAMP) browser test-tools
	@set -e; start=$$(date +%s); \
	for script in $(filter-out $(MUTATION_RUNS),$(wildcard benchmarks/[!_]*.py)); do \
	  echo "== $$script"; $(BIN)/python $$script; done; \
	echo "== make bench: $$(( ($$(date +%s) - start) / 60 )) min $$(( ($$(date +%s) - start) % 60 )) s on the clock (target: 15 min on a quiet 2-core machine)"

# The mutation runs, a score per area: the engine's step table; the scenario format's table,
# the editor's form, narration, links, escaping, the form ↔ scenario conversion and three
# guards (each recorded as a benchmark's figures are).
mutation: $(TEST_STAMP)
	@set -e; for script in $(MUTATION_RUNS); do $(BIN)/python $$script; done

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

# The scenario schema editors read, written from engine/schema.py (whole or not at all).
schema: $(STAMP)
	$(BIN)/python -c "from engine.schema import main; raise SystemExit(main())"

# Rewrite the golden files after a deliberate change to the step table or its words; review the
# diff (git diff tests/golden) before committing it.
golden: $(TEST_STAMP)
	RIFTBOUND_UPDATE_GOLDEN=1 $(BIN)/python -m pytest -q tests/engine/test_steps.py

clean:
	rm -rf site .cache test-results node_modules
