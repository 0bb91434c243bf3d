#!/bin/sh
# .ci/step-i686.sh -- 32-bit x86 Linux (ILP32: 32-bit size_t and long):
# Debian's cross compiler (tools/cross/i686-linux-gnu.ini), tests under
# qemu-user, reduced as .ci/platform-common.sh's emulated() says.  The
# scalar kernels only (src/simd builds the x86 kernels for x86-64).
cd "$(dirname "$0")/.."
. .ci/platform-common.sh
need i686-linux-gnu-gcc gcc-i686-linux-gnu libc6-dev-i386-cross
need qemu-i386 qemu-user
emulated i686 tools/cross/i686-linux-gnu.ini
