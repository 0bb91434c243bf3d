#!/usr/bin/env python3
"""check-recipes: the README's vendoring recipes, run as written (issue 42,
item 6).  Prints TAP.

usage: check-recipes.py SOURCE_ROOT

Takes the code blocks of README.md's section "Vendoring" and runs them in a
scratch folder laid out as the text says: wenc's checkout at ../wenc (a
link to SOURCE_ROOT), the project in app/ with tests/consumer-cmake's
consumer.c as its app.c.  In order:
- the sh block: ../wenc/tools/amalgamate third_party/wenc/wenc;
- the Makefile block, as app/Makefile: `make`, then ./app;
- the "vendored pair" CMake block, after add_executable(app app.c) in a
  CMakeLists.txt of three lines: configure, build, run;
- the FetchContent block, the same way, with its placeholder URL and commit
  replaced by SOURCE_ROOT and its last commit (the only words changed).
A block that is missing or no longer looks as expected fails; cmake or make
missing skips its checks.  About a minute (the Makefile's -O2 compile runs
beside the CMake builds).  Run by .ci/step-amalgamation.sh.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

count = failed = 0


def check(ok, what, detail=''):
    global count, failed
    count += 1
    failed += not ok
    print('%sok %d - %s' % ('' if ok else 'not ', count, what))
    if not ok and detail:
        for line in str(detail).splitlines()[-30:]:
            print('#   ' + line)


def skip(what, why):
    global count
    count += 1
    print('ok %d - %s # SKIP %s' % (count, what, why))


def run(cmd, cwd, shell=False):
    r = subprocess.run(cmd, cwd=cwd, shell=shell, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    return r.returncode, r.stdout


def blocks(readme):
    """The fenced blocks of section "## Vendoring": (language, text)."""
    section = re.search(r'^## Vendoring\n(.*?)^## ', readme, re.M | re.S).group(1)
    return re.findall(r'^```(\w*)\n(.*?)^```', section, re.M | re.S)


def cmake_project(folder, app_c, recipe):
    os.makedirs(folder, exist_ok=True)
    shutil.copy(app_c, os.path.join(folder, 'app.c'))
    with open(os.path.join(folder, 'CMakeLists.txt'), 'w', encoding='utf-8') as f:
        f.write('cmake_minimum_required(VERSION 3.16)\nproject(app C)\n'
                'add_executable(app app.c)\n' + recipe)


def cmake_build(folder):
    gen = ['-G', 'Ninja'] if shutil.which('ninja') else []
    rc, out = run(['cmake', '-S', '.', '-B', 'build'] + gen, folder)
    if rc == 0:
        rc, out2 = run(['cmake', '--build', 'build'], folder)
        out += out2
    if rc == 0:
        rc, out2 = run([os.path.join(folder, 'build', 'app')], folder)
        out += out2
    return rc, out


def main(argv):
    root = os.path.abspath(argv[1])
    with open(os.path.join(root, 'README.md'), encoding='utf-8') as f:
        found = blocks(f.read())
    sh = [t for lang, t in found if lang == 'sh' and 'tools/amalgamate' in t]
    make = [t for lang, t in found if lang == 'make']
    vendored = [t for lang, t in found if lang == 'cmake' and 'add_library(wenc' in t]
    fetch = [t for lang, t in found if lang == 'cmake' and 'FetchContent_Declare' in t]
    for name, got in (('sh (amalgamate)', sh), ('Makefile', make), ('CMake vendored', vendored),
                      ('CMake FetchContent', fetch)):
        check(len(got) == 1, "README's Vendoring has one %s recipe" % name)
    if failed:
        print('1..%d' % count)
        return 1
    app_c = os.path.join(root, 'tests', 'consumer-cmake', 'consumer.c')
    with tempfile.TemporaryDirectory(prefix='wenc-recipes-') as d:
        os.symlink(root, os.path.join(d, 'wenc'))
        app = os.path.join(d, 'app')
        os.makedirs(app)
        shutil.copy(app_c, os.path.join(app, 'app.c'))
        rc, out = run(sh[0], app, shell=True)
        pair = os.path.join(app, 'third_party', 'wenc', 'wenc')
        check(rc == 0 and all(os.path.isfile(os.path.join(pair, n)) for n in ('wenc.h', 'wenc.c')),
              'the sh recipe writes third_party/wenc/wenc/wenc.h and wenc.c', out)

        jobs = {}
        with ThreadPoolExecutor(max_workers=2) as pool:
            if shutil.which('make'):
                with open(os.path.join(app, 'Makefile'), 'w', encoding='utf-8') as f:
                    f.write(make[0])
                jobs['make'] = pool.submit(
                    lambda: (lambda r: r if r[0] else run(['./app'], app))(run(['make'], app)))
            if shutil.which('cmake'):
                # The vendored pair: the CMake project beside the Makefile,
                # in the same folder, as the two recipes share the layout.
                cmake_project(app, app_c, vendored[0])
                jobs['vendored'] = pool.submit(cmake_build, app)
                url = re.search(r'GIT_REPOSITORY\s+(\S+)', fetch[0]).group(1)
                tag = re.search(r'GIT_TAG\s+([0-9a-f]+)', fetch[0]).group(1)
                head = run(['git', '-C', root, 'rev-parse', 'HEAD'], root)[1].strip()
                recipe = fetch[0].replace(url, root).replace(tag, head)
                if re.fullmatch(r'[0-9a-f]{40}', head):
                    cmake_project(os.path.join(d, 'app-fetch'), app_c, recipe)
                    jobs['fetch'] = pool.submit(cmake_build, os.path.join(d, 'app-fetch'))
            results = {k: v.result() for k, v in jobs.items()}
        for key, what, tool in (('make', "the Makefile recipe builds an app that runs", 'make'),
                                ('vendored', 'the vendored-pair CMake recipe builds and runs',
                                 'cmake'),
                                ('fetch', 'the FetchContent recipe, with this repository and '
                                 'its last commit, builds and runs', 'cmake or a git checkout')):
            if key in results:
                rc, out = results[key]
                check(rc == 0 and 'wenc ' in out, what, out)
            else:
                skip(what, '%s missing' % tool)
    print('1..%d' % count)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
