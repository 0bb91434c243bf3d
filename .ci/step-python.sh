#!/bin/sh
# .ci/step-python.sh -- the Python package (python/, README.md "Python"): a
# clone of the tree (what a user checks out), the wheel built from it
# offline with Debian's Python and meson-python, installed into a venv made
# with --system-site-packages, then python/tests and the third-party suites
# of ../shared/python-suites (html5lib, tinycss2, w3lib, webencodings) with
# wenc.webencodings swapped in for webencodings (python/tests/shim).
# Without ../shared the suites are skipped (said below) and the tests that
# need the standard's files skip themselves.  About 100 s.
cd "$(dirname "$0")/.."
. .ci/platform-common.sh
ROOT=$(pwd)
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
"$PY" -c 'import mesonpy, pytest, venv' 2>/dev/null ||
    { echo "missing: python3-mesonpy, python3-pytest or python3-venv" >&2; exit 1; }
out="$ROOT/build-ci/python"
rm -rf "$out"
mkdir -p "$out"
git clone -q "$ROOT" "$out/src"
(cd "$out/src" && "$PY" -m pip wheel -q --no-build-isolation --no-deps --no-index \
    python/ -w "$out/wheel") >"$out/wheel.log" 2>&1 || { cat "$out/wheel.log"; exit 1; }
ls "$out"/wheel
"$PY" -m venv --system-site-packages "$out/venv"
"$out/venv/bin/pip" install -q --no-index --no-deps "$out"/wheel/wenc-*.whl
echo "python: wheel built and installed in $(elapsed)"

# pytest's status 5 is "no tests collected": a broken test folder, not a pass.
export PYTHONDONTWRITEBYTECODE=1
idx=""
[ -d "$INDEX_DIR" ] && idx=$(cd "$INDEX_DIR" && pwd)
status=0
(cd "$out" && WENC_INDEX_DIR="$idx" "$out/venv/bin/python" -m pytest -q -p no:cacheprovider -rs \
    "$out/src/python/tests") || status=$?
case $status in
0) ;;
5) echo "python/tests: no tests collected" >&2; exit 1 ;;
*) exit 1 ;;
esac

suites="$ROOT/../shared/python-suites"
if [ -f "$suites/run-suites.sh" ]; then
    # Expected: the totals of stock webencodings (the script prints them).
    PYTHON="$out/venv/bin/python" sh "$suites/run-suites.sh" "$out/src/python/tests/shim"
else
    echo "SKIP: third-party suites: no $suites (a checkout with ../shared beside it runs them)"
fi
echo "python: done in $(elapsed)"
