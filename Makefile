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
	$(PYTHON) -m venv $(VENV)

# Non-editable install: proves the wheel carries the schema and templates.
$(STAMP): $(BIN)/python pyproject.toml $(shell find codegen -type f -not -name '*.pyc')
	$(BIN)/pip install --quiet --upgrade pip
	rm -rf build *.egg-info  # setuptools would ship what a previous build left there
	$(BIN)/pip install --quiet ".[test]"
	rm -rf build *.egg-info
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/hipdnn-codegen add-op layernorm_bwd

test: install system-deps
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) build *.egg-info
