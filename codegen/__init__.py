"""hipdnn-codegen: op specs -> validated model -> generated hipDNN code."""

__version__ = "0.1.0"
