"""Findings: the `Diagnostic` every layer reports (diagnostics), the rule table that names and
documents each finding (rules), and the machine-readable output formats (report).

The lowest layer: imports nothing of codegen but the package version.
"""
