"""`hipdnn-codegen rule`: explain one rule, or list them all."""

from __future__ import annotations

import argparse
import sys

from codegen.commands._common import EXIT_OK
from codegen.diagnostics import rules
from codegen.pipeline.workspace import UsageError


def cmd_rule(args: argparse.Namespace) -> int:
    from codegen.diagnostics import report
    from codegen.spec.schema_check import did_you_mean

    if args.all == (args.rule_id is not None):
        raise UsageError("rule takes a RULE-ID or --all")
    if args.all:
        sys.stdout.write(report.listing())
        return EXIT_OK
    rule = rules.ALL.get(args.rule_id.upper())
    if rule is None:
        hint = did_you_mean(args.rule_id.upper(), list(rules.ALL)) or "; hipdnn-codegen rule --all lists every rule"
        raise UsageError(f"unknown rule '{args.rule_id}'{hint}")
    sys.stdout.write(report.explain(rule))
    return EXIT_OK
