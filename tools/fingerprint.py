#!/usr/bin/env python3
"""fingerprint.py -- what a build's machine code is, function by function,
so that two builds can be compared without running a benchmark.

    tools/fingerprint.py LIB                 one line per function:
                                             instructions, hash, name
    tools/fingerprint.py BEFORE AFTER        the functions that differ
                                             (exit 1 if any)

LIB is an object, archive or shared library; $OBJDUMP names another objdump
(aarch64-linux-gnu-objdump for a cross build).  The disassembly comes from
`objdump -d --no-addresses --no-show-raw-insn` (binutils 2.35 or later);
addresses are left out, and so is whatever moves when code or data before
it changes size (see RIP and COMMENT): the symbol an instruction names is
kept.  A function that differs only by where it sits therefore
keeps its hash (a changed constant table does not show: compare the data
sections for that).  Used for issue 26 (kernels compiled through target
regions instead of per-file flags: the release code must not change) and
issue 30."""
import hashlib
import os
import re
import subprocess
import sys

# What moves when anything before it changes size: RIP-relative
# displacements ("0xc2f75(%rip)") and the comments that name what they
# reach when that is an offset from the nearest symbol ("# <table+0x40>",
# or "# <f@@Base+0x91e48>" for a constant with no symbol of its own, whose
# nearest symbol depends on the link order); "# <table>" stays.  Jumps
# within a function ("jne <f+0x12>") stay.
RIP = re.compile(r'-?0x[0-9a-f]+\(%rip\)')
COMMENT = re.compile(r'#\s*<[^>]*\+0x[0-9a-f]+>')
# aarch64 reaches data in two steps: adrp loads the 4 KiB page (objdump
# names it "<nearest symbol+offset>") and the next add or load adds the
# low 12 bits of the address as an immediate; both move with the layout.
ADRP = re.compile(r'^adrp\s+(\w+),\s*.*$')
# The no-ops after a function's last instruction align the next function:
# they change with whatever follows it, and never run.
PADDING = re.compile(r'^(data16 |cs |ds )*(nop[lwq]?|xchg %ax,%ax)\b|^int3$')


def aarch64_page(insn, pages):
    """INSN with its page address or low 12 bits made neutral: PAGES holds
    the registers an adrp loaded and nothing has used since."""
    m = ADRP.match(insn)
    if m:
        pages.add(m.group(1))
        return 'adrp %s, <page>' % m.group(1)
    ops = insn.split(' ', 1)
    if len(ops) == 2 and pages:
        regs = re.findall(r'\b[xwqdsbhv]\d+\b', ops[1])
        base = regs[1] if ops[0] in ('add', 'ldr', 'ldrb', 'ldrh', 'ldrsw', 'str') and len(regs) > 1 else None
        if base is not None and base in pages and re.search(r'#0x[0-9a-f]+|#\d+', ops[1]):
            pages.discard(base)
            return ops[0] + ' ' + re.sub(r'#(0x[0-9a-f]+|\d+)', '#<lo12>', ops[1])
        if regs and regs[0] in pages:
            pages.discard(regs[0])
    return insn


def functions(path):
    out = subprocess.run([os.environ.get('OBJDUMP', 'objdump'), '-d', '--no-addresses', '--no-show-raw-insn', path],
                         check=True, capture_output=True, text=True).stdout
    funcs, name, body, pages = {}, None, [], set()
    for line in out.splitlines():
        m = re.match(r'^<(.+)>:$', line)
        if m:
            name, body, pages = m.group(1), [], set()
            # Static functions of the same name in two objects: numbered.
            key, n = name, 1
            while key in funcs:
                n += 1
                key = '%s#%d' % (name, n)
            funcs[key] = body
        elif name is not None and line.startswith('\t'):
            insn = COMMENT.sub('# <data>', RIP.sub('(%rip)', line.strip()))
            insn = re.sub(r'\s+', ' ', insn)
            insn = aarch64_page(insn, pages)
            if insn and not insn.startswith('...'):
                body.append(insn)
    for body in funcs.values():
        while body and PADDING.match(body[-1]):
            body.pop()
    return {k: (len(v), hashlib.sha256('\n'.join(v).encode()).hexdigest()[:16])
            for k, v in funcs.items()}


def main(argv):
    if len(argv) == 2:
        for name, (count, digest) in sorted(functions(argv[1]).items()):
            print('%6d %s %s' % (count, digest, name))
        return 0
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    before, after = functions(argv[1]), functions(argv[2])
    differ = 0
    for name in sorted(set(before) | set(after)):
        b, a = before.get(name), after.get(name)
        if b != a:
            differ += 1
            print('%-50s %s -> %s' % (name, '%d %s' % b if b else 'absent',
                                      '%d %s' % a if a else 'absent'))
    same = len(set(before) & set(after)) - sum(
        1 for n in set(before) & set(after) if before[n] != after[n])
    print('%d functions identical, %d differ (%d instructions before, %d after)'
          % (same, differ, sum(v[0] for v in before.values()),
             sum(v[0] for v in after.values())))
    return 1 if differ else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
