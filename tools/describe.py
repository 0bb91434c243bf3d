#!/usr/bin/env python3
"""describe.py -- the commit a wenc tree is, for wenc/version.h's
WENC_VERSION_COMMIT (include/wenc/meson.build), the amalgamated pair
(tools/amalgamate) and tools/release.

usage: tools/describe.py [ROOT]

Prints `git describe --always --dirty` of ROOT (default: this script's
tree): the nearest tag and the commits since it, or, as a clone or a
mirror need carry no tag, the abbreviated commit alone; "-dirty" when
tracked files differ from it.  Prints nothing, and exits 0, when git is
missing or ROOT is not the top of a git checkout (a release tarball, or a
copy inside another project's repository, whose commit says nothing of
wenc's).  Standard library only.
"""
import os
import subprocess
import sys


def describe(root):
    root = os.path.realpath(root)

    def git(*args):
        return subprocess.run(['git', '-C', root] + list(args), stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, check=True).stdout.strip()
    try:
        if os.path.realpath(git('rev-parse', '--show-toplevel')) != root:
            return ''
        return git('describe', '--always', '--dirty')
    except (OSError, subprocess.CalledProcessError):
        return ''


if __name__ == '__main__':
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    print(describe(sys.argv[1] if len(sys.argv) > 1 else here))
