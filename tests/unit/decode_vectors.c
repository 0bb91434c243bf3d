/* decode_vectors.c -- hand-written step vectors for every decoder of the
** Encoding Standard (issue 3, "Tests that must exist").  Each vector gives the
** input bytes, the code points the standard's decoder produces in replacement
** mode, and the errors it reports in fatal mode (absolute byte offset and
** length of each malformed sequence).  Every expected value was typed in from
** encoding.bs and the index files (the index line is cited where one was
** looked up); nothing is computed by the library under test.
**
** For each vector the program checks:
**   - replacement mode, one call, output as UTF-8, UTF-16 and UTF-32;
**   - replacement mode split at the vector's '|' marks and byte by byte;
**   - fatal mode, one call per error ("continue past the error"): the errors
**     in order, where each call stops (*src_len includes the malformed bytes,
**     not the ones the standard restores), and that the fatal output with a
**     U+FFFD put back at each error is the replacement output, in all three
**     output forms, and again byte by byte.
** Error notation: "OFF+LEN" is an error at byte OFF spanning LEN bytes, and
** the one-call fatal decode stops after byte OFF+LEN; "OFF+LEN>END" says it
** stops after byte END instead (ISO-2022-JP's trailing-byte 0x1B, which is
** consumed but not part of the error).  The error span is the bytes of the
** handler's current sequence read so far minus the bytes it restores. */
#include <wenc/wenc.h>

#include "check.h"
#include "built.h"
#include "testutil.h"

enum { F8, F16, F32 };
static const char *const form_name[3] = {"UTF-8", "UTF-16", "UTF-32"};

typedef struct {
    const wenc_encoding *enc;
    unsigned flags;        /* BOM flags (error mode is added by the runner) */
    const char *in;        /* hex bytes, '|' = chunk boundary */
    const char *out;       /* hex code points, replacement mode */
    const char *err;       /* fatal-mode errors, see the file comment */
    const wenc_encoding *after; /* wenc_decoder_encoding() at the end, or NULL */
    bool no_fatal;         /* the fatal-mode equivalence does not apply */
} dvec;

#define V(E, IN, OUT, ERR) {E, 0, IN, OUT, ERR, NULL, false}
#define B(E, FL, IN, OUT, ERR, AFTER) {E, FL, IN, OUT, ERR, AFTER, false}

/* ------------------------------------------------------------------------ */
/* UTF-8 decoder (encoding.bs "UTF-8 decoder").                              */
static const dvec utf8_vectors[] = {
    /* Step 3, 0x00 to 0x7F. */
    V(WENC_UTF_8, "41", "41", ""),
    V(WENC_UTF_8, "00 7F", "0000 007F", ""),
    V(WENC_UTF_8, "", "", ""),
    /* Step 3, 0xC2 to 0xDF, then steps 5-11. */
    V(WENC_UTF_8, "C2 80", "0080", ""),
    V(WENC_UTF_8, "DF BF", "07FF", ""),
    V(WENC_UTF_8, "C3 A9", "00E9", ""),
    /* 0xE0 to 0xEF; 0xE0 sets the lower boundary to 0xA0, 0xED the upper
    ** boundary to 0x9F. */
    V(WENC_UTF_8, "E0 A0 80", "0800", ""),
    V(WENC_UTF_8, "E0 BF 80", "0FC0", ""),
    V(WENC_UTF_8, "E2 82 AC", "20AC", ""),
    V(WENC_UTF_8, "ED 9F BF", "D7FF", ""),
    V(WENC_UTF_8, "ED 80 80", "D000", ""),
    V(WENC_UTF_8, "EE 80 80", "E000", ""),
    V(WENC_UTF_8, "EF BF BF", "FFFF", ""),
    /* A U+FFFD that is data, not an error. */
    V(WENC_UTF_8, "EF BF BD", "FFFD", ""),
    /* No BOM handling in the decoder itself. */
    V(WENC_UTF_8, "EF BB BF 41", "FEFF 41", ""),
    /* 0xF0 to 0xF4; 0xF0 sets the lower boundary to 0x90, 0xF4 the upper to
    ** 0x8F. */
    V(WENC_UTF_8, "F0 90 80 80", "10000", ""),
    V(WENC_UTF_8, "F0 9F 92 A9", "1F4A9", ""),
    V(WENC_UTF_8, "F1 80 80 80", "40000", ""),
    V(WENC_UTF_8, "F4 8F BF BF", "10FFFF", ""),
    V(WENC_UTF_8, "41 E2 82 AC 42 F0 9F 98 80", "41 20AC 42 1F600", ""),
    /* Step 3 "Otherwise": error, nothing restored. */
    V(WENC_UTF_8, "80", "FFFD", "0+1"),
    V(WENC_UTF_8, "BF", "FFFD", "0+1"),
    V(WENC_UTF_8, "41 80 42", "41 FFFD 42", "1+1"),
    V(WENC_UTF_8, "C0 80", "FFFD FFFD", "0+1 1+1"),
    V(WENC_UTF_8, "C1 BF", "FFFD FFFD", "0+1 1+1"),
    V(WENC_UTF_8, "F5 80 80 80", "FFFD FFFD FFFD FFFD", "0+1 1+1 2+1 3+1"),
    V(WENC_UTF_8, "F8 88 80 80 80", "FFFD FFFD FFFD FFFD FFFD", "0+1 1+1 2+1 3+1 4+1"),
    V(WENC_UTF_8, "FE FF", "FFFD FFFD", "0+1 1+1"),
    /* Step 4: a byte outside the boundaries is restored; the error spans the
    ** bytes before it. */
    V(WENC_UTF_8, "E0 9F 80", "FFFD FFFD FFFD", "0+1 1+1 2+1"),
    V(WENC_UTF_8, "E0 80 80", "FFFD FFFD FFFD", "0+1 1+1 2+1"),
    V(WENC_UTF_8, "ED A0 80", "FFFD FFFD FFFD", "0+1 1+1 2+1"),
    V(WENC_UTF_8, "ED BF BF", "FFFD FFFD FFFD", "0+1 1+1 2+1"),
    V(WENC_UTF_8, "F0 8F BF BF", "FFFD FFFD FFFD FFFD", "0+1 1+1 2+1 3+1"),
    V(WENC_UTF_8, "F4 90 80 80", "FFFD FFFD FFFD FFFD", "0+1 1+1 2+1 3+1"),
    V(WENC_UTF_8, "F0 80", "FFFD FFFD", "0+1 1+1"),
    V(WENC_UTF_8, "E0 A0 7F", "FFFD 007F", "0+2"),
    V(WENC_UTF_8, "E1 80 41", "FFFD 41", "0+2"),
    V(WENC_UTF_8, "E2 82 41", "FFFD 41", "0+2"),
    V(WENC_UTF_8, "F0 9F 92 41", "FFFD 41", "0+3"),
    V(WENC_UTF_8, "F0 9F 41", "FFFD 41", "0+2"),
    V(WENC_UTF_8, "F0 41", "FFFD 41", "0+1"),
    V(WENC_UTF_8, "C2 41", "FFFD 41", "0+1"),
    /* The restored byte is a leading byte itself. */
    V(WENC_UTF_8, "C2 C2 80", "FFFD 0080", "0+1"),
    V(WENC_UTF_8, "E2 82 E2 82 AC", "FFFD 20AC", "0+2"),
    /* Step 1: end-of-queue while bytes are needed. */
    V(WENC_UTF_8, "C2", "FFFD", "0+1"),
    V(WENC_UTF_8, "E2", "FFFD", "0+1"),
    V(WENC_UTF_8, "E2 82", "FFFD", "0+2"),
    V(WENC_UTF_8, "F0 9F 92", "FFFD", "0+3"),
    V(WENC_UTF_8, "F4 8F BF", "FFFD", "0+3"),
    V(WENC_UTF_8, "41 F0 9F", "41 FFFD", "1+2"),
    /* The same, split across calls. */
    V(WENC_UTF_8, "E2 | 82 | AC", "20AC", ""),
    V(WENC_UTF_8, "F0 9F | 98 80", "1F600", ""),
    V(WENC_UTF_8, "F0 | 9F | 98 | 80", "1F600", ""),
    V(WENC_UTF_8, "E2 82 | 41", "FFFD 41", "0+2"),
    V(WENC_UTF_8, "E2 | 82", "FFFD", "0+2"),
    V(WENC_UTF_8, "ED | A0 | 80", "FFFD FFFD FFFD", "0+1 1+1 2+1"),
    V(WENC_UTF_8, "F0 9F 92 | 41 42", "FFFD 41 42", "0+3"),
    /* encoding.bs example-tokens: F0 9F restored before 92 A9. */
    V(WENC_UTF_8, "F0 9F | 92 A9", "1F4A9", ""),
    /* encoding.bs example-end-of-stream: chunks, then an empty last call. */
    V(WENC_UTF_8, "E2 | 82 AC |", "20AC", ""),
    /* SPEC-DELTA (d): "UTF-8 decode without BOM or fail" of 41 FF fails;
    ** (e): fatal TextDecoder, C3 with stream, then decode() throws. */
    V(WENC_UTF_8, "41 FF", "41 FFFD", "1+1"),
    V(WENC_UTF_8, "C3 |", "FFFD", "0+1"),
};

