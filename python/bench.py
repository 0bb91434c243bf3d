#!/usr/bin/env python3
"""bench.py -- speed of wenc's codecs against the CPython codecs that the
webencodings package picks for the same label, on the Wikipedia corpus
(../shared/bench-corpus/wikipedia or DIR), plus the cost of one call on a
16-byte input.  Run it pinned, with the package installed:

    taskset -c 1 python3 python/bench.py [DIR]

Each legacy input is made from <lang>.html by wenc's encoder in html mode
(unmappable characters as &#N;, as the corpus' own benchmark makes them).
Figures are MB/s of the byte side (input for decode, output for encode),
medians of repeated runs, and wenc's ratio to CPython in the same run.
"""
import codecs
import os
import statistics
import sys
import time
import timeit

# The installed package, not the source folder beside this script.
sys.path = [p for p in sys.path if os.path.abspath(p or '.') != os.path.dirname(os.path.abspath(__file__))]
import wenc  # noqa: E402

try:
    import webencodings
except ImportError:  # pragma: no cover
    sys.exit('bench.py needs the webencodings package (python3-webencodings)')

CASES = [
    ('en', 'utf-8'), ('ru', 'utf-8'), ('ja', 'utf-8'), ('zh_cn', 'utf-8'),
    ('de', 'windows-1252'), ('cs', 'windows-1250'), ('ru', 'windows-1251'),
    ('ru', 'koi8-r'), ('el', 'windows-1253'), ('he', 'windows-1255'),
    ('ar', 'windows-1256'), ('th', 'windows-874'), ('vi', 'windows-1258'),
    ('ja', 'shift_jis'), ('ja', 'euc-jp'), ('ja', 'iso-2022-jp'), ('zh_cn', 'gbk'),
    ('zh_cn', 'gb18030'), ('zh_tw', 'big5'), ('ko', 'euc-kr'), ('en', 'utf-16le'),
]


def median_rate(fn, nbytes, min_time=0.15, runs=7):
    times = []
    for _ in range(runs):
        n, t0 = 0, time.perf_counter()
        while True:
            fn()
            n += 1
            t = time.perf_counter() - t0
            if t >= min_time / runs:
                break
        times.append(t / n)
    return nbytes / statistics.median(times) / 1e6


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    corpus = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(root), 'shared', 'bench-corpus', 'wikipedia')
    if not os.path.isdir(corpus):
        sys.exit('no corpus at %s' % corpus)
    print('wenc %s, Python %s' % (wenc.C_VERSION, sys.version.split()[0]))
    print('%-22s %8s | %9s %9s %6s | %9s %9s %6s' % (
        'input', 'bytes', 'dec wenc', 'CPython', 'ratio', 'enc wenc', 'CPython', 'ratio'))
    dec_ratios, enc_ratios = [], []
    for lang, label in CASES:
        with open(os.path.join(corpus, lang + '.html'), 'rb') as f:
            text = f.read().decode('utf-8')
        wname = 'whatwg-' + label
        data = text.encode(wname, 'xmlcharrefreplace')
        text = data.decode(wname)
        py = webencodings.lookup(label).codec_info
        mine = codecs.lookup(wname)
        assert mine.decode(data, 'replace')[0] == text
        d_w = median_rate(lambda: mine.decode(data, 'replace'), len(data))
        d_c = median_rate(lambda: py.decode(data, 'replace'), len(data))
        e_w = median_rate(lambda: mine.encode(text, 'xmlcharrefreplace'), len(data))
        e_c = median_rate(lambda: py.encode(text, 'xmlcharrefreplace'), len(data))
        dec_ratios.append(d_w / d_c)
        enc_ratios.append(e_w / e_c)
        print('%-22s %8d | %9.1f %9.1f %6.2f | %9.1f %9.1f %6.2f' % (
            '%s.html %s' % (lang, label), len(data), d_w, d_c, d_w / d_c, e_w, e_c, e_w / e_c))
    gm = lambda xs: statistics.geometric_mean(xs)  # noqa: E731
    print('geometric mean of the ratios: decode %.2f, encode %.2f' % (gm(dec_ratios), gm(enc_ratios)))

    print('\nper call, 16 bytes / 16 characters (ns; best of 5 x 200000)')
    b16 = b'0123456789abcdef'
    s16 = '0123456789abcdef'
    for label in ('utf-8', 'windows-1252', 'shift_jis'):
        py_name = webencodings.lookup(label).codec_info.name
        rows = [
            ('bytes.decode', lambda n=('whatwg-' + label): b16.decode(n),
             lambda n=py_name: b16.decode(n)),
            ('str.encode', lambda n=('whatwg-' + label): s16.encode(n),
             lambda n=py_name: s16.encode(n)),
            ('webencodings.decode', lambda l=label: wenc.webencodings.decode(b16, l),
             lambda l=label: webencodings.decode(b16, l)),
        ]
        for what, fw, fc in rows:
            tw = min(timeit.repeat(fw, number=200000, repeat=5)) / 200000 * 1e9
            tc = min(timeit.repeat(fc, number=200000, repeat=5)) / 200000 * 1e9
            print('  %-12s %-20s wenc %6.0f  CPython (%s) %6.0f  ratio %.2f' % (
                label, what, tw, py_name, tc, tc / tw))


if __name__ == '__main__':
    import wenc.webencodings  # noqa: F401
    main()
