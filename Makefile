# `make run` and `make test` do all setup on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test install system-deps clean

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

# Non-editable install: proves the wheel carries the schema and templates.
# -qq: pip's errors still show, its notices (and a machine's index warnings) do not.
$(STAMP): $(BIN)/python pyproject.toml $(shell find codegen -type f -not -name '*.pyc')
	@echo "installing hipdnn-codegen into $(VENV)/ ..."
	@$(BIN)/pip install -qq --upgrade pip
	@rm -rf build *.egg-info  # setuptools would ship what a previous build left there
	@$(BIN)/pip install -qq ".[test]"
	@rm -rf build *.egg-info
	@touch $(STAMP)

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

test: install system-deps
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) build *.egg-info
