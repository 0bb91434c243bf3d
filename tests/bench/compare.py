#!/usr/bin/env python3
"""compare.py -- wenc-bench CSV files: re-run the baseline command, summarise
one file, or compare two (before/after).  Python 3 standard library only.

    tests/bench/compare.py run BUILD_DIR OUT.csv [CORPUS_DIR]
        Runs the exact command of tests/bench/results/README.md with
        BUILD_DIR's wenc-bench (pinned to core 1 with taskset if present).
    tests/bench/compare.py summary FILE.csv [--md]
        Geometric means per operation and input kind: MB/s (ns per call for
        the short inputs), wenc / memcpy, wenc / fastest peer, and wenc /
        encoding_rs when the file has that column (--md: as a Markdown table).
    tests/bench/compare.py diff BEFORE.csv AFTER.csv [--rows] [--match TEXT]
        Per operation and input kind: the geometric mean of AFTER / BEFORE
        (speed: above 1 is faster) and of both files' wenc / memcpy ratios;
        --rows also lists every row (--match keeps rows whose key contains
        TEXT).  Compare ratios to memcpy rather than MB/s when the two files
        come from different runs: the machine is shared and noisy.
    tests/bench/compare.py kernels BEFORE.csv PREFIX
        One Markdown table for every kernel set (issue 11): per operation
        and input kind, BEFORE's wenc / memcpy (short inputs: ns per call)
        and that of PREFIX-scalar.csv, -sse2, -sse41, -avx2, -avx512 and
        -neon (those that exist; rows of PREFIX-ISA-rerun.csv replace
        theirs), the best in bold, and the best one's wenc / fastest peer.
    tests/bench/compare.py simdutf PREFIX [--worst N]
        Issue 43's table: per operation and input kind, the geometric mean
        of wenc / simdutf (one process, simdutf forced to the kernel of the
        run's set) in PREFIX-avx512.csv, -avx2, -sse41, -sse2 and -scalar
        (those that exist; -ISA-rerun.csv rows replace theirs), then the N
        (default 8) worst single rows of each set.
"""
import csv
import math
import os
import shutil
import subprocess
import sys

# The baseline command (tests/bench/results/README.md): every UTF row and
# every legacy row, UTF-8 and UTF-16 forms, validation and short inputs.
BENCH_ARGS = ["-d", "decode", "-d", "encode", "-d", "utf8", "-d", "short",
              "-f", "utf8", "-f", "utf16", "-r", "7", "-t", "30", "--csv"]

UTF16 = ("UTF-16LE", "UTF-16BE")
FORM_NAMES = {"utf8": "UTF-8", "utf16": "UTF-16", "utf32": "UTF-32"}


def load(path):
    rows = {}
    with open(path, newline="") as f:
        # wenc-bench --csv ends with a "# tables: ..., profile P" line.
        for r in csv.DictReader(line for line in f if not line.startswith("#")):
            if not r.get("direction"):
                continue  # "skipped" lines
            key = (r["encoding"], r["direction"], r["form"], r["input"])
            rows[key] = r
    return rows


def num(r, field):
    v = r.get(field) or ""  # absent: an older file, or a short line
    try:
        x = float(v)
    except ValueError:
        return None
    return x if x > 0 else None


def kind_of(inp):
    """ascii, html, text, binary, or short/<size> for the short inputs."""
    if "/" in inp:
        return "short " + inp.split("/", 1)[1]
    return inp.split(":", 1)[0]


def operation(enc, direction, form):
    """The issue's name for the row's operation."""
    if enc == "UTF-8":
        return {
            ("utf8", "validate"): "UTF-8 validate",
            ("utf8", "dec-fatal"): "UTF-8 -> UTF-8 decode (fatal)",
            ("utf8", "valid-by-dec"): "UTF-8 validate by decoding",
            ("decode", "utf8"): "UTF-8 -> UTF-8 decode (replacement)",
            ("decode", "utf16"): "UTF-8 -> UTF-16 decode",
            ("textdec", "utf8"): "UTF-8 -> UTF-8 TextDecoder.decode",
            ("textdec", "utf16"): "UTF-8 -> UTF-16 TextDecoder.decode",
            ("encode", "utf8"): "UTF-8 -> UTF-8 encode",
            ("encode", "utf16"): "UTF-16 -> UTF-8 encode",
            ("decode", "utf32"): "UTF-8 -> UTF-32 decode",
            ("encode", "utf32"): "UTF-32 -> UTF-8 encode",
        }.get((direction, form), "UTF-8 %s/%s" % (direction, form))
    name = FORM_NAMES.get(form, form)
    if enc in UTF16:
        return "UTF-16LE/BE bytes -> %s" % name
    if enc == "x-user-defined":
        return "x-user-defined %s -> %s" % (direction, form)
    if direction == "decode":
        return "legacy decode -> %s" % name
    return "legacy encode <- %s" % name


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def fmt(x, digits=3):
    return "-" if x is None else "%.*f" % (digits, x)