/* ------------------------------------------------------------------------ */
/* Single-byte decoder.  Byte 0x80 + p decodes to index pointer p (cited from
** each index-*.txt); a pointer with no line is an error. */
static const dvec single_byte_vectors[] = {
    V(WENC_IBM866, "00 41 7F", "0000 41 007F", ""),
    V(WENC_IBM866, "80 FF", "0410 00A0", ""),              /* lines 7, 134 */
    V(WENC_ISO_8859_2, "80 FF", "0080 02D9", ""),          /* lines 7, 134 */
    V(WENC_ISO_8859_3, "80 A5 FF", "0080 FFFD 02D9", "1+1"), /* 37 unmapped */
    V(WENC_ISO_8859_4, "80 FF", "0080 02D9", ""),
    V(WENC_ISO_8859_5, "80 FF", "0080 045F", ""),
    V(WENC_ISO_8859_6, "80 A1 FF", "0080 FFFD FFFD", "1+1 2+1"),
    V(WENC_ISO_8859_7, "80 AE FF", "0080 FFFD FFFD", "1+1 2+1"),
    V(WENC_ISO_8859_8, "80 A1 FF", "0080 FFFD FFFD", "1+1 2+1"),
    V(WENC_ISO_8859_8_I, "80 A1 FF", "0080 FFFD FFFD", "1+1 2+1"),
    V(WENC_ISO_8859_10, "80 FF", "0080 0138", ""),
    V(WENC_ISO_8859_13, "80 FF", "0080 2019", ""),
    V(WENC_ISO_8859_14, "80 FF", "0080 00FF", ""),
    V(WENC_ISO_8859_15, "80 FF", "0080 00FF", ""),
    V(WENC_ISO_8859_16, "80 FF", "0080 00FF", ""),
    V(WENC_KOI8_R, "80 A4 FF", "2500 2553 042A", ""),      /* lines 7, 43, 134 */
    V(WENC_KOI8_U, "80 A4 FF", "2500 0454 042A", ""),      /* lines 7, 43, 134 */
    V(WENC_MACINTOSH, "80 FF", "00C4 02C7", ""),
    V(WENC_WINDOWS_874, "80 DB FF", "20AC FFFD FFFD", "1+1 2+1"),
    V(WENC_WINDOWS_1250, "80 FF", "20AC 02D9", ""),
    V(WENC_WINDOWS_1251, "80 FF", "0402 044F", ""),
    V(WENC_WINDOWS_1252, "80 81 FF", "20AC 0081 00FF", ""), /* lines 7, 8, 134 */
    V(WENC_WINDOWS_1252, "41 80 5C", "41 20AC 5C", ""),
    V(WENC_WINDOWS_1253, "80 AA FF", "20AC FFFD FFFD", "1+1 2+1"),
    V(WENC_WINDOWS_1254, "80 FF", "20AC 00FF", ""),
    V(WENC_WINDOWS_1255, "80 CA D9 FF", "20AC 05BA FFFD FFFD", "2+1 3+1"), /* line 81 */
    V(WENC_WINDOWS_1256, "80 FF", "20AC 06D2", ""),
    V(WENC_WINDOWS_1257, "80 A1 FF", "20AC FFFD 02D9", "1+1"),
    V(WENC_WINDOWS_1258, "80 FF", "20AC 00FF", ""),
    V(WENC_X_MAC_CYRILLIC, "80 FF", "0410 20AC", ""),
};

/* ------------------------------------------------------------------------ */
/* x-user-defined decoder: ASCII, else 0xF780 + byte - 0x80. */
static const dvec x_user_defined_vectors[] = {
    V(WENC_X_USER_DEFINED, "00 41 7F", "0000 41 007F", ""),
    V(WENC_X_USER_DEFINED, "80 FF", "F780 F7FF", ""),
    V(WENC_X_USER_DEFINED, "C0 | 81", "F7C0 F781", ""),
    V(WENC_X_USER_DEFINED, "", "", ""),
};

/* ------------------------------------------------------------------------ */
/* gb18030 decoder (and GBK's, which is the same).  Two-byte pointers index
** index-gb18030.txt; four-byte pointers go through "index gb18030 ranges code
** point" (index-gb18030-ranges.txt). */
static const dvec gb18030_vectors[] = {
    /* Steps 6-9. */
    V(WENC_GB18030, "41 30", "41 30", ""),
    V(WENC_GB18030, "80", "20AC", ""),
    V(WENC_GB18030, "FF", "FFFD", "0+1"),
    /* Step 5, two bytes: pointer (lead-0x81)*190 + byte - (0x40 or 0x41). */
    V(WENC_GB18030, "81 40", "4E02", ""),     /* pointer 0, line 7 */
    V(WENC_GB18030, "81 41", "4E04", ""),     /* pointer 1, line 8 */
    V(WENC_GB18030, "81 7E", "4E8A", ""),     /* pointer 62, line 69 */
    V(WENC_GB18030, "81 80", "4E90", ""),     /* pointer 63, line 70 */
    V(WENC_GB18030, "81 FE", "4FA2", ""),     /* pointer 189, line 196 */
    V(WENC_GB18030, "A1 A1", "3000", ""),     /* pointer 6176, line 6183 */
    V(WENC_GB18030, "A3 A0", "3000", ""),     /* pointer 6555, line 6562 */
    V(WENC_GB18030, "A2 E3", "20AC", ""),     /* pointer 6432, line 6439 */
    V(WENC_GB18030, "FE FE", "E4C5", ""),     /* pointer 23939, line 23946 */
    /* GB18030-2022: the 18 pointers that now give standard code points. */
    V(WENC_GB18030, "A6 D9 A6 DA A6 DB A6 DC A6 DD A6 DE A6 DF A6 EC A6 ED A6 F3",
      "FE10 FE12 FE11 FE13 FE14 FE15 FE16 FE17 FE18 FE19", ""),
    V(WENC_GB18030, "FE 59 FE 61 FE 66 FE 67 FE 6D FE 7E FE 90 FE A0",
      "9FB4 9FB5 9FB6 9FB7 9FB8 9FB9 9FBA 9FBB", ""),
    /* Step 5: no pointer; an ASCII byte is restored, any other is not. */
    V(WENC_GB18030, "81 7F", "FFFD 007F", "0+1"),
    V(WENC_GB18030, "81 20", "FFFD 20", "0+1"),
    V(WENC_GB18030, "81 FF", "FFFD", "0+2"),
    /* A second byte 0x81-0xFE is a trailing byte, not a new leading byte. */
    V(WENC_GB18030, "81 81 40", "4E96 40", ""),  /* pointer 64, line 71 */
    /* Steps 1-2: end-of-queue. */
    V(WENC_GB18030, "81", "FFFD", "0+1"),
    V(WENC_GB18030, "81 30", "FFFD", "0+2"),
    V(WENC_GB18030, "81 30 81", "FFFD", "0+3"),
    V(WENC_GB18030, "41 81 30", "41 FFFD", "1+2"),
    /* Step 3: four bytes. */
    V(WENC_GB18030, "81 30 81 30", "0080", ""),          /* pointer 0, ranges line 7 */
    V(WENC_GB18030, "81 30 81 31", "0081", ""),
    V(WENC_GB18030, "81 30 84 36", "00A5", ""),          /* pointer 36, ranges line 8 */
    V(WENC_GB18030, "84 31 82 36", "FE10", ""),          /* SPEC-DELTA (b) */
    V(WENC_GB18030, "82 35 90 37", "9FB4", ""),          /* INDEX-FACTS 4.3 */
    V(WENC_GB18030, "84 31 A4 37", "FFFD", ""),          /* pointer 39417: U+FFFD is data */
    V(WENC_GB18030, "84 31 A4 39", "FFFF", ""),          /* pointer 39419 (FFE6 + 25) */
    V(WENC_GB18030, "84 31 A5 30", "FFFD", "0+4"),       /* pointer 39420: null */
    V(WENC_GB18030, "8F 39 FE 39", "FFFD", "0+4"),       /* pointer 188999: null */
    V(WENC_GB18030, "90 30 81 30", "10000", ""),         /* pointer 189000, ranges line 213 */
    V(WENC_GB18030, "94 39 FC 36", "1F600", ""),         /* pointer 251976 */
    V(WENC_GB18030, "E3 32 9A 35", "10FFFF", ""),        /* pointer 1237575 */
    V(WENC_GB18030, "E3 32 9A 36", "FFFD", "0+4"),       /* pointer 1237576: null */
    V(WENC_GB18030, "E4 30 81 30", "FFFD", "0+4"),       /* pointer 1247400: null */
    V(WENC_GB18030, "FE 39 FE 39", "FFFD", "0+4"),       /* pointer 1587599: null */
    /* GB18030-2005: pointer 7457 is U+E7C7; its neighbours follow the ranges
    ** (820 -> U+0452, ranges line 48). */
    V(WENC_GB18030, "81 35 F4 36", "1E3E", ""),
    V(WENC_GB18030, "81 35 F4 37", "E7C7", ""),
    V(WENC_GB18030, "81 35 F4 38", "1E40", ""),
    /* Step 3.1: a fourth byte that is not a digit restores bytes 2-4. */
    V(WENC_GB18030, "81 30 81 41", "FFFD 30 4E04", "0+1"),
    V(WENC_GB18030, "81 30 81 7F", "FFFD 30 FFFD 007F", "0+1 2+1"),
    V(WENC_GB18030, "81 30 81 FF", "FFFD 30 FFFD", "0+1 2+2"),
    /* Step 4: a third byte outside 0x81-0xFE restores bytes 2-3. */
    V(WENC_GB18030, "81 30 41", "FFFD 30 41", "0+1"),
    V(WENC_GB18030, "81 30 30", "FFFD 30 30", "0+1"),
    V(WENC_GB18030, "81 30 FF", "FFFD 30 FFFD", "0+1 2+1"),
    /* Split across calls. */
    V(WENC_GB18030, "81 | 30 | 81 | 30", "0080", ""),
    V(WENC_GB18030, "81 30 | 81 41", "FFFD 30 4E04", "0+1"),
    V(WENC_GB18030, "81 30 81 | 41", "FFFD 30 4E04", "0+1"),
    V(WENC_GB18030, "81 | 30 81 | 7F 42", "FFFD 30 FFFD 007F 42", "0+1 2+1"),
    V(WENC_GB18030, "84 31 A5 | 30", "FFFD", "0+4"),
    /* GBK's decoder is gb18030's. */
    V(WENC_GBK, "80", "20AC", ""),
    V(WENC_GBK, "A6 D9 FE 59", "FE10 9FB4", ""),
    V(WENC_GBK, "81 30 81 30", "0080", ""),
    V(WENC_GBK, "90 30 81 30", "10000", ""),
    V(WENC_GBK, "84 31 A5 30", "FFFD", "0+4"),
    V(WENC_GBK, "81 30 81 41", "FFFD 30 4E04", "0+1"),
    V(WENC_GBK, "81 30", "FFFD", "0+2"),
};

