#!/usr/bin/env python3
"""Validates files against one of CellSim's JSON Schemas (docs/schema/).

    .ci/validate-schema.py SCHEMA FILE...

The schema itself is first checked against its meta-schema. A FILE ending in .yaml or .yml is
read as YAML (a scenario), any other as JSON (`cellsim run --json` output). Prints one line per
problem, `file: key.path: message`, and exits 1 if there is any, 0 if every file is valid, and
2 if the jsonschema or PyYAML package is missing (`pip install jsonschema PyYAML`).
"""
import json
import re
import sys

try:
    import jsonschema
    import yaml
except ImportError as error:
    print(f"validate-schema: {error}; run `pip install jsonschema PyYAML`", file=sys.stderr)
    sys.exit(2)


class CellSimLoader(yaml.SafeLoader):
    """YAML read as CellSim reads it: the YAML 1.2 core schema, so `yes`, `no`, `on` and `off`
    are text, not booleans (PyYAML's YAML 1.1 default), and `1e3` is a number."""


CellSimLoader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:int", r"^[-+]?[0-9]+$", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        r"^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$",
        "-+0123456789.",
    ),
]:
    CellSimLoader.add_implicit_resolver(tag, re.compile(pattern), list(first))


def nearest(error):
    """Under anyOf, the alternative that came nearest: the deepest problem, a wrong value
    before a wrong type, rather than the whole value."""
    while error.context:
        error = max(
            error.context, key=lambda e: (len(e.absolute_path), e.validator != "type"))
    return error


def location(error):
    parts = []
    for part in error.absolute_path:
        if isinstance(part, int):
            parts.append(f"[{part}]")
        else:
            parts.append(("." if parts else "") + str(part))
    return "".join(parts) or "(top level)"


def main(arguments):
    if len(arguments) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(arguments[0], encoding="utf-8") as handle:
        schema = json.load(handle)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    problems = 0
    for path in arguments[1:]:
        with open(path, encoding="utf-8") as handle:
            if path.endswith((".yaml", ".yml")):
                document = yaml.load(handle, Loader=CellSimLoader)
            else:
                document = json.load(handle)
        for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
            problems += 1
            shown = nearest(error)
            print(f"{path}: {location(shown)}: {shown.message}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
