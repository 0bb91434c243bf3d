#!/bin/sh
# .ci/step-amalgamation.sh -- the two-file wenc (tools/amalgamate) and the
# CMake entry point (CMakeLists.txt), as a vendoring project takes them
# (README.md, "Vendoring").  From the repository root:
#
#   1. tools/amalgamate writes wenc.h and wenc.c; gcc compiles wenc.c with
#      -std=c11 -O2 -Wall -Wextra -pedantic -Werror and no other flag in
#      four profiles (default; small tables; no SIMD; both), printing the
#      sizes; clang compiles the default profile so and checks the other
#      three with -fsyntax-only (a -O2 compile of the 3.7 MB file takes
#      20 s of CPU; clang's warnings do not depend on the optimiser).  Two
#      compiles at a time: each is one process, and the machine has two
#      cores;
#   2. Meson with -Damalgamation=true (libwenc built from the pair, by
#      gcc) runs suites unit, conformance and stream, tier default, under
#      the default kernel set and with WENC_SIMD=scalar.  What they check
#      here is the concatenation (one translation unit: no static name or
#      macro of one file changing another's code); decode-vectors and
#      encode-vectors run every encoding.  Not tier 'long' nor clang: the
#      sweeps and the second compiler prove the same code again, as every
#      Meson build of .ci/run does, and took about 7 of this step's 23 minutes
#      in a local run (stop 50's CI took 86);
#   3. CMake builds and runs tests/consumer-cmake/consumer.c three ways
#      (tests/consumer-vendored): the pair vendored with
#      add_library(wenc STATIC wenc.c), FetchContent_Declare(SOURCE_DIR)
#      and add_subdirectory of this tree;
#   4. tests/meta/check-vendoring.py: a shared library vendoring the pair
#      with WENC_HIDDEN exports no wenc_ name, two copies with WENC_PREFIX
#      link into one program (three -O0 compiles, about 20 s of CPU), and
#      so do two Meson builds with -Dsymbol_prefix (--meson: two unoptimised
#      subset builds, about 40 s of CPU);
#   5. tests/meta/check-release.py: tools/release in a scratch clone makes
#      a tarball whose pair builds with `cc -std=c11 -O2 -c wenc.c` (one
#      -O2 compile, about 15 s of CPU);
#   6. tests/meta/check-recipes.py: README.md's vendoring recipes (the
#      amalgamate line, the Makefile, CMake with the pair and with
#      FetchContent) run as written in a scratch folder (one -O2 compile
#      beside two CMake builds, about 25 s of CPU).
#
# INDEX_DIR names the standard's index files (default
# ../shared/whatwg-encoding when it exists); without them the tests that
# need them report SKIP.  Builds into build-ci/amalgamation.
set -eu
START=$(date +%s)
elapsed() {
    t=$(($(date +%s) - START))
    printf '%dm%02ds' $((t / 60)) $((t % 60))
}
need=""
command -v gcc >/dev/null 2>&1 || need="$need gcc"
command -v clang >/dev/null 2>&1 || need="$need clang"
command -v cmake >/dev/null 2>&1 || need="$need cmake"
command -v ninja >/dev/null 2>&1 || need="$need ninja-build"
command -v meson >/dev/null 2>&1 || need="$need meson"
command -v make >/dev/null 2>&1 || need="$need make"
command -v python3 >/dev/null 2>&1 || need="$need python3"
if [ -n "$need" ]; then
    # shellcheck disable=SC2086
    apt-get install -y -qq $need >/dev/null
fi

root=$(pwd)
out="$root/build-ci/amalgamation"
rm -rf "$out"
mkdir -p "$out/pair/wenc"
index_dir=${INDEX_DIR:-}
if [ -z "$index_dir" ] && [ -d ../shared/whatwg-encoding ]; then
    index_dir=$(cd ../shared/whatwg-encoding && pwd)
fi
index_opt=""
[ -n "$index_dir" ] && index_opt="-Dindex_dir=$index_dir"

