#!/usr/bin/env python3
"""consumer-subproject: builds tests/consumer, a tiny project that uses wenc
through `subproject()` and `dependency('wenc')` (meson.override_dependency),
against a copy of this source tree, then runs it.

Usage: check-consumer.py MESON SOURCE_ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile

meson, root = sys.argv[1], sys.argv[2]
ignore = shutil.ignore_patterns(".git", "build*", "__pycache__", "subprojects")
with tempfile.TemporaryDirectory() as tmp:
    proj = os.path.join(tmp, "consumer")
    shutil.copytree(os.path.join(root, "tests", "consumer"), proj)
    shutil.copytree(root, os.path.join(proj, "subprojects", "wenc"), ignore=ignore)
    build = os.path.join(tmp, "build")
    for cmd in ([meson, "setup", build, proj], [meson, "compile", "-C", build]):
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout[-4000:], r.stderr[-4000:])
            sys.exit(1)
    r = subprocess.run([os.path.join(build, "consumer")], capture_output=True, text=True)
    print(r.stdout, end="")
    sys.exit(r.returncode)
