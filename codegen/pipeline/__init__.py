"""The pipeline over a workspace: loading and checking every spec (workspace), rendering the
families' templates (render), formatting and writing generated/ (generate), freshness stamps
(stamp), and the breaking-change check against a git base (breaking), which loads a second
workspace.

May import: diagnostics, plumbing, spec, views, families, checks.
"""
