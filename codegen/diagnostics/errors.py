"""The exception for a usage problem, apart from the findings' classes so the command line can
catch it without building them (codegen.diagnostics.diagnostics re-exports it)."""


class UsageError(Exception):
    """A problem with how the tool was invoked (exit code 2)."""
