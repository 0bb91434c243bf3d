# .ci/platform-common.sh -- what the platform steps share (sourced by
# .ci/step-windows.sh, step-i686.sh, step-s390x.sh and step-musl.sh; run
# from the repository root): installing Debian packages, a fresh release
# build with --werror into build-ci/<name>, and running some of its tests.
# INDEX_DIR overrides where the standard's index files are (default
# ../shared/whatwg-encoding; without them the tests that need them SKIP).
set -eu
START=$(date +%s)
INDEX_DIR=${INDEX_DIR:-../shared/whatwg-encoding}
INDEX_OPT=""
[ -d "$INDEX_DIR" ] && INDEX_OPT="-Dindex_dir=$(cd "$INDEX_DIR" && pwd)"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo -n"

# need COMMAND PACKAGE...: installs the packages when COMMAND is missing
# (as root, or through sudo; apt-get update has run).
need() {
    command -v "$1" >/dev/null 2>&1 && return 0
    cmd=$1
    shift
    echo "installing $*"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
    command -v "$cmd" >/dev/null 2>&1 || { echo "missing: $cmd" >&2; exit 1; }
}

# configure NAME [meson options...]: a fresh release build in
# build-ci/NAME, compiled; its logs are shown only on failure.
configure() {
    name=$1
    shift
    mkdir -p build-ci
    rm -rf "build-ci/$name"
    # shellcheck disable=SC2086
    meson setup "build-ci/$name" $INDEX_OPT --werror --buildtype=release "$@" \
        >"build-ci/$name.setup.log" 2>&1 || { cat "build-ci/$name.setup.log"; exit 1; }
    meson compile -C "build-ci/$name" >"build-ci/$name.compile.log" 2>&1 ||
        { cat "build-ci/$name.compile.log"; exit 1; }
    echo "built build-ci/$name in $(elapsed)"
}

# tests_of NAME SUITE... -- -e PATTERN...: the names of build-ci/NAME's tests
# in the suites but those matching a PATTERN (whole names).
tests_of() {
    name=$1
    shift
    suites=""
    while [ "$1" != "--" ]; do
        suites="$suites --suite $1"
        shift
    done
    shift
    # shellcheck disable=SC2086
    meson test -C "build-ci/$name" --list $suites 2>/dev/null | sed -n 's/^[^ ]* \/ //p' |
        grep -v -x "$@"
}

elapsed() {
    s=$(($(date +%s) - START))
    printf '%dm%02ds' $((s / 60)) $((s % 60))
}

# emulated NAME CROSS_FILE [TEST...]: the qemu-user steps (.ci/step-i686.sh,
# .ci/step-s390x.sh): a release build with --werror (library, tool, tests;
# not the benchmarks, which CI never runs) and suites unit, stream, cli,
# examples and conformance but, reduced under emulation (10-20x slower;
# each runs natively in every other build):
#   utf8-exhaustive        every 4-byte sequence (10 minutes under qemu)
#   decode, encode, encode-nopext  the sweeps of every decoder and encoder
#                          (6 CPU minutes each under qemu)
# and not suite meta (it runs host tools: meson, cmake, nm); then the TESTs
# named (--setup full: they may be in suite 'slow').
emulated() {
    name=$1
    cross=$2
    shift 2
    configure "$name" --cross-file "$cross" -Dbenchmarks=false
    tests=$(tests_of "$name" unit stream cli examples conformance -- \
        -e utf8-exhaustive -e decode -e encode -e encode-nopext)
    # shellcheck disable=SC2086
    meson test -C "build-ci/$name" --setup full --print-errorlogs --num-processes 2 \
        --timeout-multiplier 4 $tests "$@"
    echo "$name: done in $(elapsed)"
}
