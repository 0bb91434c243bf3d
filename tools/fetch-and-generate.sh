#!/bin/sh
# Build step for -Dfetch_indexes=true: downloads the current index files
# (tools/fetch-indexes.sh) and generates the table sources from them into
# OUTDIR, flat, where the build compiles them instead of the committed ones.
# The public header include/wenc/encodings.h is not regenerated at build
# time: if the standard's list of encodings changed, this fails and asks for
# `meson compile -C build regen` and a commit.
#
# Usage: fetch-and-generate.sh OUTDIR COMMITTED_ENCODINGS_H
set -eu
out=$1
committed=$2
here=$(cd "$(dirname "$0")" && pwd)
sh "$here/fetch-indexes.sh" "$out/spec"
rm -rf "$out/gen"
python3 "$here/gen-tables.py" "$out/spec" "$out/gen"
if ! cmp -s "$out/gen/include/wenc/encodings.h" "$committed"; then
    echo "fetch-and-generate: the standard's list of encodings changed;" \
         "run \`meson compile -C build regen\` and commit" >&2
    exit 1
fi
cp "$out/gen/indexes/"*.c "$out/gen/indexes/tables.h" "$out/"
