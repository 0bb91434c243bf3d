#!/usr/bin/env python3
"""check-vendoring: the amalgamated pair as a vendoring project uses it
(README.md, "Vendoring"; issue 42), in a scratch folder.  Prints TAP.

usage: check-vendoring.py PAIR_DIR [CC] [--meson]

PAIR_DIR holds wenc.h and wenc.c from tools/amalgamate; CC (default cc)
compiles them.  Checks:
- symbols: a shared library vendoring the pair, compiled with
  -fvisibility=hidden and WENC_HIDDEN, exports no wenc_ name (nm -D), and a
  program linked to it still works through the library's own call;
- prefix: two copies of the pair, compiled with WENC_PREFIX=a_ and b_, and
  two files of a program each including wenc.h with its prefix, link into
  one program; each copy defines only its prefixed names (nm), and each
  works and keeps its own state (its kernel set);
- WENC_API defined by the including build gives no warning;
- with --meson, the Meson build's option symbol_prefix (the same
  WENC_PREFIX): two static builds of this tree, -Dsymbol_prefix=a_ and b_
  (-Dencodings=utf-8,shift_jis,windows-1252, unoptimised: names, not
  code), link into
  one program with two files including their build's wenc/wenc.h and
  nothing else (version.h brings the prefix); each library defines only
  its prefixed names, and each works and keeps its own kernel set.
The pair is compiled at -O0: the checks are about names, not code, and
three compiles of the 3.7 MB file stay under 20 s of CPU.
Run by .ci/step-amalgamation.sh; standard library only.
"""
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

count = 0
failed = 0


def check(ok, what, detail=''):
    global count, failed
    count += 1
    failed += not ok
    print('%sok %d - %s' % ('' if ok else 'not ', count, what))
    if not ok and detail:
        for line in str(detail).splitlines()[:40]:
            print('#   ' + line)


def run(cmd, cwd):
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return r.returncode, r.stdout


# The library's own call: encodes 日本 as Shift_JIS with the vendored wenc
# (index-jis0208: 日 is pointer 3569, 93 FA; 本 4007, 96 7B) and gives the
# number of bytes, 4, or -1.
VEND_C = r'''
#include <string.h>
#include "wenc.h"
#ifndef USER
#define USER vend_sjis
#endif
__attribute__((visibility("default"))) int USER(const char **simd, const char *select)
{
    const uint8_t text[] = "\xE6\x97\xA5\xE6\x9C\xAC";
    const uint8_t want[] = {0x93, 0xFA, 0x96, 0x7B};
    wenc_encoder e;
    uint8_t out[16];
    size_t n = sizeof text - 1, m = sizeof out;
    if (select != NULL && wenc_simd_select(select) != WENC_OK)
        return -2;
    *simd = wenc_simd_active();
    if (wenc_encoder_init(&e, wenc_encoding_for_label_cstr("sjis"), WENC_ENCODER_FATAL) != WENC_OK ||
        wenc_encoder_encode_from_utf8(&e, text, &n, out, &m, true) != WENC_INPUT_EMPTY)
        return -1;
    return m == sizeof want && memcmp(out, want, m) == 0 ? (int)m : -1;
}
'''

MAIN_HIDDEN_C = r'''
#include <stdio.h>
int vend_sjis(const char **simd, const char *select);
int main(void)
{
    const char *simd = "";
    int n = vend_sjis(&simd, NULL);
    printf("%d %s\n", n, simd);
    return n == 4 ? 0 : 1;
}
'''

# Copy a runs the scalar kernels, copy b keeps its first choice: two
# copies, two states.
MAIN_PREFIX_C = r'''
#include <stdio.h>
#include <string.h>
int a_user(const char **simd, const char *select);
int b_user(const char **simd, const char *select);
int main(void)
{
    const char *sa = "", *sb = "", *sb0 = "";
    int nb0 = b_user(&sb0, NULL);
    int na = a_user(&sa, "scalar");
    int nb = b_user(&sb, NULL);
    printf("%d %s %d %s %d %s\n", nb0, sb0, na, sa, nb, sb);
    return nb0 == 4 && na == 4 && nb == 4 && strcmp(sa, "scalar") == 0 && strcmp(sb, sb0) == 0
               ? 0 : 1;
}
'''


