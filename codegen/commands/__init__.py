"""One module per command of the command line; `codegen.cli` parses the arguments and calls
`run` here. Shared helpers of several commands live in _common.

May import: every other package.
"""
