"""Lowering the model for templates: the names an op's code uses (naming), its node checks and
test plan (nodecheck, testplan), and the per-target views the templates read (cpp, pyview,
refview, fbsview, fragments).

May import: diagnostics, plumbing, spec.
"""
