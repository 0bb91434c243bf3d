#!/usr/bin/env python3
"""licences: the licences travel with the code (issue 42, item 3).  Prints
TAP.

usage: check-licences.py SOURCE_ROOT

- LICENSE (wenc's) and LICENSE-WHATWG (the standard's, for the index files
  the tables come from) are at the top of the repository, and the links of
  indexes/REVISION.md to them resolve;
- every generated C file (indexes/*.c, indexes/*.h, include/wenc/encodings.h)
  names both;
- tools/amalgamate's wenc.h and wenc.c each carry both texts in full, line
  by line, before any code.
(That meson install puts both beside the documentation is test
consumer-cmake's.)  Standard library only; about 3 s.
"""
import os
import re
import subprocess
import sys
import tempfile

count = failed = 0


def check(ok, what):
    global count, failed
    count += 1
    failed += not ok
    print('%sok %d - %s' % ('' if ok else 'not ', count, what))


root = sys.argv[1]
texts = {}
for name in ('LICENSE', 'LICENSE-WHATWG'):
    path = os.path.join(root, name)
    check(os.path.isfile(path), '%s at the top of the repository' % name)
    with open(path, encoding='utf-8') as f:
        texts[name] = f.read()
check('BSD 3-Clause' in texts['LICENSE-WHATWG'] and 'WHATWG' in texts['LICENSE-WHATWG'],
      "LICENSE-WHATWG is the standard's licence")

with open(os.path.join(root, 'indexes', 'REVISION.md'), encoding='utf-8') as f:
    revision = f.read()
links = re.findall(r'\]\(([^)]+)\)', revision)
check('../LICENSE-WHATWG' in links, 'indexes/REVISION.md links to LICENSE-WHATWG')
for link in links:
    check(os.path.exists(os.path.join(root, 'indexes', link)),
          'indexes/REVISION.md: %s exists' % link)

generated = [os.path.join('indexes', n) for n in sorted(os.listdir(os.path.join(root, 'indexes')))
             if n.endswith(('.c', '.h'))] + [os.path.join('include', 'wenc', 'encodings.h')]
unnamed = []
for rel in generated:
    with open(os.path.join(root, rel), encoding='utf-8') as f:
        text = f.read()
        head = text[:text.find('*/')]  # the banner, the file's first comment
    if '(LICENSE)' not in head or '(LICENSE-WHATWG)' not in head:
        unnamed.append(rel)
check(not unnamed, '%d generated files name LICENSE and LICENSE-WHATWG in their banner%s'
      % (len(generated), ' (not: %s)' % ', '.join(unnamed) if unnamed else ''))

with tempfile.TemporaryDirectory(prefix='wenc-licences-') as d:
    subprocess.run([sys.executable, os.path.join(root, 'tools', 'amalgamate'), d], check=True)
    for pair_file in ('wenc.h', 'wenc.c'):
        with open(os.path.join(d, pair_file), encoding='utf-8') as f:
            text = f.read()
        # Before the first line of code: the licences are the file's head.
        first_code = re.search(r'^#', text, re.M)
        head = text[:first_code.start() if first_code else len(text)]
        lines = [l[3:] if l.startswith('** ') else l[2:] for l in head.split('\n')]
        for name, body in texts.items():
            want = [l.rstrip() for l in body.rstrip('\n').split('\n')]
            found = any(lines[i:i + len(want)] == want for i in range(len(lines)))
            check(found, '%s carries %s in full before its code' % (pair_file, name))
print('1..%d' % count)
sys.exit(1 if failed else 0)
