"""Plumbing with no knowledge of specs: guarded atomic file writes (storage), the on-disk cache
and the tool's own digest (cache), the tool's dataclass methods kept compiled (classcode), C++
string escaping (escape), clang-format (formatting) and terminal output (console).

May import: diagnostics.
"""