/* ------------------------------------------------------------------------ */
/* Big5 decoder: pointer (lead-0x81)*157 + byte - (0x40 or 0x62), in
** index-big5.txt, except the four pointers with two code points. */
static const dvec big5_vectors[] = {
    V(WENC_BIG5, "41", "41", ""),
    V(WENC_BIG5, "80", "FFFD", "0+1"),
    V(WENC_BIG5, "FF", "FFFD", "0+1"),
    V(WENC_BIG5, "87 40", "43F0", ""),          /* pointer 942, line 7 */
    V(WENC_BIG5, "87 45", "27267", ""),         /* pointer 947, line 12 */
    V(WENC_BIG5, "88 40", "31C0", ""),          /* pointer 1099, line 132 */
    V(WENC_BIG5, "88 66", "00CA", ""),          /* pointer 1137, line 168 */
    V(WENC_BIG5, "A1 40", "3000", ""),          /* pointer 5024, line 3911 */
    V(WENC_BIG5, "A4 51", "5341", ""),          /* pointer 5512, line 4370 */
    V(WENC_BIG5, "A4 CA", "5345", ""),          /* pointer 5599, line 4457 */
    V(WENC_BIG5, "C8 7A C8 7C", "200CC 2008A", ""), /* pointers 11205, 11207 */
    V(WENC_BIG5, "F9 F9", "2550", ""),          /* pointer 18991, line 17806 */
    V(WENC_BIG5, "FE FE", "79D4", ""),          /* pointer 19781, line 18596 */
    /* The table of two code points. */
    V(WENC_BIG5, "88 62", "00CA 0304", ""),
    V(WENC_BIG5, "88 64", "00CA 030C", ""),
    V(WENC_BIG5, "88 A3", "00EA 0304", ""),
    V(WENC_BIG5, "88 A5", "00EA 030C", ""),
    V(WENC_BIG5, "41 88 62 42", "41 00CA 0304 42", ""),
    V(WENC_BIG5, "88 | 62 | 88 A5", "00CA 0304 00EA 030C", ""),
    /* Null pointer: ASCII byte restored, other bytes not. */
    V(WENC_BIG5, "81 40", "FFFD 40", "0+1"),    /* pointer 0 */
    V(WENC_BIG5, "87 66", "FFFD 66", "0+1"),    /* pointer 980 has no line */
    V(WENC_BIG5, "87 E0", "FFFD", "0+2"),       /* pointer 1068 has no line */
    V(WENC_BIG5, "A4 7F", "FFFD 007F", "0+1"),  /* 0x7F: not a trailing byte */
    V(WENC_BIG5, "A4 80", "FFFD", "0+2"),
    V(WENC_BIG5, "A4 A0", "FFFD", "0+2"),
    V(WENC_BIG5, "A4 FF", "FFFD", "0+2"),
    V(WENC_BIG5, "A4 A4 51", "4E2D 51", ""),    /* pointer 5561, line 4419 */
    /* End-of-queue. */
    V(WENC_BIG5, "A4", "FFFD", "0+1"),
    V(WENC_BIG5, "41 | A4", "41 FFFD", "1+1"),
    V(WENC_BIG5, "A4 | 51", "5341", ""),
};

/* ------------------------------------------------------------------------ */
/* EUC-JP decoder: jis0208 pointer (lead-0xA1)*94 + byte-0xA1; after 0x8F the
** same in index-jis0212.txt; 0x8E + 0xA1-0xDF is half-width katakana. */
static const dvec euc_jp_vectors[] = {
    V(WENC_EUC_JP, "41 5C 7E", "41 5C 7E", ""),
    V(WENC_EUC_JP, "80", "FFFD", "0+1"),
    V(WENC_EUC_JP, "A0", "FFFD", "0+1"),
    V(WENC_EUC_JP, "FF", "FFFD", "0+1"),
    /* Step 3: 0x8E katakana. */
    V(WENC_EUC_JP, "8E A1", "FF61", ""),
    V(WENC_EUC_JP, "8E DF", "FF9F", ""),
    V(WENC_EUC_JP, "8E E0", "FFFD", "0+2"),
    V(WENC_EUC_JP, "8E A0", "FFFD", "0+2"),
    V(WENC_EUC_JP, "8E 41", "FFFD 41", "0+1"),
    V(WENC_EUC_JP, "8E 8E A1", "FFFD FFFD", "0+2 2+1"),
    V(WENC_EUC_JP, "8E", "FFFD", "0+1"),
    V(WENC_EUC_JP, "8E | A1", "FF61", ""),
    /* Step 4: 0x8F then JIS X 0212. */
    V(WENC_EUC_JP, "8F A2 AF", "02D8", ""),     /* jis0212 pointer 108, line 7 */
    V(WENC_EUC_JP, "8F A2 B0", "02C7", ""),     /* jis0212 pointer 109, line 8 */
    V(WENC_EUC_JP, "8F A1 A1", "FFFD", "0+3"),  /* jis0212 pointer 0: no line */
    V(WENC_EUC_JP, "8F FE FE", "FFFD", "0+3"),  /* jis0212 pointer 8835: no line */
    V(WENC_EUC_JP, "8F A2 41", "FFFD 41", "0+2"),
    V(WENC_EUC_JP, "8F A2 FF", "FFFD", "0+3"),
    V(WENC_EUC_JP, "8F 41", "FFFD 41", "0+1"),
    V(WENC_EUC_JP, "8F 8E", "FFFD", "0+2"),
    V(WENC_EUC_JP, "8F", "FFFD", "0+1"),
    V(WENC_EUC_JP, "8F A2", "FFFD", "0+2"),
    /* EUC-JP jis0212 is reset after each sequence (jis0212 pointer 283 has no
    ** line, jis0208 pointer 283 is U+3042). */
    V(WENC_EUC_JP, "8F A2 AF A4 A2", "02D8 3042", ""),
    V(WENC_EUC_JP, "8F A1 A1 A4 A2", "FFFD 3042", "0+3"),
    V(WENC_EUC_JP, "8F A2 41 A4 A2", "FFFD 41 3042", "0+2"),
    V(WENC_EUC_JP, "8F | A2 | AF", "02D8", ""),
    /* Step 5: jis0208. */
    V(WENC_EUC_JP, "A1 A1", "3000", ""),        /* pointer 0, line 7 */
    V(WENC_EUC_JP, "A1 DD", "FF0D", ""),        /* pointer 60, line 67 */
    V(WENC_EUC_JP, "A4 A2", "3042", ""),        /* pointer 283, line 217 */
    V(WENC_EUC_JP, "AD A1", "2460", ""),        /* pointer 1128, line 531 */
    V(WENC_EUC_JP, "FC F1", "2170", ""),        /* pointer 8634, line 7329 */
    V(WENC_EUC_JP, "FE FE", "FFFD", "0+2"),     /* pointer 8835: no line */
    /* Only an ASCII byte is restored (SPEC-DELTA (b), EUC-JP). */
    V(WENC_EUC_JP, "A1 8E A1", "FFFD FFFD", "0+2 2+1"),
    V(WENC_EUC_JP, "A1 FF", "FFFD", "0+2"),
    V(WENC_EUC_JP, "A1 80", "FFFD", "0+2"),
    V(WENC_EUC_JP, "A1 41", "FFFD 41", "0+1"),
    V(WENC_EUC_JP, "A4", "FFFD", "0+1"),
    V(WENC_EUC_JP, "A4 | A2", "3042", ""),
};

