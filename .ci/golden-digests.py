#!/usr/bin/env python3
"""Compare (or rewrite) Tests/ScenarioSuiteTests/golden-digests.tsv against `cellsim run --json`.

Usage: golden-digests.py check|update RESULTS.json
"""
import json
import sys

GOLDEN = "Tests/ScenarioSuiteTests/golden-digests.tsv"
HEADER = """# The trace digest of every bundled scenario, with its own loader and seed.
# A change that alters one must be on purpose: regenerate with .ci/update-golden-digests
# and say in the commit message which scenarios changed and why.
"""


def main() -> int:
    mode, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as f:
        results = json.load(f)["results"]
    rows = sorted((r["file"], r["loader"], r["digest"]) for r in results)
    if mode == "update":
        with open(GOLDEN, "w", encoding="utf-8") as f:
            f.write(HEADER)
            for row in rows:
                f.write("\t".join(row) + "\n")
        print(f"wrote {len(rows)} digests to {GOLDEN}")
        return 0
    golden = {}
    with open(GOLDEN, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            file, loader, digest = line.rstrip("\n").split("\t")
            golden[file] = (loader, digest)
    bad = 0
    for file, loader, digest in rows:
        if golden.get(file) != (loader, digest):
            print(f"  {file}: {loader} {digest}, golden {golden.get(file)}")
            bad += 1
    missing = sorted(set(golden) - {r[0] for r in rows})
    for file in missing:
        print(f"  {file}: golden digest but no result")
        bad += 1
    if bad:
        print(f"{bad} digest(s) differ from {GOLDEN}")
        return 1
    print(f"all {len(rows)} digests equal {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