def defined_globals(nm, obj, dynamic=False):
    args = [nm, '--defined-only'] + (['-D'] if dynamic else []) + [obj]
    out = subprocess.run(args, stdout=subprocess.PIPE, text=True, check=True).stdout
    names = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1].isupper():
            names.append(parts[2])
    return names


def undefined(nm, obj):
    out = subprocess.run([nm, '--undefined-only', obj], stdout=subprocess.PIPE, text=True,
                         check=True).stdout
    return [line.split()[-1] for line in out.splitlines() if line.strip()]


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def check_meson_prefix(d, cc, nm, base):
    """Two Meson builds with -Dsymbol_prefix=a_ and b_ in one program."""
    if shutil.which('meson') is None or shutil.which('ninja') is None:
        check(False, 'symbol_prefix: needs meson and ninja')
        return
    env = dict(os.environ, CC=cc)

    def build(p):
        b = os.path.join(d, 'meson-' + p)
        r = subprocess.run(['meson', 'setup', b, '--buildtype=plain', '-Ddefault_library=static',
                            '-Dtests=false', '-Dtools=false', '-Dbenchmarks=false',
                            '-Dencodings=utf-8,shift_jis,windows-1252', '-Dsymbol_prefix=%s_' % p],
                           cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        if r.returncode != 0:
            return r.returncode, r.stdout
        return run(['ninja', '-C', b, '-j1', 'src/libwenc.a'], d)

    with ThreadPoolExecutor(max_workers=2) as pool:
        built = dict(zip('ab', pool.map(build, 'ab')))
    for p in 'ab':
        rc, out = built[p]
        check(rc == 0, 'symbol_prefix: the Meson build with -Dsymbol_prefix=%s_ builds' % p,
              out[-3000:])
        lib = os.path.join(d, 'meson-' + p, 'src', 'libwenc.a')
        if rc != 0:
            return
        bad = [n for n in defined_globals(nm, lib) if not n.startswith(p + '_wenc_')]
        check(not bad, 'symbol_prefix: build %s defines only %s_wenc_ names' % (p, p),
              '\n'.join(bad))
        bad = [n for n in undefined(nm, lib) if n.startswith('wenc_')]
        check(not bad, 'symbol_prefix: build %s needs no unprefixed wenc name' % p,
              '\n'.join(bad))
        # The includer's file: wenc.h as the installed header, no macro
        # (in a folder of its own, away from the pair's wenc.h).
        shim = os.path.join(d, 'shim-' + p)
        os.makedirs(shim, exist_ok=True)
        with open(os.path.join(shim, 'wenc.h'), 'w', encoding='utf-8') as f:
            f.write('#include "wenc/wenc.h"\n')
        with open(os.path.join(shim, 'vend.c'), 'w', encoding='utf-8') as f:
            f.write(VEND_C)
        rc, out = run(base + ['-I' + os.path.join(d, 'meson-' + p, 'include'),
                              '-I' + os.path.join(ROOT, 'include'), '-DUSER=%s_user' % p,
                              '-c', os.path.join(shim, 'vend.c'),
                              '-o', 'meson-user-%s.o' % p], d)
        check(rc == 0, 'symbol_prefix: a file includes build %s\'s wenc/wenc.h alone' % p, out)
    rc, out = run(base + ['-o', 'main-meson', 'main-prefix.c', 'meson-user-a.o', 'meson-user-b.o',
                          os.path.join('meson-a', 'src', 'libwenc.a'),
                          os.path.join('meson-b', 'src', 'libwenc.a')], d)
    check(rc == 0, 'symbol_prefix: both builds link into one program', out)
    if rc == 0:
        rc, out = run([os.path.join(d, 'main-meson')], d)
        check(rc == 0, 'symbol_prefix: both work, each with its own kernel set: ' + out.strip(),
              out)


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    with_meson = '--meson' in argv
    argv = [a for a in argv if a != '--meson']
    pair = os.path.abspath(argv[1])
    cc = argv[2] if len(argv) > 2 else 'cc'
    nm = shutil.which('nm')
    if nm is None or shutil.which(cc) is None:
        print('1..0 # SKIP needs %s and nm' % cc)
        return 0
    with tempfile.TemporaryDirectory(prefix='wenc-vendoring-') as d:
        for name in ('wenc.h', 'wenc.c'):
            shutil.copy(os.path.join(pair, name), d)
        files = {'vend.c': VEND_C, 'main-hidden.c': MAIN_HIDDEN_C,
                 'main-prefix.c': MAIN_PREFIX_C}
        for name, text in files.items():
            with open(os.path.join(d, name), 'w', encoding='utf-8') as f:
                f.write(text)
        base = [cc, '-std=c11', '-O0', '-Wall', '-Wextra', '-Werror']
        compiles = {
            'hidden.o': base + ['-fPIC', '-fvisibility=hidden', '-DWENC_HIDDEN', '-c', 'wenc.c'],
            'a.o': base + ['-DWENC_PREFIX=a_', '-c', 'wenc.c'],
            'b.o': base + ['-DWENC_PREFIX=b_', '-c', 'wenc.c'],
        }
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = dict(zip(compiles, pool.map(
                lambda kv: run(kv[1] + ['-o', kv[0]], d), compiles.items())))
        for obj, (rc, out) in results.items():
            check(rc == 0, 'wenc.c compiles for %s' % obj, out)

        # symbols
        rc, out = run(base + ['-fPIC', '-fvisibility=hidden', '-DWENC_HIDDEN', '-shared',
                              '-o', 'libvend.so', 'vend.c', 'hidden.o'], d)
        check(rc == 0, 'a shared library vendoring the pair links', out)
        if rc == 0:
            exported = defined_globals(nm, os.path.join(d, 'libvend.so'), dynamic=True)
            leaked = [n for n in exported if 'wenc' in n]
            check(not leaked, 'it exports no wenc name (%d exported)' % len(exported),
                  '\n'.join(leaked))
            check('vend_sjis' in exported, 'it exports its own call')
            rc, out = run(base + ['-o', 'main-hidden', 'main-hidden.c', '-L.', '-lvend',
                                  '-Wl,-rpath,' + d], d)
            check(rc == 0, 'a program links to it', out)
            rc, out = run([os.path.join(d, 'main-hidden')], d)
            check(rc == 0 and out.startswith('4 '), 'and its call encodes with wenc: ' +
                  out.strip(), out)

        # WENC_API set by the including build: no redefinition warning.
        rc, out = run(base + ['-DWENC_API=', '-c', 'vend.c', '-o', 'api.o'], d)
        check(rc == 0, 'WENC_API defined by the includer: no warning (-Werror)', out)

        # prefix
        for p in ('a', 'b'):
            rc, out = run(base + ['-DWENC_PREFIX=%s_' % p, '-DUSER=%s_user' % p, '-c', 'vend.c',
                                  '-o', 'user-%s.o' % p], d)
            check(rc == 0, 'a file of the program includes wenc.h with WENC_PREFIX=%s_' % p, out)
            obj = os.path.join(d, '%s.o' % p)
            if os.path.exists(obj):
                bad = [n for n in defined_globals(nm, obj) if not n.startswith(p + '_wenc_')]
                check(not bad, 'copy %s defines only %s_wenc_ names' % (p, p), '\n'.join(bad))
                bad = [n for n in undefined(nm, obj) if n.startswith('wenc_')]
                check(not bad, 'copy %s needs no unprefixed wenc name' % p, '\n'.join(bad))
        rc, out = run(base + ['-o', 'main-prefix', 'main-prefix.c', 'user-a.o', 'user-b.o',
                              'a.o', 'b.o'], d)
        check(rc == 0, 'both copies link into one program', out)
        if rc == 0:
            rc, out = run([os.path.join(d, 'main-prefix')], d)
            check(rc == 0, 'both work, each with its own kernel set: ' + out.strip(), out)

        if with_meson:
            check_meson_prefix(d, cc, nm, base)
    print('1..%d' % count)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
