#!/usr/bin/env python3
"""against-tarball.py -- the libxml2 integration against libxml2 built from
a source tarball (issue 40; meson test libxml2-2.14 / libxml2-2.15).

Usage: against-tarball.py --tarball T --cache DIR --src INTEGRATION_DIR
           --wenc-include DIR... --wenc-lib LIB --coverage 0|1 --example C
           --root WENC_SOURCE_ROOT -- CC...

Unpacks T into DIR (once), builds its library with Meson (once: the
folder is kept between runs, about 10 s of ninja -j1 the first time),
compiles libxml2.c with tests/test_libxml2.c, with tests/test_files.c and
with the guide's example (--example) against it with CC, and runs them;
then the fuzz target fuzz_libxml2.c over its corpus (test_files in the unpacked tree, whose
test/ and result/ files it reads: nothing of libxml2's is in wenc's tree).
TAP on stdout; "1..0 # SKIP" with the reason when the tarball is missing."""
import argparse
import fcntl
import os
import subprocess
import sys
import tarfile


def skip(why):
    print("1..0 # SKIP " + why)
    sys.exit(0)


def run(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if r.returncode != 0:
        print("Bail out! " + " ".join(cmd) + " failed:")
        for line in r.stdout.splitlines()[-40:]:
            print("# " + line)
        sys.exit(1)
    return r.stdout


def build_libxml2(tarball, cache):
    name = os.path.basename(tarball)[: -len(".tar.xz")]
    tree = os.path.join(cache, name)
    stamp = os.path.join(tree, "B", ".wenc-built")
    os.makedirs(cache, exist_ok=True)
    with open(os.path.join(cache, name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.exists(stamp):
            return tree
        if not os.path.isdir(tree):
            with tarfile.open(tarball) as t:
                t.extractall(cache)
        opts = ["-Dpython=disabled", "-Dreadline=disabled", "-Dhistory=disabled"]
        # 2.14's meson.build needs c_std given as one value with Meson < 1.3,
        # and has no docs option; 2.15 has one (off unless enabled).
        opts += ["-Dc_std=c11"] if name.startswith("libxml2-2.14") else ["-Ddocs=disabled"]
        b = os.path.join(tree, "B")
        if not os.path.exists(os.path.join(b, "build.ninja")):
            run(["meson", "setup", b] + opts, cwd=tree)
        run(["meson", "compile", "-C", b, "-j", "2", "xml2"])
        open(stamp, "w").close()
    return tree


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tarball", required=True)
    ap.add_argument("--cache", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("--wenc-include", action="append", default=[])
    ap.add_argument("--wenc-lib", required=True)
    ap.add_argument("--coverage", default="0")
    ap.add_argument("--example", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("cc", nargs="+")
    a = ap.parse_args()
    if not os.path.exists(a.tarball):
        skip(a.tarball + " not found (../shared/vendor/libxml2 missing?)")
    tree = build_libxml2(a.tarball, a.cache)
    b = os.path.join(tree, "B")
    flags = ["-std=c11", "-g", "-Wall", "-Wextra", "-Wpedantic", "-Wshadow", "-Wcast-qual",
             "-Wformat=2", "-Wmissing-prototypes", "-Werror",
             "-I" + os.path.join(tree, "include"), "-I" + os.path.join(b, "include"),
             "-I" + a.src, "-I" + os.path.join(a.src, "..", "tests")]
    flags += ["-I" + d for d in a.wenc_include]
    libdir = os.path.dirname(os.path.abspath(a.wenc_lib))
    link = [a.wenc_lib, "-L" + b, "-lxml2", "-Wl,-rpath," + b, "-Wl,-rpath," + libdir]
    if a.coverage == "1":
        link.append("--coverage")
    env = dict(os.environ, LD_LIBRARY_PATH=b + os.pathsep + libdir)
    status = 0
    count = 0
    for prog, args in (("test_libxml2", []), ("test_files", [tree])):
        exe = os.path.join(a.cache, os.path.basename(tree) + "-" + prog)
        run(a.cc + flags + [os.path.join(a.src, "libxml2.c"),
                            os.path.join(a.src, "tests", prog + ".c"), "-o", exe] + link)
        r = subprocess.run([exe] + args, stdout=subprocess.PIPE, text=True, env=env)
        # One TAP stream from the two programs: renumber, one plan at the end.
        for line in r.stdout.splitlines():
            if line.startswith("1.."):
                continue
            for word in ("ok ", "not ok "):
                if line.startswith(word):
                    rest = line[len(word):].split(" ", 1)
                    count += 1
                    line = word + str(count) + (" " + rest[1] if len(rest) > 1 else "")
                    break
            print(line)
        if r.returncode != 0:
            status = 1
            print("# %s exited with %d" % (prog, r.returncode))
    # The guide's libxml2 example (tests/examples/libxml2_read.c).
    exe = os.path.join(a.cache, os.path.basename(tree) + "-example")
    run(a.cc + flags + [os.path.join(a.src, "libxml2.c"), a.example, "-o", exe] + link)
    r = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       env=env)
    count += 1
    # 77: the example needs encodings this build left out (-Dencodings).
    print("%s %d - guide example %s%s" % ("ok" if r.returncode in (0, 77) else "not ok", count,
                                          os.path.basename(a.example),
                                          " # SKIP" if r.returncode == 77 else ""))
    for line in r.stdout.splitlines():
        print("# " + line)
    if r.returncode not in (0, 77):
        status = 1
    # The fuzz target, replaying its corpus (tests/fuzz/standalone-main.c).
    exe = os.path.join(a.cache, os.path.basename(tree) + "-fuzz")
    fz = os.path.join(a.root, "tests", "fuzz")
    sup = os.path.join(a.root, "tests", "support")
    run(a.cc + flags + ["-I" + fz, "-I" + sup, os.path.join(a.src, "libxml2.c"),
                        os.path.join(a.src, "fuzz_libxml2.c"),
                        os.path.join(fz, "fuzz-common.c"), os.path.join(fz, "standalone-main.c"),
                        os.path.join(sup, "ref.c"), "-o", exe] + link)
    r = subprocess.run([exe, os.path.join(a.src, "corpus")], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, env=env)
    count += 1
    print("%s %d - fuzz_libxml2 replays its corpus" % ("ok" if r.returncode == 0 else "not ok",
                                                       count))
    for line in r.stdout.splitlines():
        print("# " + line)
    if r.returncode != 0:
        status = 1
    print("1..%d" % count)
    return status


if __name__ == "__main__":
    sys.exit(main())
