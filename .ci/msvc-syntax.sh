#!/bin/sh
# .ci/msvc-syntax.sh [BUILD] -- how far the library is from MSVC, without an
# MSVC: every library source (src/, indexes/) parsed (-fsyntax-only) by
# clang for the MSVC target (x86_64-pc-windows-msvc, -fms-compatibility:
# MSVC's type sizes, 32-bit long, _MSC_VER) against Wine's MSVCRT headers
# (Debian's libwine-dev), with -Werror -Wall.  BUILD (default
# build-ci/windows, .ci/step-windows.sh's) has the generated wenc_config.h
# and wenc/version.h.
#
# 1. The portable library, as -Dsimd=none builds it (both table profiles),
#    with the predefined macros MSVC has: no __clang__, __GNUC__ or
#    __SSE2__; and GCC's builtins and __attribute__ poisoned (each a call
#    to an undeclared function or a syntax error), so that one used outside
#    its defined(__GNUC__) || defined(__clang__) block fails here.
# 2. The library with the x86 kernels (-Dsimd=auto) with clang as it is and each
#    file's instruction-set flags (clang declares an intrinsic only under
#    its flag; MSVC declares all): MSVC's types and headers only.
#
# Not verified: the kernels' GCC builtins (__builtin_ctz, __builtin_cpu_supports
# and friends: an MSVC build needs -Dsimd=none, and src/simd/meson.build's
# GCC flags) and their __attribute__s, C11
# atomics (MSVC 17.5+ with /experimental:c11atomics), and anything only
# MSVC's own front end and code generator would reject.
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-build-ci/windows}
. .ci/platform-common.sh
need clang clang
MSVCRT=/usr/include/wine/wine/msvcrt
if [ ! -d "$MSVCRT" ]; then
    echo "installing libwine-dev"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        libwine-dev >/dev/null
fi

msvc() {
    clang --target=x86_64-pc-windows-msvc -fms-compatibility -fsyntax-only -std=c11 \
        -Werror -Wall -nostdlibinc -idirafter "$MSVCRT" -idirafter /usr/include/wine/wine/windows \
        -Iinclude -I"$BUILD/include" -Isrc -Iindexes -I"$BUILD/src" -DWENC__HAVE_CONFIG_H=1 "$@"
}

poison=""
for b in ctz ctzll popcount bswap32 expect unreachable cpu_supports cpu_init ia32_pext_si; do
    poison="$poison -D__builtin_$b=msvc_has_no___builtin_$b"
done
poison="$poison -D__attribute__(x)=msvc_has_no___attribute__"
n=0
# The table profile changes only the handlers (-Dtables=small).
# The library's sources but the kernels and the command-line tool.
lib=$(find src -name '*.c' ! -path 'src/simd/*' ! -path 'src/cli/*' | sort)
# The kernels' always-built files: every 'simd_sources [+]= files(...)' of
# src/simd/meson.build (the one list; tools/amalgamate reads it too).
portable_simd=$(awk '/simd_sources \+?= files\(/ { f = 1 }
    f { while (match($0, /'"'"'[^'"'"']+'"'"'/)) {
            print "src/simd/" substr($0, RSTART + 1, RLENGTH - 2)
            $0 = substr($0, RSTART + RLENGTH) } }
    /\)/ { f = 0 }' src/simd/meson.build)
# shellcheck disable=SC2086
for f in $lib $portable_simd indexes/*.c small src/handlers/*.c; do
    [ "$f" = small ] && { small=1; continue; }
    # shellcheck disable=SC2086
    msvc -U__clang__ -U__SSE2__ -U__SSE__ -U__SSE2_MATH__ -U__SSE_MATH__ $poison \
        -DWENC__TABLES_SMALL=${small:-0} "$f"
    n=$((n + 1))
done
# A set's flags, from its target string in src/simd/target.h (the one
# place they are written): isa_flags AVX2 gives -mavx2 -mbmi ...
isa_flags() {
    sed -n "s/^#define WENC__TARGET_$1 \"\([^\"]*\)\"\$/-m\1/p" src/simd/target.h | sed 's/,/ -m/g'
}
avx512=$(isa_flags AVX512)
# shellcheck disable=SC2086
for f in $lib $(find src/simd -name '*.c' | sort); do
    case $f in
    *_neon.c | *_tables.c) continue ;; # aarch64; data only
    *_sse41.c) isa=$(isa_flags SSE41) ;;
    *utf16_avx512.c | *latin1_avx512.c | *utf8_avx512.c) isa="$avx512 -mavx512vbmi2 -mavx512vbmi" ;; # their VBMI2 functions
    *_avx512.c) isa=$avx512 ;;
    *_avx2.c) isa=$(isa_flags AVX2) ;;
    *) isa="" ;;
    esac
    # shellcheck disable=SC2086
    msvc -DWENC__SIMD_X86=1 -DWENC__TABLES_SMALL=0 $isa "$f"
    n=$((n + 1))
done
echo "msvc-syntax: $n parses for x86_64-pc-windows-msvc without error or warning"
