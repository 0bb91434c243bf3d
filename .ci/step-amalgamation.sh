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
#      20 s of CPU; its warnings do not depend on the optimiser);
#   2. Meson with -Damalgamation=true (libwenc built from the pair) runs
#      suites unit, conformance and stream: with gcc under the default
#      kernel set (tier 'long' too: conformance decode and encode) and
#      WENC_SIMD=scalar (the default tier), with clang under the default
#      set (the default tier);
#   3. CMake builds and runs tests/consumer-cmake/consumer.c three ways
#      (tests/consumer-vendored): the pair vendored with
#      add_library(wenc STATIC wenc.c), FetchContent_Declare(SOURCE_DIR)
#      and add_subdirectory of this tree; and the README's plain-Makefile
#      recipe builds it once more.
#
# INDEX_DIR names the standard's index files (default
# ../shared/whatwg-encoding when it exists); without them the tests that
# need them report SKIP.  Builds into build-ci/amalgamation.
set -eu
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
for cc in gcc clang; do
    for profile in default small nosimd nosimd-small; do
        case $profile in
        default) defs="" ;;
        small) defs="-DWENC_TABLES_SMALL" ;;
        nosimd) defs="-DWENC_NO_SIMD" ;;
        nosimd-small) defs="-DWENC_NO_SIMD -DWENC_TABLES_SMALL" ;;
        esac
        o="$out/wenc-$cc-$profile.o"
        if [ "$cc" = clang ] && [ "$profile" != default ]; then
            # shellcheck disable=SC2086
            $cc -std=c11 -O2 -Wall -Wextra -pedantic -Werror $defs -fsyntax-only "$pair/wenc.c"
            echo "$cc $profile ($defs): no warning (-fsyntax-only)"
            continue
        fi
        # shellcheck disable=SC2086
        $cc -std=c11 -O2 -Wall -Wextra -pedantic -Werror $defs -c "$pair/wenc.c" -o "$o"
        # text + data + bss of the object (what a program links).
        echo "$cc $profile ($defs): $(size "$o" | awk 'NR == 2 { print $4 }') bytes linked"
    done
done

echo "== 2. the suites against the pair"
for cc in gcc clang; do
    b="$out/meson-$cc"
    # shellcheck disable=SC2086
    CC=$cc meson setup "$b" -Damalgamation=true --werror -Dbenchmarks=false $index_opt >/dev/null
    meson compile -C "$b" >/dev/null
    sets="default scalar"
    [ "$cc" = clang ] && sets=default
    for set in $sets; do
        echo "-- $cc, kernel set: $set"
        # gcc's default set also runs tier 'long' (conformance decode and
        # encode, the sweeps of every decoder and encoder).
        setup=""
        [ "$cc$set" = gccdefault ] && setup="--setup long"
        [ "$set" = scalar ] && setup="--setup simd_scalar"
        # shellcheck disable=SC2086
        if meson test -C "$b" $setup --suite unit --suite conformance --suite stream \
                --print-errorlogs >"$b/test-$set.log" 2>&1; then
            sed -n '/^Ok:/,/^Timeout:/p' "$b/test-$set.log"
        else
            cat "$b/test-$set.log"
            echo "step-amalgamation: $cc $set: tests failed" >&2
            exit 1
        fi
    done
done

echo "== 3. CMake and make consumers"
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
mkdir -p "$out/make"
cat >"$out/make/Makefile" <<MAKE
CFLAGS = -std=c11 -O2
consumer: consumer.o wenc.o
	\$(CC) -o \$@ consumer.o wenc.o
wenc.o: $pair/wenc.c $pair/wenc.h
	\$(CC) \$(CFLAGS) -c $pair/wenc.c -o \$@
consumer.o: $root/tests/consumer-cmake/consumer.c $pair/wenc.h
	\$(CC) \$(CFLAGS) -I$out/pair -c $root/tests/consumer-cmake/consumer.c -o \$@
MAKE
make -s -C "$out/make" >/dev/null
printf 'make: '
"$out/make/consumer"
echo "step-amalgamation: OK"
