#!/usr/bin/env python3
"""short-counts.py -- instructions per call of the short-input paths under
each kernel set (issue 29), from callgrind: deterministic, so it can be
run on a loaded machine.

    tools/short-counts.py BUILD [--sets scalar,sse2,sse41,avx2] [--corpus DIR]
                          [--lengths 4,8,16,32,64] [--all]

Builds tools/short-counts.c against BUILD's libwenc.so (a release build,
for counts worth quoting), runs it once per set under
`valgrind --tool=callgrind` with WENC_SIMD forcing the set, and prints one
row per sample, operation and length: instructions per call under each set
(the harness's loop adds a few to each), then "!" after a set that runs
more than the scalar set.  Without --all only the rows of --lengths are
printed, but every length is checked; the last line counts the rows where
a set ran more than scalar."""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

REP = 8  # tools/short-counts.c


def run_set(exe, libdir, corpus, isa, tmp):
    out = os.path.join(tmp, isa)
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, WENC_SIMD=isa, LD_LIBRARY_PATH=libdir)
    subprocess.run(['valgrind', '--tool=callgrind', '--collect-atstart=no',
                    '--callgrind-out-file=' + os.path.join(out, 'cg.%p'), exe, corpus],
                   env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    counts = {}
    for path in glob.glob(os.path.join(out, 'cg.*')):
        desc, total = None, None
        with open(path, errors='replace') as f:
            for line in f:
                if line.startswith('desc: Trigger: Client Request: '):
                    desc = line.split(': ', 3)[3].strip()
                elif line.startswith('summary:') or line.startswith('totals:'):
                    total = int(line.split()[1])
        if desc is not None and total is not None:
            counts[desc] = total / REP
    return counts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('build')
    ap.add_argument('--sets', default='scalar,sse2,sse41,avx2')
    ap.add_argument('--corpus', default='/work/shared/bench-corpus/wikipedia')
    ap.add_argument('--lengths', default='4,8,16,32,64')
    ap.add_argument('--all', action='store_true')
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    libdir = os.path.abspath(os.path.join(a.build, 'src'))
    sets = a.sets.split(',')
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, 'short-counts')
        subprocess.run(['cc', '-O2', '-I', os.path.join(root, 'include'),
                        '-I', os.path.join(a.build, 'include'),
                        os.path.join(here, 'short-counts.c'), '-L', libdir, '-lwenc',
                        '-o', exe], check=True)
        by_set = {isa: run_set(exe, libdir, a.corpus, isa, tmp) for isa in sets}
    keys = sorted(by_set[sets[0]], key=lambda k: (k.split()[0], k.split()[1], int(k.split()[2])))
    shown = set(int(x) for x in a.lengths.split(','))
    print('%-6s %-6s %4s %5s ' % ('sample', 'op', 'cut', 'bytes') +
          ' '.join('%8s' % s for s in sets))
    worse = 0
    order = ['ascii', 'fr', 'ru', 'ja', 'emoji']
    keys.sort(key=lambda k: (order.index(k.split()[0]), k.split()[1], int(k.split()[2])))
    for k in keys:
        sample, op, cut, size = k.split()
        row = [by_set[s].get(k) for s in sets]
        base = by_set.get('scalar', {}).get(k)
        marks = ['!' if base is not None and v is not None and v > base + 0.5 and op != 'memcpy'
                 else ' ' for v in row]
        worse += marks.count('!')
        if a.all or int(cut) in shown:
            print('%-6s %-6s %4s %5s ' % (sample, op, cut, size) +
                  ' '.join('%7.0f%s' % (v, m) if v is not None else '%8s' % '-'
                           for v, m in zip(row, marks)))
    print('rows where a set runs more instructions than scalar: %d' % worse)


if __name__ == '__main__':
    main()
