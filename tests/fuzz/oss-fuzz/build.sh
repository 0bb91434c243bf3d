#!/bin/bash -eu
# build.sh -- builds wenc's fuzz targets the way OSS-Fuzz builds a project
# (https://google.github.io/oss-fuzz/getting-started/new-project-guide/):
# with the service's $CC, $CFLAGS, $CXX, $CXXFLAGS and $LIB_FUZZING_ENGINE,
# into $OUT.  For each target T (every tests/fuzz/*.c that defines
# LLVMFuzzerTestOneInput, so a new target needs no change here) it writes
#   $OUT/fuzz-T                    the fuzzer
#   $OUT/fuzz-T_seed_corpus.zip    tests/fuzz/corpus/T and regress/T
#   $OUT/fuzz-T.dict               tests/fuzz/dict/T.dict, if there is one
#   $OUT/fuzz-T.options            libFuzzer options (the dictionary, max_len)
# and, when $WENC_INDEX_DIR names the standard's index files (the Dockerfile
# clones whatwg/encoding at the revision of indexes/REVISION.md), copies
# them to $OUT/wenc-indexes, where the targets find them at run time and
# compare the library with the reference model (docs/fuzzing.md).
#
# Plain compiler calls, no Meson: the library is C11 with no dependency.
# The library is instrumented with $CFLAGS (coverage for the fuzzing
# engine); the harness and the reference model get $CFLAGS without
# -fsanitize=fuzzer-no-link, so the engine is guided by the library alone
# (as in tests/fuzz/meson.build).  $SRC/wenc is the checkout, or the tree
# this script is in.  CI runs it with libFuzzer: tests/fuzz/oss-fuzz/check.sh.
ROOT=${WENC_SRC:-$(cd "$(dirname "$0")/../../.." && pwd)}
: "${CC:?}" "${OUT:?}" "${LIB_FUZZING_ENGINE:?}"
CXX=${CXX:-clang++}
CFLAGS=${CFLAGS:-}
CXXFLAGS=${CXXFLAGS:-}
WORK=${WORK:-$(mktemp -d)}
build="$WORK/wenc-oss-fuzz"
rm -rf "$build"
mkdir -p "$build/obj" "$build/include/wenc" "$OUT"

# include/wenc/version.h, as include/wenc/meson.build configures it (no
# symbol prefix: the block that would include wenc/prefix.h is empty).
version=$(sed -n "s/^ *version: *'\([0-9.]*\)'.*/\1/p" "$ROOT/meson.build" | head -n 1)
IFS=. read -r major minor patch <<<"$version"
sed -e "s/@WENC_VERSION_MAJOR@/$major/" -e "s/@WENC_VERSION_MINOR@/$minor/" \
    -e "s/@WENC_VERSION_PATCH@/$patch/" -e "s/@WENC_VERSION@/$version/" \
    -e "s/@WENC_VERSION_COMMIT@/$(python3 "$ROOT/tools/describe.py" "$ROOT")/" \
    -e "s/@WENC_PREFIX_BLOCK@//" \
    "$ROOT/include/wenc/version.h.in" >"$build/include/wenc/version.h"

harness_cflags=${CFLAGS//-fsanitize=fuzzer-no-link/}
inc=(-I"$build/include" -I"$ROOT/include" -I"$ROOT/src" -I"$ROOT/indexes")

# The kernels (src/simd/meson.build), as with -Dsimd=auto: the scalar ones
# and the dispatch always, and per instruction set its files with its flags
# (src/simd/isa.h tells the sources which families are built).  The
# always-built files are read from src/simd/meson.build's simd_sources
# lists (the one list; tools/amalgamate reads them too), the baseline's
# *_sse2.c or *_neon.c by name, so that a new kernel needs no edit here.
# Files of src/simd (in any family folder) whose names match PATTERN.
simd_files() { find "$ROOT/src/simd" -name "$1" | sort; }
# The names quoted in every 'simd_sources [+]= files(...)' of src/simd/meson.build.
simd_always() {
    awk -v root="$ROOT" '/simd_sources \+?= files\(/ { f = 1 }
        f { while (match($0, /'"'"'[^'"'"']+'"'"'/)) {
                print root "/src/simd/" substr($0, RSTART + 1, RLENGTH - 2)
                $0 = substr($0, RSTART + RLENGTH) } }
        /\)/ { f = 0 }' "$ROOT/src/simd/meson.build"
}
mapfile -t simd < <(simd_always)
declare -A isa_flags=()
case "$($CC -dumpmachine)" in
x86_64*)
    mapfile -t -O "${#simd[@]}" simd < <(simd_files '*_sse2.c') # the x86-64 baseline
    # Each set's flags from its target string in src/simd/target.h, the
    # one place they are written (src/simd/meson.build reads it too):
    # '#define WENC__TARGET_AVX2 "avx2,bmi,..."' gives -mavx2 -mbmi ...
    while read -r isa features; do
        isa_flags[$isa]="-m${features//,/ -m}"
    done < <(sed -n 's/^#define WENC__TARGET_\([A-Z0-9]*\) "\([^"]*\)"$/\L\1\E \2/p' \
        "$ROOT/src/simd/target.h") ;;
