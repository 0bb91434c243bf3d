#!/bin/sh
# Build step for -Dfetch_indexes=true: generates the table sources into
# OUTDIR, flat, from SPEC_DIR, the standard's files as the whatwg-encoding
# wrap fetched them (subprojects/whatwg-encoding.wrap, each file's SHA-256
# checked at configure time), and the build compiles them instead of the
# committed ones.  The public header include/wenc/encodings.h is not
# regenerated at build time: if the standard's list of encodings changed,
# this fails and asks for `meson compile -C build regen` and a commit.
#
# Usage: generate-fetched.sh OUTDIR SPEC_DIR COMMITTED_ENCODINGS_H
set -eu
out=$1
spec=$2
committed=$3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out/gen"
python3 "$here/gen-tables.py" "$spec" "$out/gen"
if ! cmp -s "$out/gen/include/wenc/encodings.h" "$committed"; then
    echo "generate-fetched: the standard's list of encodings changed;" \
         "run \`meson compile -C build regen\` and commit" >&2
    exit 1
fi
cp "$out/gen/indexes/"*.c "$out/gen/indexes/tables.h" "$out/"