echo "== 1. the pair"
python3 tools/amalgamate "$out/pair/wenc"
pair="$out/pair/wenc"
echo "wenc.h: $(wc -l <"$pair/wenc.h") lines, $(wc -c <"$pair/wenc.h") bytes"
echo "wenc.c: $(wc -l <"$pair/wenc.c") lines, $(wc -c <"$pair/wenc.c") bytes"
# compile CC PROFILE...: wenc.c in each profile (clang parses all but the
# default profile), one line each.  Called in a list (`|| status=1`), where
# sh ignores set -e: each compiler's failure returns by hand.
compile() {
    cc=$1
    shift
    for profile in "$@"; do
        case $profile in
        default) defs="" ;;
        small) defs="-DWENC_TABLES_SMALL" ;;
        nosimd) defs="-DWENC_NO_SIMD" ;;
        nosimd-small) defs="-DWENC_NO_SIMD -DWENC_TABLES_SMALL" ;;
        esac
        o="$out/wenc-$cc-$profile.o"
        if [ "$cc" = clang ] && [ "$profile" != default ]; then
            # shellcheck disable=SC2086
            $cc -std=c11 -O2 -Wall -Wextra -pedantic -Werror $defs -fsyntax-only "$pair/wenc.c" || return 1
            echo "$cc $profile ($defs): no warning (-fsyntax-only)"
            continue
        fi
        # shellcheck disable=SC2086
        $cc -std=c11 -O2 -Wall -Wextra -pedantic -Werror $defs -c "$pair/wenc.c" -o "$o" || return 1
        # text + data + bss of the object (what a program links).
        echo "$cc $profile ($defs): $(size "$o" | awk 'NR == 2 { print $4 }') bytes linked"
    done
}
# Two at a time, their output in order; a failure fails the step.
for two in "gcc default:gcc small" "gcc nosimd:gcc nosimd-small" \
    "clang default:clang small nosimd nosimd-small"; do
    status=0
    # shellcheck disable=SC2086
    compile ${two%%:*} >"$out/compile-1.log" 2>&1 &
    pid=$!
    # shellcheck disable=SC2086
    compile ${two#*:} >"$out/compile-2.log" 2>&1 || status=1
    wait "$pid" || status=1
    cat "$out/compile-1.log" "$out/compile-2.log"
    [ "$status" -eq 0 ] || { echo "step-amalgamation: a compile failed" >&2; exit 1; }
done
echo "(compiled in $(elapsed))"

echo "== 2. the suites against the pair"
b="$out/meson-gcc"
# shellcheck disable=SC2086
CC=gcc meson setup "$b" -Damalgamation=true --werror -Dbenchmarks=false $index_opt >/dev/null
meson compile -C "$b" >/dev/null
for set in default scalar; do
    setup=""
    [ "$set" = scalar ] && setup="--setup simd_scalar"
    echo "-- gcc, kernel set: $set, tier default"
    # --no-rebuild: the build regenerates the pair (and recompiles
    # wenc.c) whenever ninja runs, and meson compile just ran it.  Naming
    # suites lifts a setup's exclusions, hence --no-suite long.
    # shellcheck disable=SC2086
    if meson test -C "$b" --no-rebuild $setup --suite unit --suite conformance \
            --suite stream --no-suite long --print-errorlogs >"$b/test-$set.log" 2>&1; then
        sed -n '/^Ok:/,/^Timeout:/p' "$b/test-$set.log"
        echo "(at $(elapsed))"
    else
        cat "$b/test-$set.log"
        echo "step-amalgamation: gcc $set: tests failed" >&2
        exit 1
    fi
done

echo "== 3. CMake consumers (the README's Makefile recipe: section 6)"
for how in vendored fetch subdir; do
    if [ "$how" = vendored ]; then
        set -- -DWENC_VENDORED="$out/pair"
    else
        set -- -DWENC_SOURCE_DIR="$root" -DWENC_HOW="$how"
    fi
    cmake -S tests/consumer-vendored -B "$out/cmake-$how" -G Ninja "$@" >/dev/null
    cmake --build "$out/cmake-$how" >/dev/null
    printf '%s: ' "$how"
    "$out/cmake-$how/consumer"
done
# Sections 4 to 6 are independent: the release check (one process, most
# of its time a single -O2 compile) runs beside the other two.
python3 tests/meta/check-release.py "$root" gcc >"$out/release.log" 2>&1 &
release_pid=$!
echo "== 4. vendoring checks (tests/meta/check-vendoring.py)"
python3 tests/meta/check-vendoring.py "$pair" gcc --meson >"$out/vendoring.log" 2>&1 ||
    { cat "$out/vendoring.log"; echo "step-amalgamation: vendoring checks failed" >&2; exit 1; }
grep -c '^ok' "$out/vendoring.log" | sed 's/$/ vendoring checks passed/'
echo "== 6. the README's vendoring recipes as written (tests/meta/check-recipes.py)"
python3 tests/meta/check-recipes.py "$root" >"$out/recipes.log" 2>&1 ||
    { cat "$out/recipes.log"; echo "step-amalgamation: a README recipe failed" >&2; exit 1; }
grep -c '^ok' "$out/recipes.log" | sed 's/$/ recipe checks passed/'
echo "== 5. tools/release in a scratch clone (tests/meta/check-release.py)"
wait "$release_pid" ||
    { cat "$out/release.log"; echo "step-amalgamation: release check failed" >&2; exit 1; }
grep -c '^ok' "$out/release.log" | sed 's/$/ release checks passed/'
grep 'SKIP\|stamped with' "$out/release.log" | sed 's/^ok [0-9]* - //'
echo "step-amalgamation: OK in $(elapsed)"
