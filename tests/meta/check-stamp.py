#!/usr/bin/env python3
"""version-stamp: wenc/version.h's WENC_VERSION_COMMIT (issue 42, item 4).

usage: check-stamp.py VERSION_H SOURCE_ROOT

In a git checkout of wenc the stamp is `git describe --always --dirty` as
of the configuration: it names a commit of this repository (it may be an
older one than today's if commits came after `meson setup`; reconfigure to
restamp).  Outside a checkout it is "".  The amalgamated pair's stamp is
check-release.py's.  Standard library only.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(sys.argv[2], 'tools'))
from describe import describe  # noqa: E402

with open(sys.argv[1], encoding='utf-8') as f:
    m = re.search(r'^#define WENC_VERSION_COMMIT "([^"]*)"$', f.read(), re.M)
if m is None:
    print('version.h defines no WENC_VERSION_COMMIT')
    sys.exit(1)
stamp, now = m.group(1), describe(sys.argv[2])
print('stamp %r, tree now %r' % (stamp, now))
if not now:
    sys.exit(0 if stamp == '' else 1)
# TAG-N-gHASH, or HASH; -dirty after either.
h = re.fullmatch(r'(?:.*-g)?([0-9a-f]{4,40})(?:-dirty)?', stamp)
if h is None:
    print('not what git describe --always --dirty prints')
    sys.exit(1)
r = subprocess.run(['git', '-C', sys.argv[2], 'rev-parse', '--verify', '-q',
                    h.group(1) + '^{commit}'], stdout=subprocess.PIPE, text=True)
print('commit %s: %s' % (h.group(1), r.stdout.strip() or 'not in this repository'))
sys.exit(r.returncode)
