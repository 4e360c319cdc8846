"""hipdnn-codegen: op specs -> validated model -> generated hipDNN code."""

__version__ = "0.1.0"

from codegen.plumbing import classcode as _classcode  # noqa: E402 - after __version__, which the package's modules import

_classcode.install()  # the tool's dataclasses' methods compiled once, kept in the cache
