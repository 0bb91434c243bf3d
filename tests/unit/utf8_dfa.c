/* utf8_dfa.c -- the UTF-8 toolkit's derived form of the DFA (the shift rows
** of src/utf8/utf8_internal.h) is the DFA of src/utf8/dfa.h: every state,
** every byte class.  Links the library's internals. */
#include "utf8/utf8_internal.h"

#include "check.h"

int main(void)
{
    unsigned bad = 0;
    for (unsigned c = 0; c < WENC__U8_CLASSES; c++) {
        uint64_t row = wenc__utf8_shift_rows[c];
        for (unsigned s = 0; s < WENC__U8_STATES; s++)
            bad += ((row >> (6 * s)) & 63) != 6u * wenc__utf8_next[s * WENC__U8_CLASSES + c];
        bad += ((row >> (6 * WENC__U8_REJECT)) & 63) != 6u * WENC__U8_REJECT;
        bad += (row >> (6 * (WENC__U8_REJECT + 1))) != 0;
    }
    CHECK_EQ(bad, 0, "shift rows = wenc__utf8_next, REJECT absorbing, no stray bits");

    /* And byte by byte, through the class table, against the step helper. */
    bad = 0;
    for (unsigned s = 0; s < WENC__U8_STATES; s++)
        for (unsigned b = 0; b < 256; b++)
            bad += ((wenc__utf8_shift_rows[wenc__utf8_class[b]] >> (6 * s)) & 63) !=
                   6u * wenc__utf8_step(s, (uint8_t)b);
    CHECK_EQ(bad, 0, "shift step = wenc__utf8_step for every state and byte");
    return check_done();
}
