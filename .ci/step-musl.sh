#!/bin/sh
# .ci/step-musl.sh -- musl's C library (Debian's musl-tools: musl-gcc),
# static: a release build with --werror of the library, the tool and the
# tests, linked -static, and the unit suite (natively, whole).  Not the
# benchmarks: ICU, found through pkg-config, is built for glibc; nor the
# integrations, for the same reason (Expat and libxml2 are glibc's).
cd "$(dirname "$0")/.."
. .ci/platform-common.sh
need musl-gcc musl-tools
need file file
export CC=musl-gcc
configure musl -Ddefault_library=static -Dc_link_args=-static -Dbenchmarks=false \
    -Dexpat=disabled -Dlibxml2=disabled
# Every test program is a static musl executable (no dynamic section).
file build-ci/musl/tests/unit/test-utf8 | grep -q 'statically linked' ||
    { file build-ci/musl/tests/unit/test-utf8; exit 1; }
meson test -C build-ci/musl --print-errorlogs --num-processes 2 --suite unit
echo "musl: done in $(elapsed)"
