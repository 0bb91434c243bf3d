/* dfa_tables.h -- the tables of dfa.h: what counts as valid UTF-8 in this
** library (Encoding Standard, "UTF-8 decoder"), as byte classes and the
** automaton over them.  The decoder's step function, the validators and the
** kernels' lookup tables all read these or are tested against them.
**
** Defined in the UTF-8 handler's unit (handlers/utf8.c includes this file,
** and nothing else does): compiled there, the decoder's loops address the
** tables together; from a unit of their own, gcc and clang emit different
** loops (tools/fingerprint.py), which this layout must not change. */
#ifndef WENC_UTF8_DFA_TABLES_H
#define WENC_UTF8_DFA_TABLES_H

#include "dfa.h"
#define A WENC__U8C_ASCII
#define C8 WENC__U8C_80_8F
#define C9 WENC__U8C_90_9F
#define CA WENC__U8C_A0_BF
#define X WENC__U8C_INVALID
#define L2 WENC__U8C_C2_DF
#define E0 WENC__U8C_E0
#define E1 WENC__U8C_E1_EF
#define ED WENC__U8C_ED
#define F0 WENC__U8C_F0
#define F1 WENC__U8C_F1_F3
#define F4 WENC__U8C_F4

const uint8_t wenc__utf8_class[256] = {
    /* 00 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 10 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 20 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 30 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 40 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 50 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 60 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 70 */ A, A, A, A, A, A, A, A, A, A, A, A, A, A, A, A,
    /* 80 */ C8, C8, C8, C8, C8, C8, C8, C8, C8, C8, C8, C8, C8, C8, C8, C8,
    /* 90 */ C9, C9, C9, C9, C9, C9, C9, C9, C9, C9, C9, C9, C9, C9, C9, C9,
    /* A0 */ CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA,
    /* B0 */ CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA, CA,
    /* C0 */ X, X, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2,
    /* D0 */ L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2, L2,
    /* E0 */ E0, E1, E1, E1, E1, E1, E1, E1, E1, E1, E1, E1, E1, ED, E1, E1,
    /* F0 */ F0, F1, F1, F1, F4, X, X, X, X, X, X, X, X, X, X, X,
};

#undef A
#undef C8
#undef C9
#undef CA
#undef X
#undef L2
#undef E0
#undef E1
#undef ED
#undef F0
#undef F1
#undef F4

#define R WENC__U8_REJECT
#define OK WENC__U8_ACCEPT

/* Step 3 of the decoder's handler (bytes needed 0) for ACCEPT; steps 4-9
** (the boundaries, then bytes seen == bytes needed) for the others. */
const uint8_t wenc__utf8_next[WENC__U8_STATES * WENC__U8_CLASSES] = {
    /*            ASCII 80-8F 90-9F A0-BF inv C2-DF E0 E1-EF ED F0 F1-F3 F4 */
    /* ACCEPT */ OK, R, R, R, R, WENC__U8_CONT1, WENC__U8_E0, WENC__U8_CONT2, WENC__U8_ED,
                 WENC__U8_F0, WENC__U8_CONT3, WENC__U8_F4,
    /* CONT1  */ R, OK, OK, OK, R, R, R, R, R, R, R, R,
    /* CONT2  */ R, WENC__U8_CONT1, WENC__U8_CONT1, WENC__U8_CONT1, R, R, R, R, R, R, R, R,
    /* E0     */ R, R, R, WENC__U8_CONT1, R, R, R, R, R, R, R, R,
    /* ED     */ R, WENC__U8_CONT1, WENC__U8_CONT1, R, R, R, R, R, R, R, R, R,
    /* CONT3  */ R, WENC__U8_CONT2, WENC__U8_CONT2, WENC__U8_CONT2, R, R, R, R, R, R, R, R,
    /* F0     */ R, R, WENC__U8_CONT2, WENC__U8_CONT2, R, R, R, R, R, R, R, R,
    /* F4     */ R, WENC__U8_CONT2, R, R, R, R, R, R, R, R, R, R,
};

#undef R
#undef OK

const uint8_t wenc__utf8_lead_mask[WENC__U8_CLASSES] = {
    0x7F, 0, 0, 0, 0, 0x1F, 0x0F, 0x0F, 0x0F, 0x07, 0x07, 0x07,
};

#endif /* WENC_UTF8_DFA_TABLES_H */
