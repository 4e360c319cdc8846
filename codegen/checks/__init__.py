"""Checks over the loaded specs of one workspace: per-spec semantics (semantic), clashes between
specs and with the registry (collisions), the numbering rules (numbering) and the coverage of the
generated tests (coverage).

May import: diagnostics, plumbing, spec, views, families.
"""