/* ------------------------------------------------------------------------ */
/* ISO-2022-JP decoder: every state, every escape, the output flag. */
static const dvec iso_2022_jp_vectors[] = {
    /* ASCII state. */
    V(WENC_ISO_2022_JP, "41 42 5C 7E", "41 42 5C 7E", ""),
    V(WENC_ISO_2022_JP, "", "", ""),
    V(WENC_ISO_2022_JP, "0E", "FFFD", "0+1"),
    V(WENC_ISO_2022_JP, "0F", "FFFD", "0+1"),
    V(WENC_ISO_2022_JP, "80", "FFFD", "0+1"),
    V(WENC_ISO_2022_JP, "FF", "FFFD", "0+1"),
    /* ESC ( B at the start: the output flag is initially false. */
    V(WENC_ISO_2022_JP, "1B 28 42 41", "41", ""),
    /* Roman. */
    V(WENC_ISO_2022_JP, "1B 28 4A 5C 7E 41", "00A5 203E 41", ""),
    V(WENC_ISO_2022_JP, "1B 28 4A 0E", "FFFD", "3+1"),
    V(WENC_ISO_2022_JP, "1B 28 4A 80", "FFFD", "3+1"),
    /* Katakana: 0x21-0x5F -> U+FF61 - 0x21 + byte. */
    V(WENC_ISO_2022_JP, "1B 28 49 21 5F 41", "FF61 FF9F FF81", ""),
    V(WENC_ISO_2022_JP, "1B 28 49 20", "FFFD", "3+1"),
    V(WENC_ISO_2022_JP, "1B 28 49 60", "FFFD", "3+1"),
    V(WENC_ISO_2022_JP, "1B 28 49 0A", "FFFD", "3+1"),
    V(WENC_ISO_2022_JP, "1B 28 49 21 1B 28 42 21", "FF61 21", ""),
    /* Leading byte / trailing byte (jis0208). */
    V(WENC_ISO_2022_JP, "1B 24 42 24 22", "3042", ""),       /* pointer 283 */
    V(WENC_ISO_2022_JP, "1B 24 40 24 22", "3042", ""),
    V(WENC_ISO_2022_JP, "1B 24 42 24 22 24 24", "3042 3044", ""), /* 283, 285 */
    V(WENC_ISO_2022_JP, "1B 24 42 21 21 7E 7E", "3000 FFFD", "5+2"), /* 0; 8835 */
    V(WENC_ISO_2022_JP, "1B 24 42 20", "FFFD", "3+1"),
    V(WENC_ISO_2022_JP, "1B 24 42 0A", "FFFD", "3+1"),
    V(WENC_ISO_2022_JP, "1B 24 42 80", "FFFD", "3+1"),
    V(WENC_ISO_2022_JP, "1B 24 42 24 22 0A", "3042 FFFD", "5+1"),
    V(WENC_ISO_2022_JP, "1B 24 42 24 20", "FFFD", "3+2"),
    V(WENC_ISO_2022_JP, "1B 24 42 24 80", "FFFD", "3+2"),
    V(WENC_ISO_2022_JP, "1B 24 42 28 41", "FFFD", "3+2"),    /* pointer 690: no line */
    /* Leading byte at end-of-queue: finished; trailing byte: error. */
    V(WENC_ISO_2022_JP, "1B 24 42", "", ""),
    V(WENC_ISO_2022_JP, "1B 24 42 24", "FFFD", "3+1"),
    /* Trailing byte 0x1B: the error is the leading byte; 0x1B starts an
    ** escape (and is consumed). */
    V(WENC_ISO_2022_JP, "1B 24 42 24 1B 28 42 41", "FFFD 41", "3+1>5"),
    V(WENC_ISO_2022_JP, "1B 24 42 24 1B 24 42 24 22", "FFFD 3042", "3+1>5"),
    /* The same with 6C (the vector of issue 13): one error, 6C alone. */
    V(WENC_ISO_2022_JP, "1B 24 42 6C 1B 28 42", "FFFD", "3+1>5"),
    V(WENC_ISO_2022_JP, "1B 24 42 6C|1B 28 42 41", "FFFD 41", "3+1>5"),
    /* Escape start: anything but 0x24/0x28 is restored. */
    V(WENC_ISO_2022_JP, "1B 41", "FFFD 41", "0+1"),
    V(WENC_ISO_2022_JP, "1B", "FFFD", "0+1"),
    V(WENC_ISO_2022_JP, "1B 1B 28 42", "FFFD", "0+1"),
    V(WENC_ISO_2022_JP, "1B 24 42 1B 41 1B 28 42", "FFFD FFFD", "3+1 4+1>6"),
    /* Escape: an invalid final byte restores the leading 0x24/0x28 and the
    ** byte; the state returns to the output state. */
    V(WENC_ISO_2022_JP, "1B 24 41", "FFFD 24 41", "0+1"),
    V(WENC_ISO_2022_JP, "1B 28 41", "FFFD 28 41", "0+1"),
    V(WENC_ISO_2022_JP, "1B 24 4A", "FFFD 24 4A", "0+1"),
    V(WENC_ISO_2022_JP, "1B 24 49", "FFFD 24 49", "0+1"),
    V(WENC_ISO_2022_JP, "1B 28 40", "FFFD 28 40", "0+1"),
    V(WENC_ISO_2022_JP, "1B 28 43", "FFFD 28 43", "0+1"),
    V(WENC_ISO_2022_JP, "1B 24 28 42", "FFFD 24 28 42", "0+1"),
    V(WENC_ISO_2022_JP, "1B 24", "FFFD 24", "0+1"),
    V(WENC_ISO_2022_JP, "1B 28", "FFFD 28", "0+1"),
    V(WENC_ISO_2022_JP, "1B 28 4A 1B 28 5C", "FFFD 28 00A5", "3+1"),
    V(WENC_ISO_2022_JP, "1B 28 49 1B 24 41", "FFFD FF64 FF81", "3+1"),
    V(WENC_ISO_2022_JP, "1B 24 42 1B 24 24", "FFFD 3044", "3+1"),
    V(WENC_ISO_2022_JP, "1B 28 4A 1B 28", "FFFD 28", "3+1"),
    /* The output flag: two escapes in a row are an error spanning the second
    ** escape; anything decoded between them clears the flag. */
    V(WENC_ISO_2022_JP, "1B 28 42 1B 28 42", "FFFD", "3+3"),
    V(WENC_ISO_2022_JP, "1B 24 42 1B 28 42", "FFFD", "3+3"),
    V(WENC_ISO_2022_JP, "1B 24 40 1B 24 42 24 22", "FFFD 3042", "3+3"),
    V(WENC_ISO_2022_JP, "1B 28 4A 41 1B 28 42 41", "41 41", ""),
    V(WENC_ISO_2022_JP, "1B 28 49 21 1B 28 42", "FF61", ""),
    V(WENC_ISO_2022_JP, "1B 24 42 0A 1B 28 42", "FFFD", "3+1"),
    V(WENC_ISO_2022_JP, "1B 24 42 24 20 1B 28 42", "FFFD", "3+2"),
    /* encoding.bs example: two concatenated encoder outputs for U+00A5. */
    V(WENC_ISO_2022_JP, "1B 28 4A 5C 1B 28 42 1B 28 4A 5C 1B 28 42", "00A5 FFFD 00A5", "7+3"),
    V(WENC_ISO_2022_JP, "1B 28 4A 5C 1B 28 49 21 1B 24 42 24 22 1B 28 42 5C",
      "00A5 FF61 3042 5C", ""),
    /* Escapes split across calls. */
    V(WENC_ISO_2022_JP, "1B | 28 | 4A 5C", "00A5", ""),
    V(WENC_ISO_2022_JP, "1B 24 | 42 24 | 22", "3042", ""),
    V(WENC_ISO_2022_JP, "1B | 24 41", "FFFD 24 41", "0+1"),
    V(WENC_ISO_2022_JP, "1B 24 | 41", "FFFD 24 41", "0+1"),
    V(WENC_ISO_2022_JP, "1B 28 42 1B | 28 42", "FFFD", "3+3"),
    V(WENC_ISO_2022_JP, "1B 24 42 24 | 1B 28 42 41", "FFFD 41", "3+1>5"),
    V(WENC_ISO_2022_JP, "1B 28 4A | 1B 28 | 5C", "FFFD 28 00A5", "3+1"),
};

