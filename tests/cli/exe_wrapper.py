"""How the cli tests start the tool in a cross build (tests/cli/meson.build).

Meson runs a cross build's tests through the cross file's exe_wrapper
(qemu-user, wine) and tells test scripts which one in MESON_EXE_WRAPPER;
the scripts start the tool by path, so command() gives them a path that
does the same.  Python standard library only."""

import atexit
import os
import shlex
import shutil
import tempfile
import unittest


def command(path):
    """PATH itself natively; in a cross build, a shell script that runs PATH
    through the exe wrapper (exec: the same process, stdin, stdout and exit
    status)."""
    wrapper = os.environ.get("MESON_EXE_WRAPPER", "")
    if not wrapper:
        return path
    d = tempfile.mkdtemp(prefix="wenc-cli-")
    atexit.register(shutil.rmtree, d, True)
    script = os.path.join(d, "wenc")
    with open(script, "w") as f:
        f.write('#!/bin/sh\nexec %s %s "$@"\n' % (wrapper, shlex.quote(path)))
    os.chmod(script, 0o755)
    return script


def under_wine():
    """Whether the tool runs under wine (a Windows build)."""
    return any(os.path.basename(w).startswith("wine")
               for w in shlex.split(os.environ.get("MESON_EXE_WRAPPER", "")))


# What a Windows build does differently, under wine (src/cli/platform.h), for
# the tests that check it the Linux way to skip:
#   directory: open() of a directory fails with EACCES and read() of one
#     with EINVAL, not EISDIR (exit status 3 all the same);
#   names: file names cannot hold control characters (EINVAL);
#   pipe: wine reports a write to a closed pipe as EINVAL, not EPIPE;
#   argv: arguments come in the ANSI code page, where a best-fit mapping
#     turns some characters into ASCII (U+212A KELVIN SIGN into K).
WINDOWS_DIFFERS = {
    "directory": "Windows: a directory fails open() with EACCES, read() with EINVAL",
    "names": "Windows: file names cannot hold control characters",
    "pipe": "wine: a write to a closed pipe fails with EINVAL, not EPIPE",
    "argv": "Windows: arguments in the ANSI code page (best-fit: U+212A is K)",
}


def not_on_windows(what):
    """Skips a test under wine, saying why (WINDOWS_DIFFERS[WHAT])."""
    return unittest.skipIf(under_wine(), WINDOWS_DIFFERS[what])
