#!/usr/bin/env python3
"""size-harness.py -- what linking wenc adds to a program, per profile.

usage: tools/size-harness.py [--quick] [--jobs N] [--cc gcc,clang]
                             [--work DIR] [--write README.md]
                             [--check README.md] [--goals]

Links tests/size/all.c (every decoder in replacement mode, every encoder
in html mode, through the public API) statically, with -ffunction-sections
-fdata-sections -Wl,--gc-sections, as a vendor would, against each build
of the library:

  meson -O3     the Meson build (--buildtype=release, static library) in
                the four profiles: default, -Dtables=small, -Dsimd=none,
                and both;
  amalg -O2/-O3/-Os  the amalgamated pair (tools/amalgamate) compiled
                with those flags and the profiles' macros (WENC_TABLES_SMALL,
                WENC_NO_SIMD);

each with gcc and clang.  The same main built without wenc
(-DWENC_SIZE_BASELINE) is the baseline: a figure is the difference of the
two executables' .text, .rodata and allocated sections in all (code,
tables, data, bss, unwind tables), in KiB, read from the ELF section
headers.  x86-64 figures (the kernels of the host are built).

--quick measures only the cells the goals and CI need (gcc: meson
default and small, amalg -Os none and small+none).  --write FILE replaces the table
between FILE's "size-harness" markers with the one measured (a full run
for the README); --check FILE compares the measured cells with that table
and fails if one differs by more than 5 % or 8 KiB (the table is stale:
run --write).  --goals fails unless the enforced goals hold (ENFORCED:
the small profile's .text no larger than the default's, small + no SIMD
at -Os at most 300 KiB); the others (small + no SIMD's .text against no
SIMD's, the other LIMITS: issue 42) are printed as met or open.  Standard library only; needs meson,
ninja and the compilers.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAM = os.path.join(ROOT, 'tests', 'size', 'all.c')
SECTION_FLAGS = ['-ffunction-sections', '-fdata-sections']
LINK_FLAGS = ['-static', '-Wl,--gc-sections']

# Profile -> (Meson options, amalgamation macros).
PROFILES = {
    'default': ([], []),
    'small': (['-Dtables=small'], ['-DWENC_TABLES_SMALL']),
    'none': (['-Dsimd=none'], ['-DWENC_NO_SIMD']),
    'small+none': (['-Dtables=small', '-Dsimd=none'],
                   ['-DWENC_TABLES_SMALL', '-DWENC_NO_SIMD']),
}
PROFILE_TEXT = {
    'default': 'default',
    'small': '`tables=small`',
    'none': '`simd=none`',
    'small+none': 'small + no SIMD',
}
BUILDS = ['meson -O3', 'amalg -O2', 'amalg -O3', 'amalg -Os']
QUICK = [('gcc', 'meson -O3', 'default'), ('gcc', 'meson -O3', 'small'),
         ('gcc', 'amalg -Os', 'none'), ('gcc', 'amalg -Os', 'small+none')]
BEGIN = '<!-- size-harness: begin (tools/size-harness.py --write README.md) -->'
END = '<!-- size-harness: end -->'


def run(cmd, cwd=None, env=None):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode != 0:
        raise RuntimeError('failed: %s\n%s' % (' '.join(cmd), p.stdout[-4000:]))
    return p.stdout


def elf_sizes(path):
    """{'text', 'rodata', 'total'} in bytes from an ELF64 file's sections."""
    with open(path, 'rb') as f:
        data = f.read()
    if data[:4] != b'\x7fELF' or data[4] != 2:
        raise RuntimeError('%s: not ELF64' % path)
    end = '<' if data[5] == 1 else '>'
    shoff, = struct.unpack_from(end + 'Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from(end + 'HHH', data, 0x3A)
    sections = []
    for i in range(shnum):
        name, _type, flags, _addr, _off, size = struct.unpack_from(
            end + 'IIQQQQ', data, shoff + i * shentsize)
        sections.append((name, flags, size))
    stroff, = struct.unpack_from(end + 'Q', data,
                                 shoff + shstrndx * shentsize + 0x18)
    out = {'text': 0, 'rodata': 0, 'total': 0}
    for name, flags, size in sections:
        nm = data[stroff + name:data.index(b'\0', stroff + name)].decode()
        if flags & 0x2:  # SHF_ALLOC: in the program's image
            out['total'] += size
        if nm == '.text':
            out['text'] += size
        elif nm == '.rodata':
            out['rodata'] += size
    return out


def link(cc, work, name, inc, lib, extra):
    exe = os.path.join(work, name)
    cmd = [cc, '-std=c11', '-O2'] + SECTION_FLAGS + extra + \
        ['-I' + d for d in inc] + [PROGRAM] + ([lib] if lib else []) + \
        LINK_FLAGS + ['-o', exe]
    run(cmd)
    return elf_sizes(exe)


def measure(cc, build, profile, work, amal):
    """Δ sizes (bytes) of one cell, and the baseline."""
    tag = '%s-%s-%s' % (cc, build.replace(' ', '').replace('-', ''),
                        profile.replace('+', '-'))
    d = os.path.join(work, tag)
    os.makedirs(d, exist_ok=True)
    meson_opts, macros = PROFILES[profile]
    if build.startswith('meson'):
        env = dict(os.environ, CC=cc)
        if os.path.exists(os.path.join(d, 'build.ninja')):
            shutil.rmtree(d)
        run(['meson', 'setup', d, '--buildtype=release', '-Ddefault_library=static',
             '-Dtests=false', '-Dtools=false', '-Dbenchmarks=false',
             '-Dc_args=' + ' '.join(SECTION_FLAGS)] + meson_opts,
            cwd=ROOT, env=env)
        run(['ninja', '-C', d, '-j1', 'src/libwenc.a'])
        inc = [os.path.join(ROOT, 'include'), os.path.join(d, 'include')]
        lib = os.path.join(d, 'src', 'libwenc.a')
    else:
        opt = build.split()[1]
        obj = os.path.join(d, 'wenc.o')
        run([cc, '-std=c11', opt] + SECTION_FLAGS + macros +
            ['-c', os.path.join(amal, 'wenc', 'wenc.c'), '-o', obj])
        lib = os.path.join(d, 'libwenc.a')
        if os.path.exists(lib):
            os.remove(lib)
        run(['ar', 'rcs', lib, obj])
        inc = [amal]
    with_lib = link(cc, d, 'all', inc, lib, [])
    base = link(cc, d, 'baseline', [], None, ['-DWENC_SIZE_BASELINE'])
    return {k: with_lib[k] - base[k] for k in with_lib}


def kib(n):
    return '%d' % round(n / 1024)


def table(results, compilers):
    head = '| build | profile |'
    rule = '|---|---|'
    for cc in compilers:
        head += ' %s .text | %s .rodata | %s total |' % (cc, cc, cc)
        rule += '--:|--:|--:|'
    lines = [head, rule]
    for build in BUILDS:
        for profile in PROFILES:
            if not any((cc, build, profile) in results for cc in compilers):
                continue
            row = '| %s | %s |' % (build, PROFILE_TEXT[profile])
            for cc in compilers:
                r = results.get((cc, build, profile))
                if r is None:
                    row += ' | | |'
                else:
                    row += ' %s | %s | **%s** |' % (kib(r['text']), kib(r['rodata']),
                                                    kib(r['total']))
            lines.append(row)
    return '\n'.join(lines) + '\n'


def parse_table(text):
    """The cells of a table written by table(): {(cc, build, profile): {..}}."""
    if BEGIN not in text or END not in text:
        raise RuntimeError('no size-harness markers')
    body = text.split(BEGIN, 1)[1].split(END, 1)[0]
    rows = [ln for ln in body.splitlines() if ln.startswith('|')]
    head = [c.strip() for c in rows[0].strip('|').split('|')]
    compilers = [head[i].split()[0] for i in range(2, len(head), 3)]
    names = {v: k for k, v in PROFILE_TEXT.items()}
    cells = {}
    for ln in rows[2:]:
        c = [x.strip().strip('*') for x in ln.strip('|').split('|')]
        for i, cc in enumerate(compilers):
            v = c[2 + 3 * i:5 + 3 * i]
            if all(v):
                cells[(cc, c[0], names[c[1]])] = {
                    'text': int(v[0]) * 1024, 'rodata': int(v[1]) * 1024,
                    'total': int(v[2]) * 1024}
    return cells


# The goals of issue 42, in KiB of Δ total (gcc, the README's rows): the
# default profile no larger than encoding_rs's speed-first build
# (fast-legacy-encode, 676 KiB), the small one at most 400, small + no
# SIMD at -Os at most 300 (WebAssembly, embedded).  --goals fails on a goal
# in ENFORCED only, those reached: the small profile's code no larger than
# the default's in every build with SIMD, and small + no SIMD at -Os within
# its 300 KiB (303 -> 293 KiB with gcc: issue 42); the others are printed as
# open until they are met.
LIMITS = [(('gcc', 'meson -O3', 'default'), 676), (('gcc', 'meson -O3', 'small'), 400),
          (('gcc', 'amalg -Os', 'small+none'), 300)]
ENFORCED = {'small .text', 'small+none total'}


def goals(results):
    """[(kind, description, met)] for the goals whose cells were measured:
    the small profile never adds code (its .text no larger than the
    default's, with and without SIMD), then LIMITS."""
    out = []
    for (cc, build, profile), r in sorted(results.items()):
        ref_profile = {'small': 'default', 'small+none': 'none'}.get(profile)
        ref = results.get((cc, build, ref_profile))
        if ref is not None:
            out.append((profile + ' .text', '%s %s: %s .text %s <= %s .text %s KiB' % (
                cc, build, profile, kib(r['text']), ref_profile, kib(ref['text'])),
                r['text'] <= ref['text']))
    for key, limit in LIMITS:
        r = results.get(key)
        if r is not None:
            out.append((key[2] + ' total', '%s: total %s <= %d KiB' % (
                ' '.join(key), kib(r['total']), limit), r['total'] <= limit * 1024))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--quick', action='store_true')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--cc', default='gcc,clang')
    ap.add_argument('--work')
    ap.add_argument('--write')
    ap.add_argument('--check')
    ap.add_argument('--goals', action='store_true')
    args = ap.parse_args()
    compilers = args.cc.split(',')
    for tool in ['meson', 'ninja', 'ar'] + compilers:
        if shutil.which(tool) is None:
            print('size-harness: missing %s' % tool, file=sys.stderr)
            return 1
    if args.quick:
        cells = [c for c in QUICK if c[0] in compilers]
    else:
        cells = [(cc, b, p) for cc in compilers for b in BUILDS for p in PROFILES]
    work = args.work or tempfile.mkdtemp(prefix='wenc-size-')
    os.makedirs(work, exist_ok=True)
    amal = os.path.join(work, 'amal')
    run([sys.executable, os.path.join(ROOT, 'tools', 'amalgamate'),
         os.path.join(amal, 'wenc')])
    results = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futs = {pool.submit(measure, cc, b, p, work, amal): (cc, b, p)
                for cc, b, p in cells}
        for f in concurrent.futures.as_completed(futs):
            results[futs[f]] = f.result()
    text = table(results, [cc for cc in compilers
                           if any(k[0] == cc for k in results)])
    print('Δ KiB against the same main without wenc (tests/size/all.c), '
          'static, -ffunction-sections -fdata-sections -Wl,--gc-sections:\n')
    print(text)
    status = 0
    for kind, desc, met in goals(results):
        enforced = kind in ENFORCED
        print('goal %s: %s' % ('met' if met else 'NOT MET' if enforced else 'open', desc))
        if args.goals and enforced and not met:
            status = 1
    if args.check:
        with open(args.check, encoding='utf-8') as f:
            recorded = parse_table(f.read())
        for key, r in sorted(results.items()):
            want = recorded.get(key)
            if want is None:
                print('check: %s not in %s' % (' / '.join(key), args.check))
                status = 1
                continue
            for k in ('text', 'rodata', 'total'):
                if abs(r[k] - want[k]) > max(8 * 1024, want[k] * 0.05):
                    print('check: %s %s: %s KiB measured, %s in %s (run %s --write %s)' % (
                        ' / '.join(key), k, kib(r[k]), kib(want[k]), args.check,
                        'tools/size-harness.py', args.check))
                    status = 1
        if status == 0:
            print('check: %s agrees with the measured cells' % args.check)
    if args.write:
        with open(args.write, encoding='utf-8') as f:
            doc = f.read()
        if BEGIN not in doc:
            print('write: no size-harness markers in %s' % args.write, file=sys.stderr)
            return 1
        pre, rest = doc.split(BEGIN, 1)
        post = rest.split(END, 1)[1]
        with open(args.write, 'w', encoding='utf-8') as f:
            f.write(pre + BEGIN + '\n' + text + END + post)
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return status


if __name__ == '__main__':
    sys.exit(main())