/* ------------------------------------------------------------------------ */
/* Shift_JIS decoder: pointer (lead - 0x81 or 0xC1)*188 + byte - (0x40 or
** 0x41); 8836-10715 is EUDC (U+E000 + pointer - 8836). */
static const dvec shift_jis_vectors[] = {
    V(WENC_SHIFT_JIS, "41 5C 7E", "41 5C 7E", ""),
    V(WENC_SHIFT_JIS, "80", "0080", ""),
    V(WENC_SHIFT_JIS, "A1 DF", "FF61 FF9F", ""),
    V(WENC_SHIFT_JIS, "A0", "FFFD", "0+1"),
    V(WENC_SHIFT_JIS, "FD", "FFFD", "0+1"),
    V(WENC_SHIFT_JIS, "FE", "FFFD", "0+1"),
    V(WENC_SHIFT_JIS, "FF", "FFFD", "0+1"),
    V(WENC_SHIFT_JIS, "A0 FD FE FF", "FFFD FFFD FFFD FFFD", "0+1 1+1 2+1 3+1"),
    V(WENC_SHIFT_JIS, "81 40", "3000", ""),        /* pointer 0, line 7 */
    V(WENC_SHIFT_JIS, "81 7C", "FF0D", ""),        /* pointer 60, line 67 */
    V(WENC_SHIFT_JIS, "81 80", "00F7", ""),        /* pointer 63, line 70 */
    V(WENC_SHIFT_JIS, "82 A0", "3042", ""),        /* pointer 283, line 217 */
    V(WENC_SHIFT_JIS, "87 40", "2460", ""),        /* pointer 1128, line 531 */
    V(WENC_SHIFT_JIS, "9F FC", "6ECC", ""),        /* pointer 5827, line 4988 */
    V(WENC_SHIFT_JIS, "E0 40", "6F3E", ""),        /* pointer 5828, line 4989 */
    V(WENC_SHIFT_JIS, "EE EF", "2170", ""),        /* pointer 8634, line 7329 */
    V(WENC_SHIFT_JIS, "FA 40", "2170", ""),        /* pointer 10716, line 7343 */
    V(WENC_SHIFT_JIS, "FC 4B", "9ED1", ""),        /* pointer 11103, line 7730 */
    /* EUDC. */
    V(WENC_SHIFT_JIS, "F0 40", "E000", ""),        /* pointer 8836 */
    V(WENC_SHIFT_JIS, "F0 41", "E001", ""),
    V(WENC_SHIFT_JIS, "F9 FC", "E757", ""),        /* pointer 10715 */
    V(WENC_SHIFT_JIS, "EF FC", "FFFD", "0+2"),     /* pointer 8835: no line */
    V(WENC_SHIFT_JIS, "FC FC", "FFFD", "0+2"),     /* pointer 11279: no line */
    /* Null pointer: ASCII byte restored. */
    V(WENC_SHIFT_JIS, "82 22", "FFFD 22", "0+1"),
    V(WENC_SHIFT_JIS, "81 7F", "FFFD 007F", "0+1"),
    V(WENC_SHIFT_JIS, "85 40", "FFFD 40", "0+1"), /* pointer 752: no line */
    V(WENC_SHIFT_JIS, "81 FD", "FFFD", "0+2"),
    V(WENC_SHIFT_JIS, "81 A0 81", "25A1 FFFD", "2+1"), /* pointer 95, line 102 */
    V(WENC_SHIFT_JIS, "81", "FFFD", "0+1"),
    V(WENC_SHIFT_JIS, "81 | 40", "3000", ""),
    V(WENC_SHIFT_JIS, "F0 | 40 | 82", "E000 FFFD", "2+1"),
};

/* ------------------------------------------------------------------------ */
/* EUC-KR decoder: pointer (lead-0x81)*190 + byte-0x41 in index-euc-kr.txt. */
static const dvec euc_kr_vectors[] = {
    V(WENC_EUC_KR, "41", "41", ""),
    V(WENC_EUC_KR, "80", "FFFD", "0+1"),
    V(WENC_EUC_KR, "FF", "FFFD", "0+1"),
    V(WENC_EUC_KR, "81 41", "AC02", ""),           /* pointer 0, line 7 */
    V(WENC_EUC_KR, "82 41", "AD14", ""),           /* pointer 190, line 185 */
    V(WENC_EUC_KR, "A1 A1", "3000", ""),           /* pointer 6176, line 5787 */
    V(WENC_EUC_KR, "A1 D7", "00A7", ""),           /* pointer 6230, line 5841 */
    V(WENC_EUC_KR, "B0 A1", "AC00", ""),           /* pointer 9026, line 8035 */
    V(WENC_EUC_KR, "FD FE", "8A70", ""),           /* pointer 23749, line 17054 */
    V(WENC_EUC_KR, "FE FE", "FFFD", "0+2"),        /* pointer 23939: no line */
    V(WENC_EUC_KR, "C9 A1", "FFFD", "0+2"),        /* pointer 13776: no line */
    V(WENC_EUC_KR, "81 80", "FFFD", "0+2"),        /* pointer 63: no line */
    V(WENC_EUC_KR, "81 5B", "FFFD 5B", "0+1"),     /* pointer 26: no line */
    V(WENC_EUC_KR, "81 40", "FFFD 40", "0+1"),
    V(WENC_EUC_KR, "81 FF", "FFFD", "0+2"),
    V(WENC_EUC_KR, "B0", "FFFD", "0+1"),
    V(WENC_EUC_KR, "B0 | A1", "AC00", ""),
};

/* ------------------------------------------------------------------------ */
/* replacement decoder: one error for non-empty input, then finished. */
static const dvec replacement_vectors[] = {
    V(WENC_REPLACEMENT, "", "", ""),
    V(WENC_REPLACEMENT, "41 42", "FFFD", "0+1"),
    V(WENC_REPLACEMENT, "00", "FFFD", "0+1"),
    V(WENC_REPLACEMENT, "80 | 41 | 42", "FFFD", "0+1"),
    V(WENC_REPLACEMENT, "| 41", "FFFD", "0+1"),
};