def groups(rows):
    g = {}
    for key, r in rows.items():
        enc, direction, form, inp = key
        g.setdefault((operation(enc, direction, form), kind_of(inp)), []).append(key)
    return g


def order(k):
    op, kind = k
    short = kind.startswith("short")
    size = int(kind.split()[1].rstrip("B")) if short else 0
    return (short, op.startswith("legacy"), op, size, kind)


def summary(path, markdown=False):
    rows = load(path)
    g = groups(rows)
    # Files from before the encoding_rs peer have no such column.
    encrs = any(r.get("wenc_per_encoding_rs") is not None for r in rows.values())
    if markdown:
        print("| operation | input | rows | wenc MB/s (short: ns/call) | wenc / memcpy "
              "| wenc / fastest peer |%s fastest peer (rows) |"
              % (" wenc / encoding_rs |" if encrs else ""))
        print("|---|---|--:|--:|--:|--:|%s---|" % ("--:|" if encrs else ""))
    else:
        print("%-38s %-11s %4s %11s %9s %9s %s %s" % (
            "operation", "input", "n", "MB/s|ns", "/memcpy", "/peer",
            "%12s" % "/encoding_rs" if encrs else "", "fastest peer"))
    for k in sorted(g, key=order):
        keys = g[k]
        short = k[1].startswith("short")
        speed = geomean([num(rows[x], "wenc_ns" if short else "wenc_mbps") for x in keys])
        pm = geomean([num(rows[x], "wenc_per_memcpy") for x in keys])
        pp = geomean([num(rows[x], "wenc_per_peer") for x in keys])
        pe = geomean([num(rows[x], "wenc_per_encoding_rs") for x in keys])
        peers = {}
        for x in keys:
            if rows[x]["best_peer"]:
                peers[rows[x]["best_peer"]] = peers.get(rows[x]["best_peer"], 0) + 1
        who = ", ".join("%s %d" % (p, n) for p, n in sorted(peers.items()))
        speed_s = fmt(speed, 1) + (" ns" if short else "")
        if markdown:
            print("| %s | %s | %d | %s | %s | %s |%s %s |" % (
                k[0], k[1], len(keys), speed_s, fmt(pm), fmt(pp, 2),
                " %s |" % fmt(pe, 2) if encrs else "", who or "-"))
        else:
            print("%-38s %-11s %4d %11s %9s %9s %s %s" % (
                k[0], k[1], len(keys), speed_s, fmt(pm), fmt(pp, 2),
                "%12s" % fmt(pe, 2) if encrs else "", who))


def diff(before_path, after_path, show_rows, match):
    a, b = load(before_path), load(after_path)
    common = [k for k in a if k in b]
    if match:
        common = [k for k in common if match in ",".join(k)]
    print("%-38s %-11s %4s %12s %10s %10s" % ("operation", "input", "n", "after/before",
                                              "before/mc", "after/mc"))
    g = {}
    for k in common:
        g.setdefault((operation(k[0], k[1], k[2]), kind_of(k[3])), []).append(k)
    for gk in sorted(g, key=order):
        keys = g[gk]
        speedup = geomean([ratio(b[k], a[k]) for k in keys])
        print("%-38s %-11s %4d %12s %10s %10s" % (
            gk[0], gk[1], len(keys), fmt(speedup, 2),
            fmt(geomean([num(a[k], "wenc_per_memcpy") for k in keys])),
            fmt(geomean([num(b[k], "wenc_per_memcpy") for k in keys]))))
    if show_rows:
        print()
        print("%-14s %-20s %-13s %10s %10s %7s %9s %9s" % ("encoding", "direction/form", "input",
                                                           "before", "after", "speed", "bef/mc",
                                                           "aft/mc"))
        for k in sorted(common, key=lambda k: (k[3].count("/"), k)):
            short = "/" in k[3]
            field = "wenc_ns" if short else "wenc_mbps"
            unit = " ns" if short else ""
            print("%-14s %-20s %-13s %10s %10s %7s %9s %9s" % (
                k[0], k[1] + "/" + k[2], k[3], fmt(num(a[k], field), 1) + unit,
                fmt(num(b[k], field), 1) + unit, fmt(ratio(b[k], a[k]), 2),
                fmt(num(a[k], "wenc_per_memcpy")), fmt(num(b[k], "wenc_per_memcpy"))))
    missing = len(a) - len(common) if not match else 0
    if missing:
        print("\n(%d rows of %s are not in %s)" % (missing, before_path, after_path))


KERNEL_SETS = ("scalar", "sse2", "sse41", "avx2", "avx512", "neon")


