#!/bin/sh
# Downloads the Encoding Standard's index files, encodings.json and
# indexes.json from https://encoding.spec.whatwg.org/ into DIR, then checks
# that the table generator can parse them (by generating into a scratch
# folder).  Needs curl and network access; the build itself never does.
#
# Usage: tools/fetch-indexes.sh DIR
#        tools/gen-tables.py DIR .     # then regenerate the committed tables
set -eu
if [ $# -ne 1 ]; then
    echo "usage: $0 DIR" >&2
    exit 2
fi
dir=$1
base=${WENC_SPEC_URL:-https://encoding.spec.whatwg.org}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
files="encodings.json indexes.json
index-big5.txt index-euc-kr.txt index-gb18030.txt index-gb18030-ranges.txt
index-iso-2022-jp-katakana.txt index-jis0208.txt index-jis0212.txt
index-ibm866.txt index-iso-8859-2.txt index-iso-8859-3.txt index-iso-8859-4.txt
index-iso-8859-5.txt index-iso-8859-6.txt index-iso-8859-7.txt index-iso-8859-8.txt
index-iso-8859-10.txt index-iso-8859-13.txt index-iso-8859-14.txt
index-iso-8859-15.txt index-iso-8859-16.txt index-koi8-r.txt index-koi8-u.txt
index-macintosh.txt index-windows-874.txt index-windows-1250.txt
index-windows-1251.txt index-windows-1252.txt index-windows-1253.txt
index-windows-1254.txt index-windows-1255.txt index-windows-1256.txt
index-windows-1257.txt index-windows-1258.txt index-x-mac-cyrillic.txt"
for f in $files; do
    curl --fail --silent --show-error --location --retry 3 -o "$dir/$f.part" "$base/$f"
    mv "$dir/$f.part" "$dir/$f"
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
python3 "$here/gen-tables.py" "$dir" "$scratch"
echo "fetched $(echo $files | wc -w) files into $dir; they parse"
