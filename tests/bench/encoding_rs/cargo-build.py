#!/usr/bin/env python3
"""cargo-build.py -- builds wenc-bench's encoding_rs peer (tests/bench/README.md).

    cargo-build.py CARGO REGISTRY CRATE_DIR WORK_DIR OUTPUT.a

Copies the crate (Cargo.toml, src/lib.rs) from CRATE_DIR into WORK_DIR, so
that Cargo.lock and everything else cargo writes stay in the build
directory, writes a cargo config there that replaces crates.io with the
directory source REGISTRY (as Debian builds Rust packages: its
librust-*-dev packages install crate sources to /usr/share/cargo/registry),
runs `cargo build --release --offline` with CARGO_HOME and CARGO_TARGET_DIR
in WORK_DIR (never ~/.cargo), and copies the static library to OUTPUT.a.
"""
import os
import shutil
import subprocess
import sys


def copy_if_changed(src, dst):
    """Copies SRC to DST unless DST has the same bytes (cargo rebuilds on mtime)."""
    with open(src, "rb") as f:
        data = f.read()
    if os.path.exists(dst):
        with open(dst, "rb") as f:
            if f.read() == data:
                return
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with open(dst, "wb") as f:
        f.write(data)


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    cargo, registry, crate, work, output = sys.argv[1:]
    work = os.path.abspath(work)
    for name in ("Cargo.toml", os.path.join("src", "lib.rs")):
        copy_if_changed(os.path.join(crate, name), os.path.join(work, name))
    config = os.path.join(work, "cargo-config.toml")
    with open(config, "w") as f:
        f.write('[source.crates-io]\nreplace-with = "registry"\n'
                '[source.registry]\ndirectory = "%s"\n'
                "[net]\noffline = true\n" % os.path.abspath(registry).replace("\\", "/"))
    env = dict(os.environ, CARGO_HOME=os.path.join(work, "cargo-home"),
               CARGO_TARGET_DIR=os.path.join(work, "target"))
    subprocess.run([cargo, "--config", config, "build", "--release", "--offline", "--quiet",
                    "--manifest-path", os.path.join(work, "Cargo.toml")],
                   env=env, check=True)
    shutil.copyfile(os.path.join(work, "target", "release", "libwenc_bench_encoding_rs.a"),
                    output)


if __name__ == "__main__":
    main()
