# `make run` and `make test` do all setup on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Non-editable install: proves the wheel carries the schema and templates.
$(STAMP): $(BIN)/python pyproject.toml $(shell find codegen templates -type f -not -name '*.pyc')
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet ".[test]"
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/hipdnn-codegen add-op layernorm_bwd

test: install
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) build *.egg-info
