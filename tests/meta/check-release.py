#!/usr/bin/env python3
"""check-release: tools/release as a maintainer runs it, in a scratch clone
(issue 42, item 4).  Prints TAP.

usage: check-release.py SOURCE_ROOT [CC]

Clones SOURCE_ROOT's last commit (no tag needed, none is made), runs
`tools/release VERSION` there with VERSION from meson.build, and checks:
the CHANGELOG section is dated in a commit of its own; the tarball and
its SHA256SUMS files agree with its content; it holds the sources, both
licences and the amalgamated pair, stamped with the release commit; the
pair builds with `CC -std=c11 -O2 -c wenc.c` alone; a second run makes
the same bytes; and the pair written from the unpacked tarball, which is
no git checkout, says the version alone.  SKIP when SOURCE_ROOT is not a
git checkout or git is missing.  About a minute (the -O2 compile).
Run by .ci/step-amalgamation.sh; standard library only.
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

count = failed = 0


def check(ok, what, detail=''):
    global count, failed
    count += 1
    failed += not ok
    print('%sok %d - %s' % ('' if ok else 'not ', count, what))
    if not ok and detail:
        for line in str(detail).splitlines()[-30:]:
            print('#   ' + line)


def run(cmd, cwd, env=None):
    r = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    return r.returncode, r.stdout


def sha256(path):
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


def main(argv):
    root = os.path.abspath(argv[1])
    cc = argv[2] if len(argv) > 2 else 'cc'
    if shutil.which('git') is None or not os.path.exists(os.path.join(root, '.git')):
        print('1..0 # SKIP %s is not a git checkout (or git is missing): tools/release needs one'
              % root)
        return 0
    with open(os.path.join(root, 'meson.build'), encoding='utf-8') as f:
        version = re.search(r"version: '([0-9.]+)'", f.read()).group(1)
    env = dict(os.environ, GIT_AUTHOR_NAME='check-release', GIT_AUTHOR_EMAIL='ci@invalid',
               GIT_COMMITTER_NAME='check-release', GIT_COMMITTER_EMAIL='ci@invalid',
               SOURCE_DATE_EPOCH='1767225600')  # 2026-01-01 UTC
    with tempfile.TemporaryDirectory(prefix='wenc-release-') as d:
        clone = os.path.join(d, 'clone')
        rc, out = run(['git', 'clone', '-q', '--no-tags', root, clone], d)
        check(rc == 0, 'a scratch clone of the last commit', out)
        if rc:
            print('1..%d' % count)
            return 1
        # A clone that carries no tag, as a mirror may not.
        run(['git', 'tag', '-d'] + run(['git', 'tag'], clone)[1].split(), clone)
        rc, out = run([sys.executable, 'tools/release', version], clone, env)
        check(rc == 0, 'tools/release %s runs' % version, out)
        if rc:
            print('1..%d' % count)
            return 1
        subject = run(['git', 'log', '-1', '--format=%s'], clone)[1].strip()
        with open(os.path.join(clone, 'CHANGELOG.md'), encoding='utf-8') as f:
            changelog = f.read()
        dated = '## %s — 2026-01-01' % version
        check(dated in changelog or 'not yet released' not in changelog,
              'CHANGELOG.md: the section is dated (%s)' % dated)
        check(subject.startswith('Release %s' % version) or dated not in changelog,
              'in a commit of its own: %s' % subject)
        commit = run(['git', 'describe', '--always', '--dirty'], clone)[1].strip()
        dist = os.path.join(clone, 'dist')
        tarball = os.path.join(dist, 'wenc-%s.tar.gz' % version)
        check(os.path.isfile(tarball), 'dist/wenc-%s.tar.gz' % version)
        with open(os.path.join(dist, 'SHA256SUMS'), encoding='utf-8') as f:
            sums = f.read()
        check(sums == '%s  wenc-%s.tar.gz\n' % (sha256(tarball), version),
              "dist/SHA256SUMS is the tarball's checksum")
        first = sha256(tarball)

        unpack = os.path.join(d, 'unpack')
        with tarfile.open(tarball) as tar:
            names = tar.getnames()
            tar.extractall(unpack)
        top = os.path.join(unpack, 'wenc-%s' % version)
        check(all(n.startswith('wenc-%s/' % version) for n in names), 'one top folder')
        want = ['meson.build', 'README.md', 'CHANGELOG.md', 'LICENSE', 'LICENSE-WHATWG',
                'src/engine/decoder.c', 'indexes/big5.c', 'amalgamation/wenc.h',
                'amalgamation/wenc.c', 'amalgamation/LICENSE', 'amalgamation/LICENSE-WHATWG',
                'SHA256SUMS']
        missing = [w for w in want if not os.path.isfile(os.path.join(top, w))]
        check(not missing, 'sources, licences, the pair and SHA256SUMS', 'missing: %s' % missing)
        with open(os.path.join(top, 'SHA256SUMS'), encoding='utf-8') as f:
            listed = [l.split('  ', 1) for l in f.read().splitlines()]
        bad = [n for h, n in listed if sha256(os.path.join(top, n)) != h]
        check(listed and not bad and len(listed) == len(names) - 1,
              'its SHA256SUMS lists every other file (%d), all matching' % len(listed),
              'mismatch: %s' % bad[:10])
        with open(os.path.join(top, 'CHANGELOG.md'), encoding='utf-8') as f:
            check(dated in f.read(), "the tarball's CHANGELOG is dated")
        pair = os.path.join(top, 'amalgamation')
        with open(os.path.join(pair, 'wenc.h'), encoding='utf-8') as f:
            header = f.read()
        check('#define WENC_VERSION_COMMIT "%s"' % commit in header and
              header.startswith('/* wenc.h -- wenc %s (commit %s)' % (version, commit)),
              'the pair is stamped with the release commit %s' % commit)
        check('-dirty' not in commit, 'from a clean tree')

        rc, out = run([cc, '-std=c11', '-O2', '-c', 'wenc.c', '-o', os.path.join(d, 'wenc.o')],
                      pair)
        check(rc == 0, 'the pair builds with `%s -std=c11 -O2 -c wenc.c`' % cc, out)

        rc, out = run([sys.executable, 'tools/release', version], clone, env)
        check(rc == 0 and sha256(tarball) == first,
              'a second run: the section stays dated, the same bytes', out)
        again = run(['git', 'log', '-1', '--format=%s'], clone)[1].strip()
        check(again == subject, 'and no second commit')

        rc, out = run([sys.executable, 'tools/amalgamate', os.path.join(d, 'plain')], top)
        with open(os.path.join(d, 'plain', 'wenc.h'), encoding='utf-8') as f:
            plain = f.read()
        check(rc == 0 and '#define WENC_VERSION_COMMIT ""' in plain and
              plain.startswith('/* wenc.h -- wenc %s, ' % version),
              'outside a checkout the pair says its version alone', out)
    print('1..%d' % count)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
