"""Validates generated answers against their schemas in a patched OpenAPI document with python's jsonschema.

Reads (from the file named by its argument) {"document": {...}, "pairs": [{"pointer": "/paths/...", "instance": ...}, ...]} on stdin and prints
{"valid": [true|false, ...]} in the same order. The document is the root resource, so "#/components/..." $refs
resolve; each schema is reached by a "$ref" to its pointer.
"""
import json
import sys

from jsonschema import Draft202012Validator


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        given = json.load(file)
    document = given["document"]
    verdicts = []
    validators = {}
    for pair in given["pairs"]:
        pointer = pair["pointer"]
        if pointer not in validators:
            root = dict(document)
            root["$ref"] = "#" + pointer
            validators[pointer] = Draft202012Validator(root, format_checker=Draft202012Validator.FORMAT_CHECKER)
        verdicts.append(validators[pointer].is_valid(pair["instance"]))
    json.dump({"valid": verdicts}, sys.stdout)


if __name__ == "__main__":
    main()