/* ------------------------------------------------------------------------ */
/* shared UTF-16 decoder. */
static const dvec utf16_vectors[] = {
    V(WENC_UTF_16LE, "41 00", "41", ""),
    V(WENC_UTF_16LE, "41 00 42 00", "41 42", ""),
    V(WENC_UTF_16LE, "3D D8 00 DE", "1F600", ""),
    V(WENC_UTF_16LE, "00 D8 00 DC FF DB FF DF", "10000 10FFFF", ""),
    V(WENC_UTF_16LE, "FF FE", "FEFF", ""),
    V(WENC_UTF_16LE, "FE FF", "FFFE", ""),
    /* Leading surrogate then not a trailing one: the unit is restored. */
    V(WENC_UTF_16LE, "00 D8 41 00", "FFFD 41", "0+2"),
    V(WENC_UTF_16LE, "3D D8 41 00", "FFFD 41", "0+2"),
    V(WENC_UTF_16LE, "3D D8 3D D8 00 DE", "FFFD 1F600", "0+2"),
    /* Lone trailing surrogate; reversed pair. */
    V(WENC_UTF_16LE, "00 DC", "FFFD", "0+2"),
    V(WENC_UTF_16LE, "00 DC 00 D8", "FFFD FFFD", "0+2 2+2"),
    V(WENC_UTF_16LE, "41 00 00 DC 42 00", "41 FFFD 42", "2+2"),
    /* End-of-queue with a leading byte and/or surrogate. */
    V(WENC_UTF_16LE, "41", "FFFD", "0+1"),
    V(WENC_UTF_16LE, "41 00 42", "41 FFFD", "2+1"),
    V(WENC_UTF_16LE, "3D D8", "FFFD", "0+2"),
    V(WENC_UTF_16LE, "3D D8 00", "FFFD", "0+3"),
    V(WENC_UTF_16LE, "00 DC 41", "FFFD FFFD", "0+2 2+1"),
    /* Split across calls. */
    V(WENC_UTF_16LE, "3D D8 | 00 DE", "1F600", ""),
    V(WENC_UTF_16LE, "3D | D8 00 | DE", "1F600", ""),
    V(WENC_UTF_16LE, "00 D8 | 41 00", "FFFD 41", "0+2"),
    V(WENC_UTF_16LE, "00 D8 41 | 00", "FFFD 41", "0+2"),
    V(WENC_UTF_16LE, "41 | 00", "41", ""),

    V(WENC_UTF_16BE, "00 41", "41", ""),
    V(WENC_UTF_16BE, "D8 3D DE 00", "1F600", ""),
    V(WENC_UTF_16BE, "DB FF DF FF", "10FFFF", ""),
    V(WENC_UTF_16BE, "FE FF", "FEFF", ""),
    V(WENC_UTF_16BE, "FF FE", "FFFE", ""),
    V(WENC_UTF_16BE, "D8 00 00 41", "FFFD 41", "0+2"),
    V(WENC_UTF_16BE, "D8 3D D8 3D DE 00", "FFFD 1F600", "0+2"),
    V(WENC_UTF_16BE, "DC 00", "FFFD", "0+2"),
    V(WENC_UTF_16BE, "DC 00 D8 00", "FFFD FFFD", "0+2 2+2"),
    V(WENC_UTF_16BE, "00", "FFFD", "0+1"),
    V(WENC_UTF_16BE, "D8 3D", "FFFD", "0+2"),
    V(WENC_UTF_16BE, "D8 3D DE", "FFFD", "0+3"),
    V(WENC_UTF_16BE, "D8 | 3D DE | 00", "1F600", ""),
};

/* ------------------------------------------------------------------------ */
/* BOM options of wenc_decoder_init (the standard's "decode" / "BOM sniff" and
** TextDecoder's BOM stripping). */
#define SNIFF WENC_DECODER_BOM_SNIFF
#define STRIP WENC_DECODER_BOM_STRIP
static const dvec bom_vectors[] = {
    /* Sniff: the BOM decides the encoding and is not output. */
    B(WENC_WINDOWS_1252, SNIFF, "EF BB BF 41", "41", "", WENC_UTF_8),
    B(WENC_UTF_8, SNIFF, "FF FE 41 00", "41", "", WENC_UTF_16LE),
    B(WENC_WINDOWS_1252, SNIFF, "FE FF 00 41", "41", "", WENC_UTF_16BE),
    B(WENC_UTF_16LE, SNIFF, "FE FF 00 41", "41", "", WENC_UTF_16BE),
    B(WENC_UTF_16BE, SNIFF, "FF FE 41 00", "41", "", WENC_UTF_16LE),
    B(WENC_REPLACEMENT, SNIFF, "EF BB BF 41", "41", "", WENC_UTF_8),
    B(WENC_ISO_2022_JP, SNIFF, "EF BB BF 1B 28 4A 5C", "1B 28 4A 5C", "", WENC_UTF_8),
    B(WENC_WINDOWS_1252, SNIFF, "EF BB BF", "", "", WENC_UTF_8),
    B(WENC_WINDOWS_1252, SNIFF, "FF FE", "", "", WENC_UTF_16LE),
    /* Only one BOM is consumed. */
    B(WENC_UTF_8, SNIFF, "EF BB BF EF BB BF", "FEFF", "", WENC_UTF_8),
    B(WENC_WINDOWS_1252, SNIFF, "FF FE FF FE", "FEFF", "", WENC_UTF_16LE),
    /* Not a BOM: the bytes are decoded with the given encoding. */
    B(WENC_WINDOWS_1252, SNIFF, "EF BB 41", "00EF 00BB 41", "", WENC_WINDOWS_1252),
    B(WENC_WINDOWS_1252, SNIFF, "EF BB", "00EF 00BB", "", WENC_WINDOWS_1252),
    B(WENC_WINDOWS_1252, SNIFF, "EF", "00EF", "", WENC_WINDOWS_1252),
    B(WENC_WINDOWS_1252, SNIFF, "FE 41", "00FE 41", "", WENC_WINDOWS_1252),
    B(WENC_WINDOWS_1252, SNIFF, "FF 41", "00FF 41", "", WENC_WINDOWS_1252),
    B(WENC_WINDOWS_1252, SNIFF, "", "", "", WENC_WINDOWS_1252),
    B(WENC_UTF_8, SNIFF, "EF", "FFFD", "0+1", WENC_UTF_8),
    B(WENC_UTF_8, SNIFF, "EF BB", "FFFD", "0+2", WENC_UTF_8),
    B(WENC_UTF_16LE, SNIFF, "FE", "FFFD", "0+1", WENC_UTF_16LE),
    B(WENC_REPLACEMENT, SNIFF, "41", "FFFD", "0+1", WENC_REPLACEMENT),
    /* A BOM split across calls. */
    B(WENC_WINDOWS_1252, SNIFF, "EF | BB | BF 41", "41", "", WENC_UTF_8),
    B(WENC_WINDOWS_1252, SNIFF, "EF | BB | 41", "00EF 00BB 41", "", WENC_WINDOWS_1252),
    B(WENC_GB18030, SNIFF, "FF | FE 41 00", "41", "", WENC_UTF_16LE),
    B(WENC_WINDOWS_1252, SNIFF, "| FE | FF 00 41", "41", "", WENC_UTF_16BE),
    /* Error offsets count the BOM's bytes. */
    B(WENC_WINDOWS_1252, SNIFF, "FF FE 00 DC", "FFFD", "2+2", WENC_UTF_16LE),
    B(WENC_WINDOWS_1252, SNIFF, "FE FF 00", "FFFD", "2+1", WENC_UTF_16BE),
    B(WENC_WINDOWS_1252, SNIFF, "EF BB BF 41 E2 82 41", "41 FFFD 41", "4+2", WENC_UTF_8),
    /* Strip: only UTF-8, UTF-16BE and UTF-16LE; one leading U+FEFF. */
    B(WENC_UTF_8, STRIP, "EF BB BF 41", "41", "", WENC_UTF_8),
    B(WENC_UTF_8, STRIP, "EF BB BF EF BB BF", "FEFF", "", WENC_UTF_8),
    B(WENC_UTF_8, STRIP, "41 EF BB BF", "41 FEFF", "", WENC_UTF_8),
    B(WENC_UTF_8, STRIP, "EF BB | BF 41", "41", "", WENC_UTF_8),
    B(WENC_UTF_8, STRIP, "EF | BB BF | 41", "41", "", WENC_UTF_8),
    B(WENC_UTF_8, STRIP, "EF BB BF", "", "", WENC_UTF_8),
    B(WENC_UTF_8, STRIP, "FE FF", "FFFD FFFD", "0+1 1+1", WENC_UTF_8),
    B(WENC_UTF_8, STRIP, "EF BB BF 80", "FFFD", "3+1", WENC_UTF_8),
    B(WENC_UTF_16LE, STRIP, "FF FE 41 00", "41", "", WENC_UTF_16LE),
    B(WENC_UTF_16LE, STRIP, "FF | FE 41 00", "41", "", WENC_UTF_16LE),
    B(WENC_UTF_16LE, STRIP, "FE FF 41 00", "FFFE 41", "", WENC_UTF_16LE),
    B(WENC_UTF_16BE, STRIP, "FE FF 00 41", "41", "", WENC_UTF_16BE),
    B(WENC_UTF_16BE, STRIP, "FF FE 00 41", "FFFE 41", "", WENC_UTF_16BE),
    /* No effect for other encodings, and no sniffing. */
    B(WENC_WINDOWS_1252, STRIP, "EF BB BF", "00EF 00BB 00BF", "", WENC_WINDOWS_1252),
    B(WENC_GB18030, STRIP, "FF FE", "FFFD FFFD", "0+1 1+1", WENC_GB18030),
    B(WENC_UTF_8, STRIP, "FF FE 41 00", "FFFD FFFD 41 0000", "0+1 1+1", WENC_UTF_8),
    /* None: the BOM is data. */
    B(WENC_UTF_8, 0, "EF BB BF 41", "FEFF 41", "", WENC_UTF_8),
    B(WENC_UTF_16LE, 0, "FF FE 41 00", "FEFF 41", "", WENC_UTF_16LE),
    B(WENC_WINDOWS_1252, 0, "FF FE", "00FF 00FE", "", WENC_WINDOWS_1252),
};

