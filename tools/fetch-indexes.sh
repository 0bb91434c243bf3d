#!/bin/sh
# Downloads the Encoding Standard's data files (encodings.json, indexes.json,
# index-*.txt) at the revision pinned in subprojects/whatwg-encoding.wrap
# into DIR, checks each one's SHA-256 against the committed list
# subprojects/packagefiles/whatwg-encoding/SHA256SUMS (the files the tables
# in indexes/ were generated from), and refuses a file that differs, naming
# it.  Then checks that the table generator parses them.  Needs curl and
# network access; the build itself never does.
#
# Usage: tools/fetch-indexes.sh DIR
#        tools/gen-tables.py DIR .     # then regenerate the committed tables
#
# WENC_SPEC_URL replaces the base URL (default: the pinned revision's raw
# files on GitHub); any URL curl takes, file:// included.
#
# To move to a newer revision of the standard: change `revision` in the
# wrap, fetch with WENC_SPEC_URL naming that revision and WENC_NO_VERIFY=1,
# regenerate (`tools/gen-tables.py DIR .`), check the changes, and replace
# SHA256SUMS with `cd DIR && sha256sum encodings.json indexes.json
# index-*.txt` (keeping its comment).
set -eu
if [ $# -ne 1 ]; then
    echo "usage: $0 DIR" >&2
    exit 2
fi
dir=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
sums="$root/subprojects/packagefiles/whatwg-encoding/SHA256SUMS"
rev=$(sed -n 's/^revision *= *\([0-9a-f]*\).*/\1/p' "$root/subprojects/whatwg-encoding.wrap")
base=${WENC_SPEC_URL:-https://raw.githubusercontent.com/whatwg/encoding/$rev}

sha256() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$1" | cut -d ' ' -f 1
    else
        shasum -a 256 "$1" | cut -d ' ' -f 1
    fi
}

mkdir -p "$dir"
count=0
bad=0
# shellcheck disable=SC2013
for f in $(grep -v '^#' "$sums" | awk 'NF == 2 { print $2 }'); do
    want=$(grep -v '^#' "$sums" | awk -v f="$f" '$2 == f { print $1 }')
    curl --fail --silent --show-error --location --retry 3 --connect-timeout 20 \
        --max-time 300 -o "$dir/$f.part" "$base/$f" || { rm -f "$dir/$f.part"; exit 1; }
    got=$(sha256 "$dir/$f.part")
    if [ "${WENC_NO_VERIFY:-0}" != 1 ] && [ "$got" != "$want" ]; then
        echo "fetch-indexes: $f: SHA-256 $got, expected $want (revision $rev);" \
             "refusing it" >&2
        rm -f "$dir/$f.part"
        bad=$((bad + 1))
        continue
    fi
    mv "$dir/$f.part" "$dir/$f"
    count=$((count + 1))
done
if [ "$bad" -ne 0 ]; then
    echo "fetch-indexes: $bad file(s) did not match $sums; nothing generated from them" >&2
    exit 1
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
python3 "$here/gen-tables.py" "$dir" "$scratch" >/dev/null
echo "fetched $count files of revision $rev into $dir; their SHA-256 match and they parse"
