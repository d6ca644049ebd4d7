# Every install step lives here, so a fresh machine with Python 3.11+ needs nothing else.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

export NO_MKDOCS_2_WARNING := 1

.PHONY: serve build test validate schema status bench clean oracles

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall when the project's declared dependencies change.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

SERVE_ADDR ?= 127.0.0.1:8000

serve: $(STAMP)  ## Serve the site at http://$(SERVE_ADDR)/ with live reload: a save re-renders only what it changed
	$(BIN)/mkdocs serve -a $(SERVE_ADDR)

build: $(STAMP)  ## Build the site into site/ the way the Pages workflow does
	$(BIN)/mkdocs build --strict

validate: $(STAMP)  ## Check every quiz file
	$(BIN)/quizpages validate

schema: $(STAMP)  ## Regenerate schema/quiz.schema.json from the field declarations (model/, kinds/)
	$(BIN)/quizpages schema

status: $(STAMP)  ## List missing and stale translations
	$(BIN)/quizpages status

# The readers other people wrote that the export tests check GIFT and QTI files with (npm packages at pinned
# versions, in a test-only folder; never in the package or the site). Without npm those tests skip, except
# under CI=true, where they fail.
ORACLES       := tests/js-oracles
ORACLES_STAMP := $(ORACLES)/node_modules/.installed

$(ORACLES_STAMP): $(ORACLES)/package.json $(ORACLES)/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
	  cd $(ORACLES) && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed; \
	elif [ "$$CI" = "true" ]; then \
	  echo "npm is missing: the export tests need Node.js 20 and npm (apt-get install nodejs npm)" >&2; exit 1; \
	else \
	  echo "npm is missing: the export tests that read GIFT and QTI files will skip (install Node.js 20 and npm)" >&2; \
	fi

oracles: $(ORACLES_STAMP)  ## Install the export tests' GIFT and QTI readers (npm ci in tests/js-oracles)

# One pytest worker per core; the tests sharing a module-scoped fixture stay on one (conftest.py).
TEST_WORKERS ?= auto

# The tests start mkdocs and quizpages in a hundred processes; with PYTHONDONTWRITEBYTECODE set (some CI images
# set it) each would compile quizpages from source again, so the suite lets Python keep its bytecode.
test: $(STAMP) $(ORACLES_STAMP)  ## Run the whole test suite, on every core (TEST_WORKERS=0: in one process)
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup

BENCH_STAMP := $(VENV)/.installed-bench

$(BENCH_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(BENCH_STAMP)

bench: $(STAMP) $(BENCH_STAMP)  ## Measure builds, validate, serve and import; writes docs/benchmarks.md (slow)
	$(BIN)/python benchmarks/build.py --quizzes 50 200 500 --rounds 5
	$(BIN)/python benchmarks/validate.py --files 1000 --rounds 5
	$(BIN)/python benchmarks/serve.py --quizzes 50 250 500 --saves 5 --rounds 3
	$(BIN)/python benchmarks/import_pages.py --pages 250 --rounds 5
	$(BIN)/python benchmarks/report.py

clean:
	rm -rf site .pytest_cache