/* The first decoded item is U+FFFD from an error, so a later U+FEFF is kept
** (TextDecoder's "BOM seen").  Only meaningful in replacement mode. */
static const dvec bom_replacement_only[] = {
    {WENC_UTF_8, STRIP, "FF EF BB BF", "FFFD FEFF", "", WENC_UTF_8, true},
};

/* ------------------------------------------------------------------------ */
/* The runner. */

typedef struct {
    uint64_t off, len, end;
} err_rec;

typedef struct {
    err_rec v[64];
    size_t n;
} err_list;

static wenc_status call_decode(wenc_decoder *d, int form, const uint8_t *src, size_t *n,
                               void *dst, size_t *m, bool last)
{
    switch (form) {
    case F8:
        return wenc_decoder_decode_to_utf8(d, src, n, (uint8_t *)dst, m, last);
    case F16:
        return wenc_decoder_decode_to_utf16(d, src, n, (uint16_t *)dst, m, last);
    default:
        return wenc_decoder_decode_to_utf32(d, src, n, (uint32_t *)dst, m, last);
    }
}

static size_t unit_size(int form) { return form == F8 ? 1 : form == F16 ? 2 : 4; }

static void put_cp(tu_bytes *b, int form, uint32_t cp)
{
    if (form == F8)
        tu_put_utf8(b, cp);
    else if (form == F16)
        tu_put_utf16(b, cp);
    else
        tu_put_utf32(b, cp);
}

/* Decodes IN (N bytes) as chunks ending at BREAKS[i] (and N), with an output
** buffer of DST_CAP units, appending the output to OUT.  In fatal mode a
** U+FFFD is appended at each error (so OUT compares with the replacement
** output) and the error is recorded in ERRS, with `end` = the absolute
** stream offset after the bytes the failing call consumed.  Returns NULL, or
** a description of a protocol violation. */
static const char *decode_run(wenc_decoder *d, int form, const uint8_t *in, size_t n,
                              const uint32_t *breaks, size_t nbreaks, size_t dst_cap,
                              tu_bytes *out, err_list *errs)
{
    static uint8_t dst[4096 * 4];
    size_t usz = unit_size(form);
    size_t start = 0;
    bool fatal = false;
    for (size_t c = 0; c <= nbreaks; c++) {
        size_t end = c < nbreaks ? breaks[c] : n;
        bool last = c == nbreaks;
        size_t pos = start;
        unsigned guard = 0;
        for (;;) {
            size_t sn = end - pos, dn = dst_cap;
            wenc_status st = call_decode(d, form, in + pos, &sn, dst, &dn, last);
            if (sn > end - pos || dn > dst_cap)
                return "lengths out of range";
            tu_bytes_push(out, dst, dn * usz);
            pos += sn;
            if (++guard > 100000)
                return "no progress";
            if (st == WENC_INPUT_EMPTY) {
                if (pos != end)
                    return "INPUT_EMPTY with input left";
                break;
            }
            if (st == WENC_OUTPUT_FULL) {
                if (sn == 0 && dn == 0)
                    return "OUTPUT_FULL without progress";
                continue;
            }
            if (st == WENC_MALFORMED) {
                fatal = true;
                if (errs->n < sizeof errs->v / sizeof errs->v[0]) {
                    err_rec *e = &errs->v[errs->n++];
                    e->off = wenc_decoder_error_offset(d);
                    e->len = wenc_decoder_error_length(d);
                    e->end = pos;
                }
                put_cp(out, form, 0xFFFD);
                continue;
            }
            return wenc_status_name(st);
        }
        start = end;
    }
    (void)fatal;
    return NULL;
}

/* Parses "0+2 3+1>5" into E. */
static void parse_errs(const char *s, err_list *e)
{
    e->n = 0;
    while (*s) {
        if (tu_hexval((unsigned char)*s) < 0 || *s > '9') {
            s++;
            continue;
        }
        err_rec r = {0, 0, 0};
        char *endp;
        r.off = strtoull(s, &endp, 10);
        s = endp;
        if (*s == '+') {
            r.len = strtoull(s + 1, &endp, 10);
            s = endp;
        }
        r.end = r.off + r.len;
        if (*s == '>') {
            r.end = strtoull(s + 1, &endp, 10);
            s = endp;
        }
        e->v[e->n++] = r;
    }
}

static const char *fmt_errs(char *buf, size_t size, const err_list *e, bool with_end)
{
    size_t at = 0;
    buf[0] = 0;
    for (size_t i = 0; i < e->n && at < size; i++) {
        int w = snprintf(buf + at, size - at, "%s%llu+%llu", i ? " " : "",
                         (unsigned long long)e->v[i].off, (unsigned long long)e->v[i].len);
        if (w < 0)
            break;
        at += (size_t)w;
        if (with_end && at < size) {
            w = snprintf(buf + at, size - at, ">%llu", (unsigned long long)e->v[i].end);
            if (w < 0)
                break;
            at += (size_t)w;
        }
    }
    return buf;
}

static bool errs_equal(const err_list *a, const err_list *b, bool with_end)
{
    if (a->n != b->n)
        return false;
    for (size_t i = 0; i < a->n; i++)
        if (a->v[i].off != b->v[i].off || a->v[i].len != b->v[i].len ||
            (with_end && a->v[i].end != b->v[i].end))
            return false;
    return true;
}

static unsigned vector_count[64];

static void run_vector(const dvec *v)
{
    if (!built_or_skip(v->enc, v->in))
        return;
    tu_u32s inv = {0}, brk = {0}, cps = {0};
    tu_parse_hex(v->in, &inv, &brk);
    tu_parse_hex(v->out, &cps, NULL);
    uint8_t in[256];
    size_t n = inv.n;
    for (size_t i = 0; i < n; i++)
        in[i] = (uint8_t)inv.p[i];
    err_list want;
    parse_errs(v->err, &want);
    const wenc_encoding *after = v->after ? v->after : v->enc;
    const char *ename = wenc_encoding_name(v->enc);
    char label[512], a[600], b[600];
    snprintf(label, sizeof label, "%s%s [%s]", ename,
             v->flags & SNIFF ? " sniff" : v->flags & STRIP ? " strip" : "", v->in);
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++)
        if (wenc_encoding_at(i) == v->enc)
            vector_count[i]++;

    /* All-in-one-call breaks: none.  Byte-by-byte breaks: 1..n-1. */
    uint32_t bytewise[256];
    for (size_t i = 0; i + 1 < n; i++)
        bytewise[i] = (uint32_t)(i + 1);
    size_t nbytewise = n > 1 ? n - 1 : 0;

    for (int form = F8; form <= F32; form++) {
        tu_bytes want_out = {0};
        for (size_t i = 0; i < cps.n; i++)
            put_cp(&want_out, form, cps.p[i]);

        /* Replacement mode: one call; the marked chunks; byte by byte. */
        struct {
            const char *name;
            const uint32_t *br;
            size_t nbr;
            size_t cap;
        } runs[] = {
            {"one call", NULL, 0, 4096},
            {"chunks", brk.p, brk.n, 4096},
            {"byte by byte", bytewise, nbytewise, 4096},
            {"byte by byte, 1-unit output", bytewise, nbytewise, 1},
        };
        for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
            if (r == 1 && brk.n == 0)
                continue;
            if (r == 3 && form == F32)
                continue; /* same as UTF-32 with 4096 */
            for (int fatal = 0; fatal <= 1; fatal++) {
                if (fatal && v->no_fatal)
                    continue;
                wenc_decoder d;
                unsigned flags = v->flags | (fatal ? WENC_DECODER_FATAL : 0);
                wenc_status st = wenc_decoder_init(&d, v->enc, flags);
                if (st != WENC_OK) {
                    CHECK(0, "%s: init %s", label, wenc_status_name(st));
                    continue;
                }
                tu_bytes got = {0};
                err_list errs = {.n = 0};
                const char *bad = decode_run(&d, form, in, n, runs[r].br, runs[r].nbr,
                                             runs[r].cap, &got, &errs);
                char desc[700];
                snprintf(desc, sizeof desc, "%s %s %s, %s", label,
                         fatal ? "fatal (U+FFFD put back at each error)" : "replacement",
                         form_name[form], runs[r].name);
                if (bad) {
                    CHECK(0, "%s: %s", desc, bad);
                } else {
                    CHECK_BYTES(got.p, got.n, want_out.p, want_out.n, desc);
                }
                if (fatal) {
                    /* The stop position is only fixed when the whole input
                    ** is in one call. */
                    bool with_end = r == 0;
                    bool same = errs_equal(&errs, &want, with_end);
                    CHECK(same, "%s %s fatal %s, %s: errors [%s]", label, form_name[form],
                          runs[r].name, with_end ? "offset+length>stop" : "offset+length",
                          fmt_errs(b, sizeof b, &want, with_end));
                    if (!same)
                        printf("#   got errors [%s]\n", fmt_errs(a, sizeof a, &errs, with_end));
                }
                if (r == 0 && !fatal && form == F32) {
                    const wenc_encoding *now = wenc_decoder_encoding(&d);
                    CHECK(now == after, "%s: wenc_decoder_encoding() is %s (%s)", label,
                          wenc_encoding_name(after), wenc_encoding_name(now));
                    CHECK_EQ(wenc_decoder_position(&d), n, "position after the stream");
                }
                tu_bytes_free(&got);
            }
        }
        tu_bytes_free(&want_out);
    }
    tu_u32s_free(&inv);
    tu_u32s_free(&brk);
    tu_u32s_free(&cps);
}

