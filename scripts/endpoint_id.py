#!/usr/bin/env python3
"""The one rule from an OpenAPI operationId to an endpoint id, shared by scripts/generate-contract.py and
scripts/contract-data.py. The harness's own reader of the documents (`DocumentedBound.endpointID`, HarnessCore) is
the same rule in Swift; `EndpointIDRuleTests` runs every operationId of every document, and the hard cases, through
both and wants one answer.

Usage: python3 scripts/endpoint_id.py OPERATION_ID...   (prints `operationId<TAB>endpoint-id`, one a line)
"""
import re
import sys


def endpoint_id(operation_id):
    """Kebab-case, lowercase. camelCase and PascalCase split before each capital that follows a lowercase letter or
    digit, and before the last capital of a run followed by a lowercase letter (`URLPrefix` is `url-prefix`,
    `getHTTPStatus` is `get-http-status`); `_` and spaces are `-`. `placeMenu` and `place_menu` are `place-menu`;
    `place-search` and `places-suggest-place` are unchanged."""
    text = re.sub(r"[_\s]+", "-", operation_id)
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", text)
    text = re.sub(r"(?<=[A-Z])(?=[A-Z][a-z])", "-", text)
    return re.sub(r"-{2,}", "-", text).strip("-").lower()


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"{name}\t{endpoint_id(name)}")
