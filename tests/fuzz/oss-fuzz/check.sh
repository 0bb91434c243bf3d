#!/bin/sh
# check.sh -- tests build.sh as OSS-Fuzz would run it: libFuzzer, ASan and
# UBSan, a temporary $OUT and $WORK; then checks what it produced (a
# fuzzer, a seed corpus zip and an options file for every target of
# tests/fuzz/meson.build, the dictionaries the options name) and runs each
# fuzzer for SECONDS (default 5) on its unpacked seed corpus.  Run by
# .ci/run (step fuzz).  Needs clang with libFuzzer, zip and unzip (or
# python3 for unpacking).
#
#   tests/fuzz/oss-fuzz/check.sh [SECONDS]
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
seconds=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$tmp/out" "$tmp/work"

# The flags OSS-Fuzz's base-builder gives an ASan+UBSan libFuzzer build
# (abridged: no -gline-tables-only tuning, same sanitizers).
CC=${CC:-clang} CXX=${CXX:-clang++} \
CFLAGS="-O1 -fno-omit-frame-pointer -g -fsanitize=address,undefined -fsanitize-address-use-after-scope -fno-sanitize-recover=all -fsanitize=fuzzer-no-link" \
CXXFLAGS="-O1 -fno-omit-frame-pointer -g -fsanitize=address,undefined -fno-sanitize-recover=all" \
LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT="$tmp/out" WORK="$tmp/work" \
WENC_INDEX_DIR=${INDEX_DIR:-} \
    "$root/tests/fuzz/oss-fuzz/build.sh"

# Every target meson builds (tests/fuzz/meson.build's fuzz_targets) is there.
listed=$(sed -n "s/^fuzz_targets = \[\(.*\)\]/\1/p" "$root/tests/fuzz/meson.build" | tr -d "'" | tr ',' ' ')
[ -n "$listed" ] || { echo "check.sh: no fuzz_targets list in tests/fuzz/meson.build" >&2; exit 1; }
failed=""
for t in $listed; do
    for f in "fuzz-$t" "fuzz-${t}_seed_corpus.zip" "fuzz-$t.options"; do
        [ -s "$tmp/out/$f" ] || { echo "check.sh: build.sh made no $f" >&2; failed="$failed $f"; }
    done
done
[ -z "$failed" ] || exit 1

unpack() { # ZIP DIR
    if command -v unzip >/dev/null 2>&1; then
        unzip -q -o "$1" -d "$2"
    else
        python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$1" "$2"
    fi
}

status=0
for exe in "$tmp/out"/fuzz-*; do
    case $exe in *.zip | *.dict | *.options) continue ;; esac
    [ -x "$exe" ] || continue
    t=${exe##*/}
    seeds="$tmp/seeds/$t"
    mkdir -p "$seeds" "$tmp/run/$t"
    unpack "$exe"_seed_corpus.zip "$seeds"
    dict=$(sed -n 's/^dict = //p' "$exe.options")
    if [ -n "$dict" ] && [ ! -s "$tmp/out/$dict" ]; then
        echo "check.sh: $t.options names $dict, which is not in \$OUT" >&2
        status=1
    fi
    # The options file's libFuzzer flags, as the service passes them.
    flags=$(sed -n 's/^\([a-z_]*\) = \(.*\)$/-\1=\2/p' "$exe.options" |
            sed "s|^-dict=|-dict=$tmp/out/|")
    log="$tmp/$t.log"
    # shellcheck disable=SC2086
    if (cd "$tmp/out" && "$exe" "$tmp/run/$t" "$seeds" $flags -max_total_time="$seconds" \
            -timeout=20 -rss_limit_mb=2560 -print_final_stats=1 -close_fd_mask=1 \
            -artifact_prefix="$tmp/$t-" >"$log" 2>&1); then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
        echo "check.sh: $t ok, ${runs:-?} executions in $seconds s"
    else
        echo "check.sh: $t FAILED; last lines of its log:" >&2
        tail -n 40 "$log" >&2
        status=1
    fi
done
exit $status