aarch64*)
    mapfile -t -O "${#simd[@]}" simd < <(simd_files '*_neon.c') ;; # the aarch64 baseline
esac

# The library: every source of src/ but the kernels and the command-line
# tool (src/meson.build builds the same set) and the generated tables.
objs=()
mapfile -t lib < <(find "$ROOT/src" -name '*.c' ! -path "$ROOT/src/simd/*" ! -path "$ROOT/src/cli/*" | sort)
for f in "${lib[@]}" "$ROOT"/indexes/*.c; do
    o="$build/obj/lib-$(basename "$(dirname "$f")")-$(basename "$f" .c).o"
    # shellcheck disable=SC2086
    $CC $CFLAGS -std=c11 "${inc[@]}" -c "$f" -o "$o"
    objs+=("$o")
done
for f in "${simd[@]}"; do
    o="$build/obj/simd-$(basename "$f" .c).o"
    # shellcheck disable=SC2086
    $CC $CFLAGS -std=c11 "${inc[@]}" -c "$f" -o "$o"
    objs+=("$o")
done
for isa in "${!isa_flags[@]}"; do
    for f in $(simd_files "*_$isa.c"); do
        o="$build/obj/simd-$(basename "$f" .c).o"
        # shellcheck disable=SC2086
        $CC $CFLAGS ${isa_flags[$isa]} -std=c11 "${inc[@]}" -c "$f" -o "$o"
        objs+=("$o")
    done
done
ar rcs "$build/libwenc-fuzz.a" "${objs[@]}"

# The shared harness and the reference model.
# shellcheck disable=SC2086
$CC $harness_cflags -std=c11 "${inc[@]}" -I"$ROOT/tests/support" \
    -c "$ROOT/tests/fuzz/fuzz-common.c" -o "$build/obj/fuzz-common.o"
# shellcheck disable=SC2086
$CC $harness_cflags -std=c11 -I"$ROOT/tests/support" \
    -c "$ROOT/tests/support/ref.c" -o "$build/obj/ref.o"

targets=()
for f in "$ROOT"/tests/fuzz/*.c; do
    grep -q '^int LLVMFuzzerTestOneInput' "$f" && targets+=("$(basename "$f" .c)")
done
[ ${#targets[@]} -gt 0 ] || { echo "build.sh: no fuzz targets in $ROOT/tests/fuzz" >&2; exit 1; }

for t in "${targets[@]}"; do
    # shellcheck disable=SC2086
    $CC $harness_cflags -std=c11 "${inc[@]}" -I"$ROOT/tests/support" \
        -c "$ROOT/tests/fuzz/$t.c" -o "$build/obj/target-$t.o"
    # Linked by the C++ compiler: the fuzzing engine is C++.
    # shellcheck disable=SC2086
    $CXX $CXXFLAGS "$build/obj/target-$t.o" "$build/obj/fuzz-common.o" "$build/obj/ref.o" \
        "$build/libwenc-fuzz.a" $LIB_FUZZING_ENGINE -o "$OUT/fuzz-$t"

    rm -f "$OUT/fuzz-${t}_seed_corpus.zip"
    seeds=()
    for d in corpus regress; do
        for s in "$ROOT/tests/fuzz/$d/$t"/*; do
            [ -f "$s" ] && [ "$(basename "$s")" != .gitkeep ] && seeds+=("$s")
        done
    done
    if [ ${#seeds[@]} -gt 0 ]; then
        # -j: flat; regress/ and corpus/ names never clash (hashes, or
        # names saying what they catch), and zip would refuse a clash.
        printf '%s\n' "${seeds[@]}" | zip -q -j -@ "$OUT/fuzz-${t}_seed_corpus.zip"
    fi
    {
        echo "[libfuzzer]"
        if [ -f "$ROOT/tests/fuzz/dict/$t.dict" ]; then
            cp "$ROOT/tests/fuzz/dict/$t.dict" "$OUT/fuzz-$t.dict"
            echo "dict = fuzz-$t.dict"
        fi
        # The corpus inputs are at most a few KB; longer ones only slow
        # the targets down (their checks are linear or worse in the length).
        echo "max_len = 4096"
    } >"$OUT/fuzz-$t.options"
    echo "build.sh: fuzz-$t (${#seeds[@]} seeds)"
done

if [ -n "${WENC_INDEX_DIR:-}" ] && [ -f "$WENC_INDEX_DIR/encodings.json" ]; then
    mkdir -p "$OUT/wenc-indexes"
    cp "$WENC_INDEX_DIR"/index-*.txt "$WENC_INDEX_DIR/encodings.json" "$OUT/wenc-indexes/"
    echo "build.sh: index files for the reference model in $OUT/wenc-indexes"
fi