def kernels(before_path, prefix):
    before = load(before_path)
    runs = {}
    for isa in KERNEL_SETS:
        if os.path.exists("%s-%s.csv" % (prefix, isa)):
            runs[isa] = load("%s-%s.csv" % (prefix, isa))
            if os.path.exists("%s-%s-rerun.csv" % (prefix, isa)):
                runs[isa].update(load("%s-%s-rerun.csv" % (prefix, isa)))
    if not runs:
        print("no %s-ISA.csv" % prefix, file=sys.stderr)
        return 2
    keys = {}
    for rows in runs.values():
        for k, ks in groups(rows).items():
            keys.setdefault(k, set()).update(ks)
    print("| operation | input | rows | before | %s | best / peer |" % " | ".join(runs))
    print("|---|---|--:|--:|%s--:|" % ("--:|" * len(runs)))
    for k in sorted(keys, key=order):
        short = k[1].startswith("short")
        field = "wenc_ns" if short else "wenc_per_memcpy"
        digits = 1 if short else 3

        def mean(rows, f=field):
            return geomean([num(rows[x], f) for x in keys[k] if x in rows])

        vals = {isa: mean(rows) for isa, rows in runs.items()}
        known = [(v, isa) for isa, v in vals.items() if v is not None]
        best = ((min if short else max)(known)[1]) if known else None
        peer = mean(runs[best], "wenc_per_peer") if best else None
        cells = ["**%s**" % fmt(v, digits) if isa == best else fmt(v, digits)
                 for isa, v in vals.items()]
        print("| %s | %s | %d | %s | %s | %s |" % (
            k[0], k[1], len(keys[k]), fmt(mean(before), digits), " | ".join(cells),
            "%s (%s)" % (fmt(peer, 2), best) if peer else "-"))
    return 0


SIMDUTF_SETS = ("avx512", "avx2", "sse41", "sse2", "scalar")


def simdutf(prefix, worst):
    runs = {}
    for isa in SIMDUTF_SETS:
        path = "%s-%s.csv" % (prefix, isa)
        if os.path.exists(path):
            runs[isa] = load(path)
            if os.path.exists("%s-%s-rerun.csv" % (prefix, isa)):
                runs[isa].update(load("%s-%s-rerun.csv" % (prefix, isa)))
    if not runs:
        print("no %s-ISA.csv" % prefix, file=sys.stderr)
        return 2
    kernel = {}
    for isa, rows in runs.items():
        names = sorted({r.get("simdutf_kernel") for r in rows.values()} - {None, ""})
        kernel[isa] = "/".join(names) or "-"
    keys = {}
    for rows in runs.values():
        for k, ks in groups(rows).items():
            if any(num(rows[x], "wenc_per_simdutf") for x in ks):
                keys.setdefault(k, set()).update(ks)
    print("| operation | input | rows | %s |" % " | ".join(
        "%s vs %s" % (isa, kernel[isa]) for isa in runs))
    print("|---|---|--:|%s" % ("--:|" * len(runs)))
    for k in sorted(keys, key=order):
        cells = [fmt(geomean([num(rows[x], "wenc_per_simdutf") for x in keys[k] if x in rows]), 2)
                 for rows in runs.values()]
        print("| %s | %s | %d | %s |" % (k[0], k[1], len(keys[k]), " | ".join(cells)))
    for isa, rows in runs.items():
        have = [(num(r, "wenc_per_simdutf"), key) for key, r in rows.items()
                if num(r, "wenc_per_simdutf")]
        have.sort()
        print("\nworst rows, %s vs %s: %s" % (isa, kernel[isa], "; ".join(
            "%s %s %s %.2f" % (operation(*key[:3]), key[3],
                               "(%s ns)" % fmt(num(rows[key], "wenc_ns"), 1) if "/" in key[3]
                               else "", v) for v, key in have[:worst])))
    return 0


def ratio(after, before):
    x, y = num(after, "wenc_mbps"), num(before, "wenc_mbps")
    return x / y if x and y else None


def run(build, out, corpus):
    exe = os.path.join(build, "tests", "bench", "wenc-bench")
    cmd = [exe] + BENCH_ARGS + [corpus]
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "1"] + cmd
    print(" ".join(cmd), ">", out, file=sys.stderr)
    with open(out, "w") as f:
        return subprocess.call(cmd, stdout=f)


def main(argv):
    if len(argv) >= 4 and argv[1] == "run":
        here = os.path.dirname(os.path.abspath(__file__))
        corpus = argv[4] if len(argv) > 4 else os.path.join(
            here, "..", "..", "..", "shared", "bench-corpus", "wikipedia")
        return run(argv[2], argv[3], os.path.normpath(corpus))
    if len(argv) >= 3 and argv[1] == "summary":
        summary(argv[2], "--md" in argv[3:])
        return 0
    if len(argv) >= 4 and argv[1] == "diff":
        rest = argv[4:]
        match = None
        if "--match" in rest:
            i = rest.index("--match")
            if i + 1 >= len(rest):
                print("--match needs a value", file=sys.stderr)
                return 2
            match = rest[i + 1]
        diff(argv[2], argv[3], "--rows" in rest, match)
        return 0
    if len(argv) >= 4 and argv[1] == "kernels":
        return kernels(argv[2], argv[3])
    if len(argv) >= 3 and argv[1] == "simdutf":
        rest = argv[3:]
        worst = int(rest[rest.index("--worst") + 1]) if "--worst" in rest[:-1] else 8
        return simdutf(argv[2], worst)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