static void run_table(const char *title, const dvec *t, size_t n)
{
    printf("# %s: %zu vectors\n", title, n);
    for (size_t i = 0; i < n; i++)
        run_vector(&t[i]);
}

#define RUN(t) run_table(#t, t, sizeof t / sizeof t[0])

/* ------------------------------------------------------------------------ */
/* BOM sniffing reports the encoding only once it is decided. */
static void sniff_in_progress(void)
{
    if (!built_or_skip(WENC_WINDOWS_1252, "sniff in progress"))
        return;
    wenc_decoder d;
    uint8_t out[16];
    const uint8_t ef[] = {0xEF}, bb[] = {0xBB}, bf[] = {0xBF};
    wenc_decoder_init(&d, WENC_WINDOWS_1252, WENC_DECODER_BOM_SNIFF);
    size_t n = 1, m = sizeof out;
    wenc_decoder_decode_to_utf8(&d, ef, &n, out, &m, false);
    CHECK(wenc_decoder_encoding(&d) == WENC_WINDOWS_1252 && m == 0,
          "sniff: after EF, still windows-1252 and nothing output");
    n = 1, m = sizeof out;
    wenc_decoder_decode_to_utf8(&d, bb, &n, out, &m, false);
    CHECK(wenc_decoder_encoding(&d) == WENC_WINDOWS_1252 && m == 0,
          "sniff: after EF BB, still windows-1252 and nothing output");
    n = 1, m = sizeof out;
    wenc_decoder_decode_to_utf8(&d, bf, &n, out, &m, false);
    CHECK(wenc_decoder_encoding(&d) == WENC_UTF_8 && m == 0, "sniff: after EF BB BF, UTF-8");

    /* Reset rewinds the BOM handling and the encoding. */
    wenc_decoder_reset(&d);
    CHECK(wenc_decoder_encoding(&d) == WENC_WINDOWS_1252 && wenc_decoder_position(&d) == 0,
          "sniff: reset gives back windows-1252 at position 0");
    const uint8_t le[] = {0xFF, 0xFE, 0x41, 0x00};
    n = sizeof le, m = sizeof out;
    wenc_decoder_decode_to_utf8(&d, le, &n, out, &m, true);
    CHECK(wenc_decoder_encoding(&d) == WENC_UTF_16LE && m == 1 && out[0] == 0x41,
          "sniff after reset: FF FE 41 00 -> 'A' as UTF-16LE");

    /* Init rejects both BOM modes, unknown flags and NULLs, leaving D alone. */
    memset(&d, 0xA5, sizeof d);
    wenc_decoder copy = d;
    CHECK_EQ(wenc_decoder_init(&d, WENC_UTF_8, SNIFF | STRIP), WENC_INVALID_ARGUMENT,
             "init with sniff|strip is WENC_INVALID_ARGUMENT");
    CHECK_EQ(wenc_decoder_init(&d, WENC_UTF_8, 0x100), WENC_INVALID_ARGUMENT,
             "init with an unknown flag is WENC_INVALID_ARGUMENT");
    CHECK_EQ(wenc_decoder_init(&d, NULL, 0), WENC_INVALID_ARGUMENT,
             "init with a NULL encoding is WENC_INVALID_ARGUMENT");
    CHECK(memcmp(&d, &copy, sizeof d) == 0, "failed init leaves the decoder untouched");
    CHECK_EQ(wenc_decoder_init(NULL, WENC_UTF_8, 0), WENC_INVALID_ARGUMENT,
             "init with a NULL decoder is WENC_INVALID_ARGUMENT");
    CHECK_EQ(wenc_decoder_init(&d, WENC_UTF_8, WENC_DECODER_FATAL | STRIP), WENC_OK,
             "init fatal|strip");
    CHECK_EQ(wenc_decoder_error_offset(&d), 0, "error offset is 0 before any error");
    CHECK_EQ(wenc_decoder_error_length(&d), 0, "error length is 0 before any error");
}

/* Step "ASCII byte -> code point" of every ASCII-compatible decoder in its
** initial state (ISO-2022-JP: except 0x0E, 0x0F and 0x1B). */
static void ascii_bytes(void)
{
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *enc = wenc_encoding_at(i);
        if (enc == WENC_UTF_16BE || enc == WENC_UTF_16LE || enc == WENC_REPLACEMENT)
            continue;
        if (!built_or_skip(enc, "ASCII bytes"))
            continue;
        uint8_t in[128];
        uint32_t want[128], got[128];
        size_t n = 0;
        for (unsigned b = 0; b < 0x80; b++) {
            if (enc == WENC_ISO_2022_JP && (b == 0x0E || b == 0x0F || b == 0x1B))
                continue;
            in[n] = (uint8_t)b;
            want[n++] = b;
        }
        wenc_decoder d;
        wenc_decoder_init(&d, enc, WENC_DECODER_FATAL);
        size_t sn = n, dn = 128;
        wenc_status st = wenc_decoder_decode_to_utf32(&d, in, &sn, got, &dn, true);
        CHECK(st == WENC_INPUT_EMPTY && dn == n && memcmp(got, want, n * 4) == 0,
              "%s: every ASCII byte decodes to its code point", wenc_encoding_name(enc));
    }
}

/* SPEC-DELTA (a): the label "unicode" is UTF-16LE now, so
** new TextDecoder("unicode").decode(41 00) is "A". */
static void unicode_label(void)
{
    const wenc_encoding *enc = wenc_encoding_for_label("unicode", 7);
    CHECK(enc == WENC_UTF_16LE, "label \"unicode\" is UTF-16LE");
    if (enc == NULL)
        return;
    wenc_decoder d;
    wenc_decoder_init(&d, enc, WENC_DECODER_BOM_STRIP);
    const uint8_t in[] = {0x41, 0x00};
    uint32_t out[4];
    size_t n = 2, m = 4;
    wenc_decoder_decode_to_utf32(&d, in, &n, out, &m, true);
    CHECK(m == 1 && out[0] == 0x41, "\"unicode\" decoder: 41 00 -> 'A'");
}

int main(void)
{
    RUN(utf8_vectors);
    RUN(single_byte_vectors);
    RUN(x_user_defined_vectors);
    RUN(gb18030_vectors);
    RUN(big5_vectors);
    RUN(euc_jp_vectors);
    RUN(iso_2022_jp_vectors);
    RUN(shift_jis_vectors);
    RUN(euc_kr_vectors);
    RUN(replacement_vectors);
    RUN(utf16_vectors);
    RUN(bom_vectors);
    RUN(bom_replacement_only);
    sniff_in_progress();
    ascii_bytes();
    unicode_label();

    printf("# vectors per encoding (as given to init):\n");
    unsigned total = 0;
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        printf("#   %-16s %u\n", wenc_encoding_name(wenc_encoding_at(i)), vector_count[i]);
        total += vector_count[i];
    }
    printf("#   total            %u\n", total);
    return check_done();
}
