#!/usr/bin/env python3
"""consumer-cmake / consumer-pkgconfig: installs this build of wenc into a
temporary prefix (`meson install --destdir`) and builds a program against
the installation the way other projects do, then runs it:

  cmake       tests/consumer-cmake with find_package(wenc 0.1 REQUIRED) and
              the imported target wenc::wenc (and wenc::static when the
              build installs a static library); find_package() must refuse
              versions the installation does not satisfy (0.2, 1.0).
  pkgconfig   tests/consumer-cmake/consumer.c compiled with the flags of
              `pkg-config --cflags --libs wenc`.

Usage: check-install.py cmake|pkgconfig MESON BUILD_ROOT SOURCE_ROOT CC [TOOL]

TOOL is the cmake or pkg-config executable, empty when it is not installed:
the test then reports SKIP (TAP plan 1..0, exit status 0) and says why.  The prefix is the build's
(/usr/local by default) under a temporary DESTDIR: the CMake package finds
its prefix from its own location; pkg-config is told it with
--define-variable=prefix=...
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile


def sh(cmd, env=None, cwd=None):
    """Runs CMD; on failure prints its output and exits 1."""
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd)
    if r.returncode != 0:
        print("FAILED: %s (exit %d)" % (" ".join(cmd), r.returncode))
        print(r.stdout[-6000:], r.stderr[-6000:])
        sys.exit(1)
    return r.stdout


def options(meson, build):
    opts = json.loads(sh([meson, "introspect", "--buildoptions", build]))
    return {o["name"]: o["value"] for o in opts}


def install(meson, build, opt, tmp):
    """Installs into TMP/dest; returns (root, libdir, includedir) there."""
    dest = os.path.join(tmp, "dest")
    sh([meson, "install", "-C", build, "--no-rebuild", "--destdir", dest])
    prefix = opt["prefix"]
    root = dest + prefix

    def under(d):
        return dest + d if os.path.isabs(d) else os.path.join(root, d)
    return root, under(opt["libdir"]), under(opt["includedir"])


def extra_flags(opt):
    """Flags a program linked with this build's library needs: its
    sanitizers or coverage instrumentation."""
    flags = []
    if opt.get("b_sanitize", "none") != "none":
        flags.append("-fsanitize=" + opt["b_sanitize"])
    if opt.get("b_coverage"):
        flags.append("--coverage")
    return flags


def run_consumer(exe, env=None):
    out = sh([exe], env=env)
    print("# " + out.strip())
    if "2 bytes" in out or "4 bytes" not in out:
        print("unexpected output from %s" % exe)
        sys.exit(1)


def check_cmake(cmake, cc, src, root, libdir, opt, tmp):
    flags = " ".join(extra_flags(opt))
    build = os.path.join(tmp, "cmake-build")
    sh([cmake, "-S", os.path.join(src, "tests", "consumer-cmake"), "-B", build,
        "-DCMAKE_PREFIX_PATH=" + root, "-DCMAKE_C_COMPILER=" + cc,
        "-DCMAKE_C_FLAGS=" + flags, "-DCMAKE_EXE_LINKER_FLAGS=" + flags])
    sh([cmake, "--build", build])
    # wenc::wenc: found through the CMake package; the build tree's RPATH
    # points at the installed shared library.
    run_consumer(os.path.join(build, "consumer"))
    print("ok 1 - cmake: find_package(wenc 0.1 REQUIRED), wenc::wenc builds and runs")
    static = opt["default_library"] in ("static", "both")
    if static:
        exe = os.path.join(build, "consumer-static")
        run_consumer(exe)
        # No run-time dependency on libwenc.so.
        ldd = shutil.which("ldd")
        if ldd and "libwenc" in sh([ldd, exe]):
            print("not ok 2 - wenc::static: %s still needs libwenc.so" % exe)
            sys.exit(1)
        print("ok 2 - cmake: wenc::static builds and runs without libwenc.so")
    else:
        print("ok 2 - cmake: wenc::static # SKIP this build installs no static library")
    # Versions: 0.1 and 0.1.0 are satisfied; 0.2 (a newer minor version
    # before 1.0) and 1.0 are not.
    n = 3
    for want, ok in (("0.1.0", True), ("0.2", False), ("1.0", False), ("0.0.1", False)):
        proj = os.path.join(tmp, "version-" + want)
        os.makedirs(proj)
        with open(os.path.join(proj, "CMakeLists.txt"), "w") as f:
            f.write("cmake_minimum_required(VERSION 3.13)\nproject(v C)\n"
                    "find_package(wenc %s REQUIRED)\n" % want)
        r = subprocess.run([cmake, "-S", proj, "-B", os.path.join(proj, "b"),
                            "-DCMAKE_PREFIX_PATH=" + root, "-DCMAKE_C_COMPILER=" + cc],
                           capture_output=True, text=True)
        good = (r.returncode == 0) == ok
        if not ok and good:
            good = "wencConfigVersion.cmake" in r.stderr or "version" in r.stderr
        print("%s %d - cmake: find_package(wenc %s) %s" % (
            "ok" if good else "not ok", n, want, "succeeds" if ok else "is refused"))
        if not good:
            print(r.stdout[-3000:], r.stderr[-3000:])
            sys.exit(1)
        n += 1
    print("1..%d" % (n - 1))


def check_pkgconfig(pkg_config, cc, src, root, libdir, opt, tmp):
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(libdir, "pkgconfig"))
    env.pop("PKG_CONFIG_LIBDIR", None)
    define = ["--define-variable=prefix=" + root]
    version = sh([pkg_config, "--modversion", "wenc"], env=env).strip()
    flags = sh([pkg_config] + define + ["--cflags", "--libs", "wenc"], env=env).split()
    print("# pkg-config: wenc %s: %s" % (version, " ".join(flags)))
    exe = os.path.join(tmp, "consumer")
    sh([cc, "-std=c11", os.path.join(src, "tests", "consumer-cmake", "consumer.c"),
        "-o", exe] + flags + extra_flags(opt))
    run_env = dict(os.environ, LD_LIBRARY_PATH=libdir)
    run_consumer(exe, env=run_env)
    print("ok 1 - pkg-config: wenc %s, the consumer builds and runs" % version)
    if version != opt.get("_version"):
        print("not ok 2 - pkg-config says %s, the project is %s" % (version, opt["_version"]))
        sys.exit(1)
    print("ok 2 - pkg-config --modversion is the project's version")
    n = 3
    # What a distributor ships: README, licence, changelog and docs/ in
    # DATADIR/doc/wenc.
    docdir = os.path.join(root, opt["datadir"], "doc", "wenc")
    missing = [f for f in ("README.md", "LICENSE", "LICENSE-WHATWG", "CHANGELOG.md",
                           "docs/guide.md")
               if not os.path.exists(os.path.join(docdir, f))]
    print("%sok %d - README, LICENSE, LICENSE-WHATWG, CHANGELOG and docs/ in %s%s" %
          ("not " if missing else "", n, docdir, " (missing: %s)" % missing if missing else ""))
    failed = bool(missing)
    n += 1
    # The installed tool runs from this non-system prefix by itself (its run
    # path), with no LD_LIBRARY_PATH.
    wenc = os.path.join(root, opt["bindir"], "wenc")
    if not os.path.exists(wenc):
        print("ok %d - the installed wenc runs without LD_LIBRARY_PATH # SKIP no tool "
              "(-Dtools=false)" % n)
    else:
        env = dict(os.environ)
        env.pop("LD_LIBRARY_PATH", None)
        r = subprocess.run([wenc, "--version"], capture_output=True, text=True, env=env)
        ok = r.returncode == 0 and opt["_version"] in r.stdout
        print("%sok %d - the installed wenc runs without LD_LIBRARY_PATH" % ("" if ok else "not ", n))
        if not ok:
            print("# %s" % (r.stdout + r.stderr).strip().replace("\n", "\n# "))
        failed = failed or not ok
    print("1..%d" % n)
    if failed:
        sys.exit(1)


def main():
    mode, meson, build, src, cc = sys.argv[1:6]
    tool = sys.argv[6] if len(sys.argv) > 6 else ""
    if not tool:
        # A TAP test that skips says so in its plan and exits 0.
        print("1..0 # SKIP %s is not installed" % ("cmake" if mode == "cmake" else "pkg-config"))
        sys.exit(0)
    opt = options(meson, build)
    info = json.loads(sh([meson, "introspect", "--projectinfo", build]))
    opt["_version"] = info["version"]
    with tempfile.TemporaryDirectory(prefix="wenc-install-") as tmp:
        root, libdir, includedir = install(meson, build, opt, tmp)
        if not os.path.exists(os.path.join(includedir, "wenc", "wenc.h")):
            print("not ok 1 - no wenc/wenc.h in %s" % includedir)
            sys.exit(1)
        if mode == "cmake":
            for f in ("wencConfig.cmake", "wencConfigVersion.cmake"):
                if not os.path.exists(os.path.join(libdir, "cmake", "wenc", f)):
                    print("not ok 1 - %s not installed in %s/cmake/wenc" % (f, libdir))
                    sys.exit(1)
            check_cmake(tool, cc, src, root, libdir, opt, tmp)
        else:
            check_pkgconfig(tool, cc, src, root, libdir, opt, tmp)


main()
