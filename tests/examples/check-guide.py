#!/usr/bin/env python3
"""check-guide.py -- checks that docs/guide.md quotes the examples exactly.

Usage: check-guide.py GUIDE EXAMPLE.c...

In an example, a region runs from a line `/* [guide:NAME] */` to a line
`/* [/guide:NAME] */`.  In the guide, a line `<!-- example: FILE.c#NAME -->`
must be followed by a ```c block holding exactly that region.  Every region
must be quoted, and every quotation must name a region.  Exit status 0 if
all is well, 1 (with a message per problem) otherwise."""
import os
import re
import sys


def regions(path):
    found, name, lines = {}, None, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*/\* \[(/?)guide:([\w-]+)\] \*/\s*$", line)
            if m and not m.group(1):
                name, lines = m.group(2), []
            elif m and m.group(1):
                found[m.group(2)] = "".join(lines)
                name = None
            elif name is not None:
                lines.append(line)
    return found


def main(argv):
    guide, examples = argv[1], argv[2:]
    wanted = {}
    for path in examples:
        for name, text in regions(path).items():
            wanted[(os.path.basename(path), name)] = text
    problems, seen = [], set()
    with open(guide, encoding="utf-8") as f:
        lines = f.readlines()
    for i, line in enumerate(lines):
        m = re.match(r"<!-- example: (\S+?)#([\w-]+) -->", line)
        if not m:
            continue
        key = (os.path.basename(m.group(1)), m.group(2))
        if key not in wanted:
            problems.append(f"{guide}:{i + 1}: no region {key[1]} in {key[0]}")
            continue
        seen.add(key)
        j = i + 1
        if j >= len(lines) or lines[j].strip() != "```c":
            problems.append(f"{guide}:{i + 1}: the marker must be followed by ```c")
            continue
        k = j + 1
        while k < len(lines) and lines[k].rstrip("\n") != "```":
            k += 1
        if "".join(lines[j + 1:k]) != wanted[key]:
            problems.append(f"{guide}:{j + 2}: the block differs from {key[0]}#{key[1]}")
    for key in sorted(set(wanted) - seen):
        problems.append(f"{guide}: region {key[0]}#{key[1]} is not quoted")
    for p in problems:
        print(p)
    print(f"{len(seen)} quotations checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
