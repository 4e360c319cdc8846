# `make run` and `make test` do all setup on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOCK := .ci/requirements/lock.txt

.PHONY: run test install lock fresh-setup regenerate system-deps clean

# The compile check needs g++, gtest and nlohmann-json headers; install them from Debian when missing.
system-deps:
	@missing=""; \
	command -v g++ >/dev/null 2>&1 || missing="$$missing g++"; \
	[ -f /usr/include/gtest/gtest.h ] || missing="$$missing libgtest-dev"; \
	[ -f /usr/include/nlohmann/json.hpp ] || missing="$$missing nlohmann-json3-dev"; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

$(BIN)/python:
	@$(PYTHON) -m venv $(VENV)

# Every package comes from .ci/requirements/lock.txt, pinned and hash-checked (`make lock` rewrites it
# from pyproject.toml), so a fresh machine gets the same versions whatever was released since.
# Then the tool itself, non-editable (proves the wheel carries the schema and templates), built
# with the locked setuptools (no build isolation, which would fetch an unlocked one).
# -qq: pip's errors still show, its notices (and a machine's index warnings) do not.
$(STAMP): $(BIN)/python pyproject.toml $(LOCK) $(shell find codegen templates -type f -not -name '*.pyc')
	@echo "installing hipdnn-codegen into $(VENV)/ (locked: $(LOCK)) ..."
	@$(BIN)/python -m pip install -qq --require-hashes --no-deps -r $(LOCK)
	@rm -rf build *.egg-info  # setuptools would ship what a previous build left there
	@$(BIN)/python -m pip install -qq --no-deps --no-build-isolation --no-index .
	@rm -rf build *.egg-info
	@$(BIN)/python -m pip check -q >/dev/null || { $(BIN)/python -m pip check; exit 1; }
	@touch $(STAMP)

# Rewrite the lock from pyproject.toml and .ci/requirements/build.in with the locked uv (run after
# changing a dependency; commit the result). UPGRADE=1 also moves every pin to its newest release.
lock:
	@$(PYTHON) -m venv .venv-lock
	@.venv-lock/bin/python -m pip install -qq --require-hashes --no-deps -r .ci/requirements/uv.txt
	@.venv-lock/bin/uv pip compile -q .ci/requirements/uv.in --generate-hashes --universal \
		--python-version 3.10 --custom-compile-command "make lock" $(if $(UPGRADE),--upgrade) -o .ci/requirements/uv.txt
	@.venv-lock/bin/uv pip compile -q pyproject.toml .ci/requirements/build.in --extra test --generate-hashes \
		--universal --python-version 3.10 --custom-compile-command "make lock" $(if $(UPGRADE),--upgrade) -o $(LOCK)
	@echo "$(LOCK) written; commit it"

install: $(STAMP)

# Validate every spec, regenerate generated/, and say what is where and what to run next.
run: install
	@$(BIN)/hipdnn-codegen generate
	@$(BIN)/hipdnn-codegen check -q
	@echo ""
	@$(BIN)/hipdnn-codegen list
	@echo "The CLI is $(BIN)/hipdnn-codegen (or run: . $(BIN)/activate, then hipdnn-codegen)."
	@echo "Specs are in op_specs/, one YAML file per op; each op's files are in generated/<op>/,"
	@echo "the Python mirror in generated/python/. Next:"
	@echo "  $(BIN)/hipdnn-codegen add-op NAME             new op with numbers allocated"
	@echo "  $(BIN)/hipdnn-codegen check                   the CI gate"
	@echo "  $(BIN)/hipdnn-codegen apply --hipdnn-root DIR place everything in a hipDNN checkout"
	@echo "  make test                                      the whole test suite"

# PYTEST_ARGS: a selection (.ci/fresh_setup.sh runs a smoke one); empty runs the whole suite.
test: install system-deps
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The README's first two commands in a scratch clone with no caches (what CI runs first).
fresh-setup:
	@.ci/fresh_setup.sh

# After a change to the tool (stamps digest its code): regenerate every committed generated/ tree,
# the repository's and the test workspaces' (tests/cases/gen-stale* are stale on purpose).
regenerate: install
	@$(BIN)/python -m codegen.pipeline.precompiled
	@$(BIN)/python -m codegen generate -q
	@for case in tests/cases/*/; do \
		case "$$case" in */gen-stale*) continue ;; esac; \
		[ -d "$$case/generated" ] || continue; \
		(cd "$$case" && PYTHONPATH="$(CURDIR)" "$(CURDIR)/$(BIN)/python" -m codegen generate -q 2>/dev/null) || true; \
	done

clean:
	rm -rf $(VENV) .venv-lock build *.egg-info
