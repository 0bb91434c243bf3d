#!/bin/sh
# .ci/step-s390x.sh -- s390x Linux, 64-bit big-endian: Debian's cross
# compiler (tools/cross/s390x-linux-gnu.ini), tests under qemu-user, reduced
# as .ci/platform-common.sh's emulated() says.  The only big-endian build:
# wenc_decoder_decode_to_utf16's host-order units, UTF-16BE/LE and every
# byte-order assumption; so it also runs decode-utf16, UTF-16BE and
# UTF-16LE's conformance sweeps whole (every unit x 14 unit classes in both
# orders, an odd byte after, 20000 random inputs each), and the scalar
# kernels (the only ones here) through kernels-utf16 and kernels-utf8.
cd "$(dirname "$0")/.."
. .ci/platform-common.sh
need s390x-linux-gnu-gcc gcc-s390x-linux-gnu libc6-dev-s390x-cross
need qemu-s390x qemu-user
emulated s390x tools/cross/s390x-linux-gnu.ini decode-utf16
