/* encode_vectors.c -- hand-written step vectors for every encoder of the
** Encoding Standard (issue 4, "Tests that must exist"), in the fatal and html
** error modes, from UTF-8, UTF-16 and UTF-32 input.  Expected bytes were typed
** in from encoding.bs and the index files (index lines cited); nothing is
** computed by the library under test.
**
** An encoder vector gives scalar values, the bytes of html mode (hex, or
** 'literal ASCII' in quotes for the numeric character references), and the
** fatal-mode errors as CP@I (code point CP reported at scalar value index I;
** ISO-2022-JP reports U+FFFD for U+000E, U+000F and U+001B).  The program
** checks html mode, and fatal mode by continuing past each error ("encode or
** fail"): the errors and their input offsets (in the input form's units),
** and that the fatal output with "&#N;" put back at each error is the html
** output.  Each is run in one call, at the vector's '|' marks, unit by unit
** (splitting UTF-8 sequences and surrogate pairs), with a 1-byte output
** buffer, and in one call into buffers of 2 to 7 bytes.  Then come the
** input-handling vectors (lone surrogates, ill-formed UTF-8, invalid
** UTF-32), the SPEC-DELTA (d) "encode or fail" vectors, the encodings
** without an encoder, and a sweep of x-user-defined's bulk path. */
#include <wenc/wenc.h>

#include "check.h"
#include "built.h"
#include "testutil.h"

enum { I8, I16, I32 };
static const char *const form_name[3] = {"UTF-8", "UTF-16", "UTF-32"};

typedef struct {
    const wenc_encoding *enc;
    const char *in;   /* hex scalar values, '|' = chunk boundary */
    const char *html; /* expected html-mode bytes */
    const char *errs; /* fatal-mode errors, "CP@INDEX" */
} evec;

#define E(ENC, IN, HTML, ERRS) {ENC, IN, HTML, ERRS}

/* ------------------------------------------------------------------------ */
static const evec utf8_vectors[] = {
    E(WENC_UTF_8, "", "", ""),
    E(WENC_UTF_8, "0 41 7F", "00 41 7F", ""),
    E(WENC_UTF_8, "80 7FF", "C2 80 DF BF", ""),
    E(WENC_UTF_8, "800 FFFF", "E0 A0 80 EF BF BF", ""),
    E(WENC_UTF_8, "20AC FFFD", "E2 82 AC EF BF BD", ""),
    E(WENC_UTF_8, "10000 1F600 10FFFF", "F0 90 80 80 F0 9F 98 80 F4 8F BF BF", ""),
    E(WENC_UTF_8, "61 FF | 1F600", "61 C3 BF F0 9F 98 80", ""),
};

/* ------------------------------------------------------------------------ */
/* Single-byte encoder: the first pointer of the code point, + 0x80.  The code
** points are the ones at pointers 0 and 127 of each index (same lines as in
** decode_vectors.c). */
static const evec single_byte_vectors[] = {
    E(WENC_WINDOWS_1252, "20AC 81 FF 41", "80 81 FF 41", ""),
    E(WENC_WINDOWS_1252, "100", "'&#256;'", "100@0"),
    E(WENC_WINDOWS_1252, "80", "'&#128;'", "80@0"),
    E(WENC_WINDOWS_1252, "20AC 1F600", "80 '&#128512;'", "1F600@1"),
    E(WENC_WINDOWS_1252, "41 100 | 42 10FFFF 43", "41 '&#256;' 42 '&#1114111;' 43",
      "100@1 10FFFF@3"),
    E(WENC_IBM866, "410 A0 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_ISO_8859_2, "80 2D9 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_ISO_8859_3, "80 2D9 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_ISO_8859_4, "80 2D9 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_ISO_8859_5, "80 45F 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_ISO_8859_6, "80 1F600", "80 '&#128512;'", "1F600@1"),
    E(WENC_ISO_8859_7, "80 1F600", "80 '&#128512;'", "1F600@1"),
    E(WENC_ISO_8859_8, "80 1F600", "80 '&#128512;'", "1F600@1"),
    E(WENC_ISO_8859_8_I, "80 1F600", "80 '&#128512;'", "1F600@1"),
    E(WENC_ISO_8859_10, "80 138 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_ISO_8859_13, "80 2019 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_ISO_8859_14, "80 FF 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_ISO_8859_15, "80 FF 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_ISO_8859_16, "80 FF 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_KOI8_R, "2500 2553 42A 454", "80 A4 FF '&#1108;'", "454@3"),
    E(WENC_KOI8_U, "2500 454 42A 2553", "80 A4 FF '&#9555;'", "2553@3"),
    E(WENC_MACINTOSH, "C4 2C7 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_WINDOWS_874, "20AC 1F600", "80 '&#128512;'", "1F600@1"),
    E(WENC_WINDOWS_1250, "20AC 2D9 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_WINDOWS_1251, "402 44F 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_WINDOWS_1253, "20AC 1F600", "80 '&#128512;'", "1F600@1"),
    E(WENC_WINDOWS_1254, "20AC FF 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_WINDOWS_1255, "20AC 5BA 1F600", "80 CA '&#128512;'", "1F600@2"),
    E(WENC_WINDOWS_1256, "20AC 6D2 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_WINDOWS_1257, "20AC 2D9 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_WINDOWS_1258, "20AC FF 1F600", "80 FF '&#128512;'", "1F600@2"),
    E(WENC_X_MAC_CYRILLIC, "410 20AC 1F600", "80 FF '&#128512;'", "1F600@2"),
};

/* ------------------------------------------------------------------------ */
static const evec x_user_defined_vectors[] = {
    E(WENC_X_USER_DEFINED, "0 41 7F", "00 41 7F", ""),
    E(WENC_X_USER_DEFINED, "F780 F7C0 F7FF", "80 C0 FF", ""),
    E(WENC_X_USER_DEFINED, "80", "'&#128;'", "80@0"),
    E(WENC_X_USER_DEFINED, "F77F F800 1F600", "'&#63359;&#63488;&#128512;'",
      "F77F@0 F800@1 1F600@2"),
};

/* ------------------------------------------------------------------------ */
/* gb18030 and GBK encoders. */
static const evec gb18030_vectors[] = {
    E(WENC_GB18030, "41 7F", "41 7F", ""),
    /* Step 3: U+E5E5. */
    E(WENC_GB18030, "E5E5", "'&#58853;'", "E5E5@0"),
    E(WENC_GB18030, "E5E4", "A3 9F", ""),                 /* pointer 6554, line 6561 */
    /* Step 4: only GBK has 0x80. */
    E(WENC_GB18030, "20AC", "A2 E3", ""),                 /* pointer 6432, line 6439 */
    /* Step 5: the side table. */
    E(WENC_GB18030, "E78D E78E E78F E790 E791 E792 E793 E794 E795 E796",
      "A6 D9 A6 DA A6 DB A6 DC A6 DD A6 DE A6 DF A6 EC A6 ED A6 F3", ""),
    E(WENC_GB18030, "E81E E826 E82B E82C E832 E843 E854 E864",
      "FE 59 FE 61 FE 66 FE 67 FE 6D FE 7E FE 90 FE A0", ""),
    /* Steps 6-7: index gb18030 (the 2022 code points are two bytes now). */
    E(WENC_GB18030, "FE10 FE11 FE12 FE13 FE14 FE15 FE16 FE17 FE18 FE19",
      "A6 D9 A6 DB A6 DA A6 DC A6 DD A6 DE A6 DF A6 EC A6 ED A6 F3", ""),
    E(WENC_GB18030, "9FB4 9FB5 9FB6 9FB7 9FB8 9FB9 9FBA 9FBB",
      "FE 59 FE 61 FE 66 FE 67 FE 6D FE 7E FE 90 FE A0", ""),
    E(WENC_GB18030, "4E02 4E04 4E8A 4E90 4FA2", "81 40 81 41 81 7E 81 80 81 FE", ""),
    E(WENC_GB18030, "3000", "A1 A1", ""),                 /* first of 6176, 6555 */
    E(WENC_GB18030, "E4C5", "FE FE", ""),                 /* pointer 23939 */
    E(WENC_GB18030, "1E3F", "A8 BC", ""),                 /* pointer 7533, line 7540 */
    /* Steps 9-15: four bytes from the ranges. */
    E(WENC_GB18030, "80", "81 30 81 30", ""),
    E(WENC_GB18030, "A5", "81 30 84 36", ""),
    E(WENC_GB18030, "1E3E", "81 35 F4 36", ""),
    E(WENC_GB18030, "E7C7", "81 35 F4 37", ""),
    E(WENC_GB18030, "FFFD", "84 31 A4 37", ""),
    E(WENC_GB18030, "FFFF", "84 31 A4 39", ""),
    E(WENC_GB18030, "10000", "90 30 81 30", ""),
    E(WENC_GB18030, "1F600", "94 39 FC 36", ""),
    E(WENC_GB18030, "10FFFF", "E3 32 9A 35", ""),
    E(WENC_GB18030, "20AC E5E5 41", "A2 E3 '&#58853;' 41", "E5E5@1"),

    E(WENC_GBK, "41", "41", ""),
    E(WENC_GBK, "20AC", "80", ""),
    E(WENC_GBK, "E5E5", "'&#58853;'", "E5E5@0"),
    E(WENC_GBK, "E78D E796 E81E E864", "A6 D9 A6 F3 FE 59 FE A0", ""),
    E(WENC_GBK, "FE10 FE11 FE12 9FB4 9FBB", "A6 D9 A6 DB A6 DA FE 59 FE A0", ""),
    E(WENC_GBK, "3000 1E3F E4C5", "A1 A1 A8 BC FE FE", ""),
    /* Step 8: GBK never writes four bytes. */
    E(WENC_GBK, "80", "'&#128;'", "80@0"),
    E(WENC_GBK, "E7C7", "'&#59335;'", "E7C7@0"),
    E(WENC_GBK, "1E3E", "'&#7742;'", "1E3E@0"),
    E(WENC_GBK, "FFFD FFFF", "'&#65533;&#65535;'", "FFFD@0 FFFF@1"),
    E(WENC_GBK, "10000 1F600 10FFFF", "'&#65536;&#128512;&#1114111;'",
      "10000@0 1F600@1 10FFFF@2"),
    E(WENC_GBK, "20AC E5E5 41", "80 '&#58853;' 41", "E5E5@1"),
};

/* ------------------------------------------------------------------------ */
/* Big5 encoder: index Big5 pointer (no pointer below 5024; the last pointer
** for six code points). */
static const evec big5_vectors[] = {
    E(WENC_BIG5, "41", "41", ""),
    E(WENC_BIG5, "2550 255E 2561 256A 5341 5345", "F9 F9 F9 E9 F9 EB F9 EA A4 51 A4 CA", ""),
    E(WENC_BIG5, "256D", "A2 7E", ""),              /* 5243 (line 4130), not 18992 */
    E(WENC_BIG5, "5344", "A2 CD", ""),              /* 5288 (line 4175), not 19096 */
    E(WENC_BIG5, "3003", "A1 B2", ""),              /* 5104 (line 3991), not 10957 */
    E(WENC_BIG5, "4FBB", "CD E7", ""),              /* 12065 (line 10880); 4258 < 5024 */
    E(WENC_BIG5, "3000", "A1 40", ""),              /* 5024, line 3911 */
    E(WENC_BIG5, "79D4", "FE FE", ""),              /* 19781, line 18596 */
    E(WENC_BIG5, "2008A 200CC", "C8 7C C8 7A", ""), /* 11207, 11205 */
    /* HKSCS pointers (below 5024) are excluded. */
    E(WENC_BIG5, "43F0", "'&#17392;'", "43F0@0"),   /* only 942 */
    E(WENC_BIG5, "CA", "'&#202;'", "CA@0"),         /* only 1137 */
    E(WENC_BIG5, "C0", "'&#192;'", "C0@0"),         /* only 1124 */
    E(WENC_BIG5, "27267", "'&#160359;'", "27267@0"), /* only 947 */
    E(WENC_BIG5, "5F0C", "'&#24332;'", "5F0C@0"),   /* 2859 and 4828 */
    E(WENC_BIG5, "41 1F600 5341", "41 '&#128512;' A4 51", "1F600@1"),
};

/* ------------------------------------------------------------------------ */
static const evec euc_jp_vectors[] = {
    E(WENC_EUC_JP, "41 5C 7E", "41 5C 7E", ""),
    E(WENC_EUC_JP, "A5 203E", "5C 7E", ""),
    E(WENC_EUC_JP, "FF61 FF76 FF9F", "8E A1 8E B6 8E DF", ""),
    E(WENC_EUC_JP, "2212 FF0D", "A1 DD A1 DD", ""),     /* pointer 60, line 67 */
    E(WENC_EUC_JP, "3000 3042", "A1 A1 A4 A2", ""),
    E(WENC_EUC_JP, "2170", "FC F1", ""),                /* first pointer 8634 */
    E(WENC_EUC_JP, "9ED1", "FC EE", ""),                /* first pointer 8631, line 7328 */
    E(WENC_EUC_JP, "2460", "AD A1", ""),                /* 1128 */
    E(WENC_EUC_JP, "2252", "A2 E2", ""),                /* first pointer 159, line 136 */
    E(WENC_EUC_JP, "FFE2", "A2 CC", ""),                /* first pointer 137, line 125 */
    E(WENC_EUC_JP, "6F3E", "DF A1", ""),                /* 5828 */
    /* JIS X 0212 is never used; U+02D8 is only in index jis0212. */
    E(WENC_EUC_JP, "2D8", "'&#728;'", "2D8@0"),
    E(WENC_EUC_JP, "80", "'&#128;'", "80@0"),
    E(WENC_EUC_JP, "E000", "'&#57344;'", "E000@0"),
    E(WENC_EUC_JP, "3042 1F600 3042", "A4 A2 '&#128512;' A4 A2", "1F600@1"),
};

/* ------------------------------------------------------------------------ */
/* ISO-2022-JP encoder: the ASCII / Roman / jis0208 state machine. */
static const evec iso_2022_jp_vectors[] = {
    E(WENC_ISO_2022_JP, "", "", ""),
    E(WENC_ISO_2022_JP, "41 5C 7E 0A", "41 5C 7E 0A", ""),
    /* Step 7: U+00A5 and U+203E switch to Roman; step 1 returns to ASCII at
    ** the end. */
    E(WENC_ISO_2022_JP, "A5", "1B 28 4A 5C 1B 28 42", ""),
    E(WENC_ISO_2022_JP, "203E", "1B 28 4A 7E 1B 28 42", ""),
    E(WENC_ISO_2022_JP, "A5 203E", "1B 28 4A 5C 7E 1B 28 42", ""),
    /* Step 5: ASCII other than \ and ~ stays in Roman. */
    E(WENC_ISO_2022_JP, "A5 41 0A 203E", "1B 28 4A 5C 41 0A 7E 1B 28 42", ""),
    /* Step 6: \ and ~ switch back to ASCII. */
    E(WENC_ISO_2022_JP, "A5 5C", "1B 28 4A 5C 1B 28 42 5C", ""),
    E(WENC_ISO_2022_JP, "A5 7E", "1B 28 4A 5C 1B 28 42 7E", ""),
    /* Step 12: jis0208. */
    E(WENC_ISO_2022_JP, "3042", "1B 24 42 24 22 1B 28 42", ""),
    E(WENC_ISO_2022_JP, "3042 3044", "1B 24 42 24 22 24 24 1B 28 42", ""),
    E(WENC_ISO_2022_JP, "3000", "1B 24 42 21 21 1B 28 42", ""),
    E(WENC_ISO_2022_JP, "2170 9ED1", "1B 24 42 7C 71 7C 6E 1B 28 42", ""), /* 8634, 8631 */
    E(WENC_ISO_2022_JP, "3042 41", "1B 24 42 24 22 1B 28 42 41", ""),
    E(WENC_ISO_2022_JP, "3042 0A", "1B 24 42 24 22 1B 28 42 0A", ""),
    E(WENC_ISO_2022_JP, "3042 A5", "1B 24 42 24 22 1B 28 4A 5C 1B 28 42", ""),
    E(WENC_ISO_2022_JP, "A5 3042", "1B 28 4A 5C 1B 24 42 24 22 1B 28 42", ""),
    E(WENC_ISO_2022_JP, "41 3042 A5 42 | 3044 5C",
      "41 1B 24 42 24 22 1B 28 4A 5C 42 1B 24 42 24 24 1B 28 42 5C", ""),
    /* Step 8: U+2212 is U+FF0D (pointer 60). */
    E(WENC_ISO_2022_JP, "2212", "1B 24 42 21 5D 1B 28 42", ""),
    /* Step 9: half-width katakana through index ISO-2022-JP katakana. */
    E(WENC_ISO_2022_JP, "FF61", "1B 24 42 21 23 1B 28 42", ""),       /* -> U+3002, 2 */
    E(WENC_ISO_2022_JP, "FF76", "1B 24 42 25 2B 1B 28 42", ""),       /* -> U+30AB, 386 */
    E(WENC_ISO_2022_JP, "FF9E", "1B 24 42 21 2B 1B 28 42", ""),       /* -> U+309B, 10 */
    E(WENC_ISO_2022_JP, "FF9F", "1B 24 42 21 2C 1B 28 42", ""),       /* -> U+309C, 11 */
    E(WENC_ISO_2022_JP, "FF76 FF9E", "1B 24 42 25 2B 21 2B 1B 28 42", ""),
    /* Step 3: U+000E, U+000F, U+001B are errors with U+FFFD in ASCII and
    ** Roman. */
    E(WENC_ISO_2022_JP, "E", "'&#65533;'", "FFFD@0"),
    E(WENC_ISO_2022_JP, "F", "'&#65533;'", "FFFD@0"),
    E(WENC_ISO_2022_JP, "1B", "'&#65533;'", "FFFD@0"),
    E(WENC_ISO_2022_JP, "A5 E", "1B 28 4A 5C '&#65533;' 1B 28 42", "FFFD@1"),
    E(WENC_ISO_2022_JP, "203E 1B 41", "1B 28 4A 7E '&#65533;' 41 1B 28 42", "FFFD@1"),
    /* In jis0208 they are ASCII code points: step 6 switches to ASCII first. */
    E(WENC_ISO_2022_JP, "3042 F", "1B 24 42 24 22 1B 28 42 '&#65533;'", "FFFD@1"),
    /* Step 11: an unmappable code point in jis0208 first returns to ASCII. */
    E(WENC_ISO_2022_JP, "3042 1F600", "1B 24 42 24 22 1B 28 42 '&#128512;'", "1F600@1"),
    E(WENC_ISO_2022_JP, "3042 1F600 3042",
      "1B 24 42 24 22 1B 28 42 '&#128512;' 1B 24 42 24 22 1B 28 42", "1F600@1"),
    /* ... but not in Roman. */
    E(WENC_ISO_2022_JP, "A5 1F600", "1B 28 4A 5C '&#128512;' 1B 28 42", "1F600@1"),
    E(WENC_ISO_2022_JP, "80 2D8 E000", "'&#128;&#728;&#57344;'", "80@0 2D8@1 E000@2"),
    /* Greek words between ASCII spaces and punctuation: an escape each way
    ** around every word (alpha..delta: row 6, cells 33..36). */
    E(WENC_ISO_2022_JP,
      "3B1 3B2 20 3B3 2C 20 3B4",
      "1B 24 42 26 41 26 42 1B 28 42 20 1B 24 42 26 43 1B 28 42 2C 20 1B 24 42 26 44 1B 28 "
      "42",
      ""),
    /* Greek text as the benchmark encodes it (issue 29): references typed
    ** in the text ("&#902;", ASCII) between the words, and what the index
    ** lacks (accented vowels, final sigma), errors. */
    E(WENC_ISO_2022_JP,
      "39F 20 26 23 39 30 32 3B 3C1 3B7 3C2 20 3B5 3AF 3BD 3B1 3B9 20 3BF 20 3C4 3AD 3C4 "
      "3B1 3C1 3C4 3BF 3C2 2E",
      "1B 24 42 26 2F 1B 28 42 20 '&#902;' 1B 24 42 26 51 26 47 1B 28 42 '&#962;' 20 1B 24 "
      "42 26 45 1B 28 42 '&#943;' 1B 24 42 26 4D 26 41 26 49 1B 28 42 20 1B 24 42 26 4F 1B "
      "28 42 20 1B 24 42 26 53 1B 28 42 '&#941;' 1B 24 42 26 53 26 41 26 51 26 53 26 4F 1B "
      "28 42 '&#962;' 2E",
      "3C2@10 3AF@13 3AD@21 3C2@27"),
    /* Russian (row 7): a run of ASCII longer than 16 units between words,
    ** and IO (U+0401, U+0451; cells 7 and 87). */
    E(WENC_ISO_2022_JP,
      "41C 430 440 441 2C 20 | 43F 43B 430 43D 435 442 430 20 28 4D 61 72 73 20 69 73 20 74 "
      "68 65 20 66 6F 75 72 74 68 29 20 401 451",
      "1B 24 42 27 2E 27 51 27 62 27 63 1B 28 42 2C 20 1B 24 42 27 61 27 5D 27 51 27 5F 27 "
      "56 27 64 27 51 1B 28 42 20 28 4D 61 72 73 20 69 73 20 74 68 65 20 66 6F 75 72 74 68 "
      "29 20 1B 24 42 27 27 27 57 1B 28 42",
      ""),
    /* Kana, half-width katakana (step 9) and Greek in one jis0208 run. */
    E(WENC_ISO_2022_JP,
      "30AB FF76 20 3042 FF9E 41 3B1 3092 FF61 30",
      "1B 24 42 25 2B 25 2B 1B 28 42 20 1B 24 42 24 22 21 2B 1B 28 42 41 1B 24 42 26 41 24 "
      "72 21 23 1B 28 42 30",
      ""),
    /* U+000E, U+000F and U+001B after a Greek letter: ASCII first (step 6). */
    E(WENC_ISO_2022_JP,
      "3B1 E 3B2 1B 20 3B3 F",
      "1B 24 42 26 41 1B 28 42 '&#65533;' 1B 24 42 26 42 1B 28 42 '&#65533;' 20 1B 24 42 26 "
      "43 1B 28 42 '&#65533;'",
      "FFFD@1 FFFD@3 FFFD@6"),
    /* U+00A5 and U+203E after Greek letters: Roman (step 7), and back. */
    E(WENC_ISO_2022_JP,
      "3B1 A5 3B2 203E 20 3B3 A5 41",
      "1B 24 42 26 41 1B 28 4A 5C 1B 24 42 26 42 1B 28 4A 7E 20 1B 24 42 26 43 1B 28 4A 5C "
      "41 1B 28 42",
      ""),
    /* Unmappable after a Greek letter: ASCII first (step 11), then the
    ** reference; U+1F600 is four UTF-8 bytes and a UTF-16 pair. */
    E(WENC_ISO_2022_JP,
      "3B1 3AC 3B2 1F600 3B3 20 3AC 20",
      "1B 24 42 26 41 1B 28 42 '&#940;' 1B 24 42 26 42 1B 28 42 '&#128512;' 1B 24 42 26 43 "
      "1B 28 42 20 '&#940;' 20",
      "3AC@1 1F600@3 3AC@6"),
    /* U+2212 (step 8) inside a Greek run and alone after ASCII. */
    E(WENC_ISO_2022_JP,
      "3B1 2212 3B2 20 2212",
      "1B 24 42 26 41 21 5D 26 42 1B 28 42 20 1B 24 42 21 5D 1B 28 42",
      ""),
    /* Eighteen capitals (more than 16 units of jis0208), then 17 ASCII. */
    E(WENC_ISO_2022_JP,
      "391 392 393 394 395 396 397 398 399 39A 39B 39C 39D 39E 39F 3A0 3A1 3A3 20 61 62 63 "
      "64 65 66 67 68 69 6A 6B 6C 6D 6E 6F 70 71 3A4",
      "1B 24 42 26 21 26 22 26 23 26 24 26 25 26 26 26 27 26 28 26 29 26 2A 26 2B 26 2C 26 "
      "2D 26 2E 26 2F 26 30 26 31 26 32 1B 28 42 20 61 62 63 64 65 66 67 68 69 6A 6B 6C 6D "
      "6E 6F 70 71 1B 24 42 26 33 1B 28 42",
      ""),
    /* A Greek letter as the input's last code point (two UTF-8 bytes). */
    E(WENC_ISO_2022_JP,
      "20 3B1",
      "20 1B 24 42 26 41 1B 28 42",
      ""),
};

/* ------------------------------------------------------------------------ */
static const evec shift_jis_vectors[] = {
    E(WENC_SHIFT_JIS, "41 5C 7E", "41 5C 7E", ""),
    E(WENC_SHIFT_JIS, "80", "80", ""),
    E(WENC_SHIFT_JIS, "A5 203E", "5C 7E", ""),
    E(WENC_SHIFT_JIS, "FF61 FF76 FF9F", "A1 B6 DF", ""),
    E(WENC_SHIFT_JIS, "2212 FF0D", "81 7C 81 7C", ""),   /* pointer 60 */
    E(WENC_SHIFT_JIS, "3000 3042", "81 40 82 A0", ""),
    E(WENC_SHIFT_JIS, "F7", "81 80", ""),                /* pointer 63, line 70 */
    /* Index Shift_JIS pointer: 8272-8835 are excluded. */
    E(WENC_SHIFT_JIS, "2170", "FA 40", ""),              /* 10716, not 8634 */
    E(WENC_SHIFT_JIS, "9ED1", "FC 4B", ""),              /* 11103, not 8631 */
    E(WENC_SHIFT_JIS, "FFE2", "81 CA", ""),              /* 137 (8644, 10736 later) */
    E(WENC_SHIFT_JIS, "2252 2235", "81 E0 81 E6", ""),   /* 159, 165 */
    E(WENC_SHIFT_JIS, "2460", "87 40", ""),              /* 1128 */
    E(WENC_SHIFT_JIS, "6ECC 6F3E", "9F FC E0 40", ""),   /* 5827, 5828 */
    /* EUDC is decode-only. */
    E(WENC_SHIFT_JIS, "E000", "'&#57344;'", "E000@0"),
    E(WENC_SHIFT_JIS, "81", "'&#129;'", "81@0"),
    E(WENC_SHIFT_JIS, "2D8", "'&#728;'", "2D8@0"),
    E(WENC_SHIFT_JIS, "41 1F600", "41 '&#128512;'", "1F600@1"),
};

/* ------------------------------------------------------------------------ */
static const evec euc_kr_vectors[] = {
    E(WENC_EUC_KR, "41", "41", ""),
    E(WENC_EUC_KR, "AC00 AC02", "B0 A1 81 41", ""),       /* 9026, 0 */
    E(WENC_EUC_KR, "3000 A7", "A1 A1 A1 D7", ""),         /* 6176, 6230 */
    E(WENC_EUC_KR, "8A70", "FD FE", ""),                  /* 23749 */
    E(WENC_EUC_KR, "A5", "'&#165;'", "A5@0"),
    E(WENC_EUC_KR, "AC00 1F600", "B0 A1 '&#128512;'", "1F600@1"),
};

/* ------------------------------------------------------------------------ */
/* The runner. */

typedef struct {
    uint32_t cp;
    uint64_t off;
    uint64_t end;
} eerr;

typedef struct {
    eerr v[32];
    size_t n;
} eerr_list;

static size_t isize(int form) { return form == I8 ? 1 : form == I16 ? 2 : 4; }

static wenc_status call_encode(wenc_encoder *e, int form, const void *src, size_t *n,
                               uint8_t *dst, size_t *m, bool last)
{
    switch (form) {
    case I8:
        return wenc_encoder_encode_from_utf8(e, (const uint8_t *)src, n, dst, m, last);
    case I16:
        return wenc_encoder_encode_from_utf16(e, (const uint16_t *)src, n, dst, m, last);
    default:
        return wenc_encoder_encode_from_utf32(e, (const uint32_t *)src, n, dst, m, last);
    }
}

/* Parses the expected-bytes notation: hex bytes and 'quoted ASCII'. */
static void parse_bytes(const char *s, tu_bytes *out)
{
    while (*s) {
        if (*s == '\'') {
            s++;
            while (*s && *s != '\'')
                tu_bytes_push1(out, (uint8_t)*s++);
            if (*s)
                s++;
            continue;
        }
        if (tu_hexval((unsigned char)*s) < 0) {
            s++;
            continue;
        }
        unsigned v = 0;
        while (tu_hexval((unsigned char)*s) >= 0)
            v = v * 16 + (unsigned)tu_hexval((unsigned char)*s++);
        tu_bytes_push1(out, (uint8_t)v);
    }
}

/* Encodes N units of SRC (unit size by FORM) as chunks ending at BREAKS,
** with DST_CAP bytes of output room per call.  Fatal errors are recorded and,
** if PUT_NCR, "&#N;" is appended in their place.  Returns NULL or a protocol problem. */
static const char *encode_run(wenc_encoder *e, int form, const void *src, size_t n,
                              const size_t *breaks, size_t nbreaks, size_t dst_cap,
                              tu_bytes *out, eerr_list *errs, bool put_ncr)
{
    static uint8_t dst[4096];
    const uint8_t *base = src;
    size_t us = isize(form), start = 0;
    for (size_t c = 0; c <= nbreaks; c++) {
        size_t end = c < nbreaks ? breaks[c] : n;
        bool last = c == nbreaks;
        size_t pos = start;
        unsigned guard = 0;
        for (;;) {
            size_t sn = end - pos, dn = dst_cap;
            /* No arithmetic on a NULL base (empty input): UB in C. */
            const uint8_t *at = base != NULL ? base + pos * us : NULL;
            wenc_status st = call_encode(e, form, at, &sn, dst, &dn, last);
            if (sn > end - pos || dn > dst_cap)
                return "lengths out of range";
            tu_bytes_push(out, dst, dn);
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
            if (st == WENC_UNMAPPABLE) {
                if (errs->n < sizeof errs->v / sizeof errs->v[0]) {
                    eerr *r = &errs->v[errs->n++];
                    r->cp = wenc_encoder_error_code_point(e);
                    r->off = wenc_encoder_error_offset(e);
                    r->end = pos;
                }
                if (put_ncr)
                    tu_put_ncr(out, wenc_encoder_error_code_point(e));
                continue;
            }
            return wenc_status_name(st);
        }
        start = end;
    }
    return NULL;
}

static const char *fmt_eerrs(char *buf, size_t size, const eerr_list *l, bool with_end)
{
    size_t at = 0;
    buf[0] = 0;
    for (size_t i = 0; i < l->n && at < size; i++) {
        int w = snprintf(buf + at, size - at, "%sU+%04X@%llu", i ? " " : "", (unsigned)l->v[i].cp,
                         (unsigned long long)l->v[i].off);
        if (w < 0)
            break;
        at += (size_t)w;
        if (with_end && at < size) {
            w = snprintf(buf + at, size - at, ">%llu", (unsigned long long)l->v[i].end);
            if (w < 0)
                break;
            at += (size_t)w;
        }
    }
    return buf;
}

static bool eerrs_equal(const eerr_list *a, const eerr_list *b, bool with_end)
{
    if (a->n != b->n)
        return false;
    for (size_t i = 0; i < a->n; i++)
        if (a->v[i].cp != b->v[i].cp || a->v[i].off != b->v[i].off ||
            (with_end && a->v[i].end != b->v[i].end))
            return false;
    return true;
}

static void put_unit_form(tu_bytes *b, int form, uint32_t cp)
{
    if (form == I8)
        tu_put_utf8(b, cp);
    else if (form == I16)
        tu_put_utf16(b, cp);
    else
        tu_put_utf32(b, cp);
}

static size_t units_of(int form, uint32_t cp)
{
    return form == I8 ? tu_utf8_len(cp) : form == I16 ? tu_utf16_len(cp) : 1;
}

static unsigned vector_count[64];

static void run_evec(const evec *v)
{
    if (!built_or_skip(v->enc, v->in))
        return;
    tu_u32s cps = {0}, brk = {0};
    tu_parse_hex(v->in, &cps, &brk);
    tu_bytes html = {0};
    parse_bytes(v->html, &html);
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++)
        if (wenc_encoding_at(i) == v->enc)
            vector_count[i]++;
    char label[400], a[600], b[600];
    snprintf(label, sizeof label, "%s [%s]", wenc_encoding_name(v->enc), v->in);

    for (int form = I8; form <= I32; form++) {
        /* The input in this form, the unit offset of each scalar value, and
        ** the expected errors with their unit offsets. */
        tu_bytes in = {0};
        size_t offs[256];
        for (size_t i = 0; i < cps.n; i++) {
            offs[i] = in.n / isize(form);
            put_unit_form(&in, form, cps.p[i]);
        }
        size_t n = in.n / isize(form);
        offs[cps.n] = n;
        size_t chunk_br[64], unit_br[1024];
        for (size_t i = 0; i < brk.n; i++)
            chunk_br[i] = offs[brk.p[i]];
        for (size_t i = 0; i + 1 < n; i++)
            unit_br[i] = i + 1;
        eerr_list want = {.n = 0};
        {
            const char *s = v->errs;
            while (*s) {
                if (tu_hexval((unsigned char)*s) < 0) {
                    s++;
                    continue;
                }
                char *endp;
                uint32_t cp = (uint32_t)strtoul(s, &endp, 16);
                size_t idx = (size_t)strtoul(endp + 1, &endp, 10);
                s = endp;
                want.v[want.n].cp = cp;
                want.v[want.n].off = offs[idx];
                want.v[want.n].end = offs[idx + 1];
                want.n++;
            }
        }
        struct {
            const char *name;
            const size_t *br;
            size_t nbr;
            size_t cap;
        } runs[] = {
            {"one call", NULL, 0, 4096},
            {"chunks", chunk_br, brk.n, 4096},
            {"unit by unit", unit_br, n > 1 ? n - 1 : 0, 4096},
            {"one call, 1-byte output", NULL, 0, 1},
            {"unit by unit, 1-byte output", unit_br, n > 1 ? n - 1 : 0, 1},
            /* Around ISO-2022-JP's escapes: three bytes, then one or two
            ** (a bulk path writes both or neither). */
            {"one call, 2-byte output", NULL, 0, 2},
            {"one call, 3-byte output", NULL, 0, 3},
            {"one call, 4-byte output", NULL, 0, 4},
            {"one call, 5-byte output", NULL, 0, 5},
            {"one call, 6-byte output", NULL, 0, 6},
            {"one call, 7-byte output", NULL, 0, 7},
        };
        for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
            if (r == 1 && brk.n == 0)
                continue;
            for (int mode = 0; mode <= 1; mode++) {
                bool fatal = mode == 0;
                wenc_encoder e;
                wenc_status st =
                    wenc_encoder_init(&e, v->enc, fatal ? WENC_ENCODER_FATAL : WENC_ENCODER_HTML);
                if (st != WENC_OK) {
                    CHECK(0, "%s: init: %s", label, wenc_status_name(st));
                    continue;
                }
                tu_bytes got = {0};
                eerr_list errs = {.n = 0};
                const char *bad =
                    encode_run(&e, form, in.p, n, runs[r].br, runs[r].nbr, runs[r].cap, &got, &errs,
                               true);
                char desc[600];
                snprintf(desc, sizeof desc, "%s from %s, %s, %s", label, form_name[form],
                         fatal ? "fatal (&#N; put back at each error)" : "html", runs[r].name);
                if (bad)
                    CHECK(0, "%s: %s", desc, bad);
                else
                    CHECK_BYTES(got.p, got.n, html.p, html.n, desc);
                if (fatal) {
                    bool with_end = r == 0;
                    bool same = eerrs_equal(&errs, &want, with_end);
                    CHECK(same, "%s from %s, fatal, %s: errors [%s]", label, form_name[form],
                          runs[r].name, fmt_eerrs(b, sizeof b, &want, with_end));
                    if (!same)
                        printf("#   got errors [%s]\n", fmt_eerrs(a, sizeof a, &errs, with_end));
                } else if (r == 0) {
                    CHECK_EQ(wenc_encoder_position(&e), n, "position after the stream");
                    CHECK_EQ(wenc_encoder_replacement_count(&e), 0, "no replacement");
                }
                tu_bytes_free(&got);
            }
        }
        tu_bytes_free(&in);
    }
    tu_bytes_free(&html);
    tu_u32s_free(&cps);
    tu_u32s_free(&brk);
}

static void run_etable(const char *title, const evec *t, size_t n)
{
    printf("# %s: %zu vectors\n", title, n);
    for (size_t i = 0; i < n; i++)
        run_evec(&t[i]);
}

#define RUN(t) run_etable(#t, t, sizeof t / sizeof t[0])

/* ------------------------------------------------------------------------ */
/* Input handling: raw input units (lone surrogates, ill-formed UTF-8, invalid
** UTF-32), each '|' ends a call without `last`; the final call has `last`. */
typedef struct {
    const wenc_encoding *enc;
    unsigned mode;
    int form;
    const char *in;    /* hex units */
    const char *out;   /* expected bytes (whole stream) */
    unsigned repl;     /* wenc_encoder_replacement_count() at the end */
    const char *errs;  /* fatal: "CP@UNIT_OFFSET" */
} ivec;

#define HTML WENC_ENCODER_HTML
#define FATAL WENC_ENCODER_FATAL
static const ivec input_vectors[] = {
    /* UTF-16: a lone surrogate at the start, middle and end. */
    {WENC_UTF_8, HTML, I16, "D800", "EF BF BD", 1, ""},
    {WENC_UTF_8, HTML, I16, "D800 41", "EF BF BD 41", 1, ""},
    {WENC_UTF_8, HTML, I16, "41 D800 42", "41 EF BF BD 42", 1, ""},
    {WENC_UTF_8, HTML, I16, "41 D800", "41 EF BF BD", 1, ""},
    {WENC_UTF_8, HTML, I16, "DC00", "EF BF BD", 1, ""},
    {WENC_UTF_8, HTML, I16, "41 DC00 42", "41 EF BF BD 42", 1, ""},
    {WENC_UTF_8, HTML, I16, "DC00 D800", "EF BF BD EF BF BD", 2, ""},
    {WENC_UTF_8, HTML, I16, "DE00 D83D DE00", "EF BF BD F0 9F 98 80", 1, ""},
    {WENC_UTF_8, HTML, I16, "D800 D800 DC00", "EF BF BD F0 90 80 80", 1, ""},
    {WENC_UTF_8, HTML, I16, "D83D DE00 DBFF DFFF", "F0 9F 98 80 F4 8F BF BF", 0, ""},
    /* Chunk boundaries inside surrogate pairs; a leading surrogate at the
    ** end of a chunk waits (the TextEncoderStream vectors of SPEC-DELTA (e)). */
    {WENC_UTF_8, HTML, I16, "D83D | DE00", "F0 9F 98 80", 0, ""},
    {WENC_UTF_8, HTML, I16, "61 D83D | 62", "61 EF BF BD 62", 1, ""},
    {WENC_UTF_8, HTML, I16, "D83D |", "EF BF BD", 1, ""},
    {WENC_UTF_8, HTML, I16, "D83D | D83D | DE00", "EF BF BD F0 9F 98 80", 1, ""},
    {WENC_UTF_8, HTML, I16, "DE00 |", "EF BF BD", 1, ""},
    {WENC_UTF_8, HTML, I16, "| D83D | | DE00 |", "F0 9F 98 80", 0, ""},
    /* The same into a legacy encoding: U+FFFD is then unmappable. */
    {WENC_WINDOWS_1252, HTML, I16, "41 D800 42", "41 '&#65533;' 42", 1, ""},
    {WENC_WINDOWS_1252, FATAL, I16, "41 D800 42", "41 42", 1, "FFFD@1"},
    {WENC_WINDOWS_1252, FATAL, I16, "D83D DE00 100 D800", "", 1, "1F600@0 100@2 FFFD@3"},
    {WENC_WINDOWS_1252, FATAL, I16, "41 D83D | DE00 42", "41 42", 0, "1F600@1"},
    {WENC_GB18030, HTML, I16, "DC00 D83D DE00", "84 31 A4 37 94 39 FC 36", 1, ""},
    {WENC_GBK, HTML, I16, "DC00", "'&#65533;'", 1, ""},
    {WENC_ISO_2022_JP, HTML, I16, "3042 D800", "1B 24 42 24 22 1B 28 42 '&#65533;'", 1, ""},
    /* Between Greek letters, where ISO-2022-JP's bulk path reads UTF-8 four
    ** bytes at a time (src/handlers/iso_2022_jp.c): a cut sequence, an
    ** overlong lead (C1) and a surrogate (ED A0 80) are U+FFFD, which the
    ** jis0208 state leaves for ASCII (step 11); lone surrogates in UTF-16. */
    {WENC_ISO_2022_JP, HTML, I8, "CE B1 CE 20 CE B2 CE B3 20 20 20",
     "1B 24 42 26 41 1B 28 42 '&#65533;' 20 1B 24 42 26 42 26 43 1B 28 42 20 20 20", 1, ""},
    {WENC_ISO_2022_JP, FATAL, I8, "CE B1 CE 20 CE B2 20 20",
     "1B 24 42 26 41 1B 28 42 20 1B 24 42 26 42 1B 28 42 20 20", 1, "FFFD@2"},
    {WENC_ISO_2022_JP, HTML, I8, "CE B1 C1 BF CE B2 20 20 20",
     "1B 24 42 26 41 1B 28 42 '&#65533;&#65533;' 1B 24 42 26 42 1B 28 42 20 20 20", 2, ""},
    {WENC_ISO_2022_JP, HTML, I8, "CE B1 ED A0 80 CE B2 20 20",
     "1B 24 42 26 41 1B 28 42 '&#65533;&#65533;&#65533;' 1B 24 42 26 42 1B 28 42 20 20", 3, ""},
    {WENC_ISO_2022_JP, HTML, I16, "3B1 D800 3B2 20 DC00 20 3B3",
     "1B 24 42 26 41 1B 28 42 '&#65533;' 1B 24 42 26 42 1B 28 42 20 '&#65533;' 20 1B 24 42 26 "
     "43 1B 28 42", 2, ""},
    /* UTF-8 input: maximal subparts become U+FFFD. */
    {WENC_UTF_8, HTML, I8, "E2 82 41", "EF BF BD 41", 1, ""},
    {WENC_UTF_8, HTML, I8, "ED A0 80", "EF BF BD EF BF BD EF BF BD", 3, ""},
    {WENC_UTF_8, HTML, I8, "F0 80", "EF BF BD EF BF BD", 2, ""},
    {WENC_UTF_8, HTML, I8, "F4 90 80 80", "EF BF BD EF BF BD EF BF BD EF BF BD", 4, ""},
    {WENC_UTF_8, HTML, I8, "C0 AF", "EF BF BD EF BF BD", 2, ""},
    {WENC_UTF_8, HTML, I8, "41 FF 42", "41 EF BF BD 42", 1, ""},
    {WENC_UTF_8, HTML, I8, "E2 82", "EF BF BD", 1, ""},
    {WENC_UTF_8, HTML, I8, "E2 82 | AC", "E2 82 AC", 0, ""},
    {WENC_UTF_8, HTML, I8, "F0 | 9F 98 | 80", "F0 9F 98 80", 0, ""},
    {WENC_UTF_8, HTML, I8, "E2 82 |", "EF BF BD", 1, ""},
    {WENC_UTF_8, HTML, I8, "E2 | 41", "EF BF BD 41", 1, ""},
    {WENC_UTF_8, HTML, I8, "EF BF BD", "EF BF BD", 0, ""},
    /* Ill-formed and overlong three-byte sequences between ideographs, where
    ** the CJK encoders' bulk loop (src/handlers/cjk_bulk.h) tests them: a surrogate
    ** (ED A0 80, ED BF BF) and an overlong form of U+00A7, which both
    ** indexes map (E0 82 A7), are three maximal subparts each; E0 A0 80 is
    ** U+0800, well-formed and unmappable.  U+4E00 is jis0208 pointer 1485
    ** (row 15, cell 75); U+AC00 EUC-KR pointer 3135. */
    {WENC_SHIFT_JIS, HTML, I8,
     "E4 B8 80 E4 B8 80 E4 B8 80 ED A0 80 E4 B8 80 E4 B8 80 E0 82 A7 E4 B8 80 E4 B8 80 E0 A0 80 E4 B8 80",
     "88 EA 88 EA 88 EA '&#65533;&#65533;&#65533;' 88 EA 88 EA '&#65533;&#65533;&#65533;' 88 EA 88 EA "
     "'&#2048;' 88 EA", 6, ""},
    {WENC_EUC_JP, HTML, I8,
     "E4 B8 80 E4 B8 80 E4 B8 80 ED A0 80 E4 B8 80 E4 B8 80 E0 82 A7 E4 B8 80 E4 B8 80 E0 A0 80 E4 B8 80",
     "B0 EC B0 EC B0 EC '&#65533;&#65533;&#65533;' B0 EC B0 EC '&#65533;&#65533;&#65533;' B0 EC B0 EC "
     "'&#2048;' B0 EC", 6, ""},
    {WENC_EUC_KR, FATAL, I8,
     "EA B0 80 EA B0 80 EA B0 80 ED BF BF EA B0 80 EA B0 80 E0 82 A7 EA B0 80 20 EA B0 80",
     "B0 A1 B0 A1 B0 A1 B0 A1 B0 A1 B0 A1 20 B0 A1", 6, "FFFD@9 FFFD@10 FFFD@11 FFFD@18 FFFD@19 FFFD@20"},
    /* The same through GBK, gb18030 and Big5 (U+4E00 is GBK D2 BB, Big5
    ** A4 40; U+00A7 GBK A1 EC, Big5 A1 B1), with the other overlong
    ** limit (E0 9F BF, U+07FF, which both map too) and E0 80 80.
    ** gb18030 writes the replacement characters as U+FFFD's four bytes
    ** (84 31 A4 37) and U+0800 as 81 31 B3 32. */
    {WENC_GBK, HTML, I8,
     "E4 B8 80 E4 B8 80 E4 B8 80 ED A0 80 E4 B8 80 E4 B8 80 E0 82 A7 E4 B8 80 E4 B8 80 E0 A0 80 E4 B8 80",
     "D2 BB D2 BB D2 BB '&#65533;&#65533;&#65533;' D2 BB D2 BB '&#65533;&#65533;&#65533;' D2 BB D2 BB "
     "'&#2048;' D2 BB", 6, ""},
    {WENC_GB18030, HTML, I8,
     "E4 B8 80 E4 B8 80 E4 B8 80 ED BF BF E4 B8 80 E4 B8 80 E0 9F BF E4 B8 80 E4 B8 80 E0 A0 80 E4 B8 80",
     "D2 BB D2 BB D2 BB 84 31 A4 37 84 31 A4 37 84 31 A4 37 D2 BB D2 BB 84 31 A4 37 84 31 A4 37 "
     "84 31 A4 37 D2 BB D2 BB 81 31 B3 32 D2 BB", 6, ""},
    {WENC_BIG5, FATAL, I8,
     "E4 B8 80 E4 B8 80 E4 B8 80 ED A0 80 E4 B8 80 E4 B8 80 E0 80 80 E4 B8 80 20 E4 B8 80",
     "A4 40 A4 40 A4 40 A4 40 A4 40 A4 40 20 A4 40", 6, "FFFD@9 FFFD@10 FFFD@11 FFFD@18 FFFD@19 FFFD@20"},
    /* Lone surrogates between ideographs in UTF-16, where the bulk loop
    ** leaves them to the index lookup (none maps a surrogate), and a pair
    ** (U+1F600, which none of these encodes). */
    {WENC_GBK, HTML, I16, "4E00 4E00 4E00 D800 4E00 4E00 DC00 4E00 4E00 D83D DE00 4E00",
     "D2 BB D2 BB D2 BB '&#65533;' D2 BB D2 BB '&#65533;' D2 BB D2 BB '&#128512;' D2 BB", 2, ""},
    {WENC_SHIFT_JIS, HTML, I16, "4E00 4E00 4E00 DFFF 4E00 4E00 DBFF 4E00",
     "88 EA 88 EA 88 EA '&#65533;' 88 EA 88 EA '&#65533;' 88 EA", 2, ""},
    {WENC_EUC_KR, FATAL, I16, "AC00 AC00 AC00 DFFF AC00 0020 AC00 DBFF AC00 AC00",
     "B0 A1 B0 A1 B0 A1 B0 A1 20 B0 A1 B0 A1 B0 A1", 2, "FFFD@3 FFFD@7"},
    {WENC_WINDOWS_1252, HTML, I8, "41 FF 42", "41 '&#65533;' 42", 1, ""},
    {WENC_WINDOWS_1252, FATAL, I8, "41 FF 42", "41 42", 1, "FFFD@1"},
    {WENC_WINDOWS_1252, FATAL, I8, "61 E2 82 AC F0 9F 98 80 C4 80", "61 80", 0,
     "1F600@4 100@8"},
    {WENC_WINDOWS_1252, FATAL, I8, "E2 82 41", "41", 1, "FFFD@0"},
    /* UTF-32 input: surrogates and values above U+10FFFF. */
    {WENC_UTF_8, HTML, I32, "D800", "EF BF BD", 1, ""},
    {WENC_UTF_8, HTML, I32, "DFFF 41", "EF BF BD 41", 1, ""},
    {WENC_UTF_8, HTML, I32, "110000", "EF BF BD", 1, ""},
    {WENC_UTF_8, HTML, I32, "FFFFFFFF 80000000", "EF BF BD EF BF BD", 2, ""},
    {WENC_UTF_8, HTML, I32, "10FFFF D7FF E000", "F4 8F BF BF ED 9F BF EE 80 80", 0, ""},
    {WENC_WINDOWS_1252, FATAL, I32, "41 110000 D800 42", "41 42", 2, "FFFD@1 FFFD@2"},
};

static void run_ivec(const ivec *v)
{
    if (!built_or_skip(v->enc, v->in))
        return;
    tu_u32s units = {0}, brk = {0};
    tu_parse_hex(v->in, &units, &brk);
    tu_bytes want = {0};
    parse_bytes(v->out, &want);
    uint8_t in[1024];
    for (size_t i = 0; i < units.n; i++) {
        if (v->form == I8)
            in[i] = (uint8_t)units.p[i];
        else if (v->form == I16) {
            uint16_t u = (uint16_t)units.p[i];
            memcpy(in + 2 * i, &u, 2);
        } else
            memcpy(in + 4 * i, &units.p[i], 4);
    }
    eerr_list wanterr = {.n = 0};
    for (const char *s = v->errs; *s;) {
        if (tu_hexval((unsigned char)*s) < 0) {
            s++;
            continue;
        }
        char *endp;
        wanterr.v[wanterr.n].cp = (uint32_t)strtoul(s, &endp, 16);
        wanterr.v[wanterr.n].off = strtoull(endp + 1, &endp, 10);
        wanterr.n++;
        s = endp;
    }
    char label[300], a[300], b[300];
    snprintf(label, sizeof label, "%s %s from %s [%s]", wenc_encoding_name(v->enc),
             v->mode == HTML ? "html" : "fatal", form_name[v->form], v->in);
    size_t br[64];
    for (size_t i = 0; i < brk.n; i++)
        br[i] = brk.p[i];
    size_t dsts[] = {4096, 1};
    for (size_t k = 0; k < 2; k++) {
        wenc_encoder e;
        wenc_encoder_init(&e, v->enc, v->mode);
        tu_bytes got = {0};
        eerr_list errs = {.n = 0};
        const char *bad =
            encode_run(&e, v->form, in, units.n, br, brk.n, dsts[k], &got, &errs, false);
        tu_bytes want_full = {0};
        tu_bytes_push(&want_full, want.p, want.n);
        char desc[400];
        snprintf(desc, sizeof desc, "%s, %s output", label, k ? "1-byte" : "large");
        if (bad)
            CHECK(0, "%s: %s", desc, bad);
        else
            CHECK_BYTES(got.p, got.n, want_full.p, want_full.n, desc);
        CHECK_EQ(wenc_encoder_replacement_count(&e), v->repl, "  replacement count");
        bool same = eerrs_equal(&errs, &wanterr, false);
        CHECK(same, "  errors [%s]", fmt_eerrs(b, sizeof b, &wanterr, false));
        if (!same)
            printf("#   got errors [%s]\n", fmt_eerrs(a, sizeof a, &errs, false));
        tu_bytes_free(&got);
        tu_bytes_free(&want_full);
    }
    tu_u32s_free(&units);
    tu_u32s_free(&brk);
    tu_bytes_free(&want);
}

/* ------------------------------------------------------------------------ */
/* A leading surrogate at the end of a call without `last` waits, consumed,
** with nothing written; the next call completes or replaces it. */
static void surrogate_waits(void)
{
    wenc_encoder e;
    uint8_t out[16];
    const uint16_t first[] = {0x61, 0xD83D}, pair_end[] = {0xDE00}, other[] = {0x62};

    wenc_encoder_init(&e, WENC_UTF_8, WENC_ENCODER_HTML);
    size_t n = 2, m = sizeof out;
    wenc_status st = wenc_encoder_encode_from_utf16(&e, first, &n, out, &m, false);
    CHECK(st == WENC_INPUT_EMPTY && n == 2 && m == 1 && out[0] == 0x61,
          "UTF-16 [61 D83D] without last: INPUT_EMPTY, both consumed, only 'a' written");
    CHECK_EQ(wenc_encoder_replacement_count(&e), 0, "  no replacement yet");
    n = 1, m = sizeof out;
    st = wenc_encoder_encode_from_utf16(&e, pair_end, &n, out, &m, true);
    CHECK_BYTES(out, m, "\xF0\x9F\x98\x80", 4, "  then [DE00] with last: F0 9F 98 80");

    wenc_encoder_init(&e, WENC_UTF_8, WENC_ENCODER_HTML);
    n = 2, m = sizeof out;
    wenc_encoder_encode_from_utf16(&e, first, &n, out, &m, false);
    n = 1, m = sizeof out;
    st = wenc_encoder_encode_from_utf16(&e, other, &n, out, &m, false);
    CHECK_BYTES(out, m, "\xEF\xBF\xBD" "b", 4, "  or then [62]: EF BF BD 62");
    CHECK_EQ(wenc_encoder_replacement_count(&e), 1, "  one replacement");

    wenc_encoder_init(&e, WENC_UTF_8, WENC_ENCODER_HTML);
    n = 2, m = sizeof out;
    wenc_encoder_encode_from_utf16(&e, first, &n, out, &m, false);
    n = 0, m = sizeof out;
    st = wenc_encoder_encode_from_utf16(&e, NULL, &n, out, &m, true);
    CHECK(st == WENC_INPUT_EMPTY, "  or an empty last call: INPUT_EMPTY");
    CHECK_BYTES(out, m, "\xEF\xBF\xBD", 3, "  ... and EF BF BD");

    /* An incomplete UTF-8 sequence waits the same way. */
    const uint8_t part[] = {0xE2, 0x82}, rest[] = {0xAC};
    if (!built_or_skip(WENC_WINDOWS_1252, "UTF-8 [E2 82] waits"))
        return;
    wenc_encoder_init(&e, WENC_WINDOWS_1252, WENC_ENCODER_FATAL);
    n = 2, m = sizeof out;
    st = wenc_encoder_encode_from_utf8(&e, part, &n, out, &m, false);
    CHECK(st == WENC_INPUT_EMPTY && n == 2 && m == 0,
          "UTF-8 [E2 82] without last: INPUT_EMPTY, consumed, nothing written");
    n = 1, m = sizeof out;
    st = wenc_encoder_encode_from_utf8(&e, rest, &n, out, &m, true);
    CHECK(st == WENC_INPUT_EMPTY && m == 1 && out[0] == 0x80, "  then [AC]: windows-1252 80");
}

/* ISO-2022-JP's final ESC ( B comes with the last call, even an empty one. */
static void iso_2022_jp_end(void)
{
    if (!built_or_skip(WENC_ISO_2022_JP, "final ESC ( B"))
        return;
    wenc_encoder e;
    uint8_t out[16];
    const uint32_t a[] = {0x3042}, y[] = {0xA5};
    wenc_encoder_init(&e, WENC_ISO_2022_JP, WENC_ENCODER_FATAL);
    size_t n = 1, m = sizeof out;
    wenc_encoder_encode_from_utf32(&e, a, &n, out, &m, false);
    CHECK_BYTES(out, m, "\x1B\x24\x42\x24\x22", 5,
                "ISO-2022-JP U+3042 without last: 1B 24 42 24 22, no ESC ( B yet");
    n = 0, m = sizeof out;
    wenc_status st = wenc_encoder_encode_from_utf32(&e, NULL, &n, out, &m, true);
    CHECK(st == WENC_INPUT_EMPTY, "  then an empty last call: INPUT_EMPTY");
    CHECK_BYTES(out, m, "\x1B\x28\x42", 3, "  ... writing 1B 28 42");
    /* The encoder is back in ASCII: ESC ( J again for U+00A5. */
    n = 1, m = sizeof out;
    wenc_encoder_encode_from_utf32(&e, y, &n, out, &m, true);
    CHECK_BYTES(out, m, "\x1B\x28\x4A\x5C\x1B\x28\x42", 7, "  then U+00A5 with last");
    /* An empty stream writes nothing. */
    wenc_encoder_init(&e, WENC_ISO_2022_JP, WENC_ENCODER_FATAL);
    n = 0, m = sizeof out;
    st = wenc_encoder_encode_from_utf32(&e, NULL, &n, out, &m, true);
    CHECK(st == WENC_INPUT_EMPTY && m == 0, "ISO-2022-JP empty stream: nothing");
    /* The 3-byte escape with a 2-byte buffer: the call with room for the
    ** escape but not the character stops before the character. */
    wenc_encoder_init(&e, WENC_ISO_2022_JP, WENC_ENCODER_FATAL);
    uint8_t small[4];
    n = 1, m = 4;
    st = wenc_encoder_encode_from_utf32(&e, a, &n, small, &m, true);
    CHECK(st == WENC_OUTPUT_FULL && m == 3 && memcmp(small, "\x1B\x24\x42", 3) == 0,
          "ISO-2022-JP U+3042 into 4 bytes: OUTPUT_FULL after the escape (3 bytes)");
}

/* SPEC-DELTA (d): "encode or fail" with one ISO-2022-JP instance; the caller
** writes its own bytes between the calls. */
static void encode_or_fail(void)
{
    if (!built_or_skip(WENC_ISO_2022_JP, "encode or fail"))
        return;
    static const struct {
        const char *in;
        const char *first;
        uint32_t cp;
        const char *second;
    } v[] = {
        {"3042 1F600 62", "1B 24 42 24 22 1B 28 42", 0x1F600, "62"},
        {"A5 1F600 62", "1B 28 4A 5C", 0x1F600, "62 1B 28 42"},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        tu_u32s cps = {0};
        tu_parse_hex(v[i].in, &cps, NULL);
        tu_bytes first = {0}, second = {0};
        parse_bytes(v[i].first, &first);
        parse_bytes(v[i].second, &second);
        for (int form = I8; form <= I32; form++) {
            tu_bytes in = {0};
            for (size_t k = 0; k < cps.n; k++)
                put_unit_form(&in, form, cps.p[k]);
            size_t n = in.n / isize(form);
            size_t cp_end = (units_of(form, cps.p[0]) + units_of(form, cps.p[1]));
            wenc_encoder e;
            wenc_encoder_init(&e, WENC_ISO_2022_JP, WENC_ENCODER_FATAL);
            uint8_t out[64];
            size_t sn = n, dn = sizeof out;
            wenc_status st = call_encode(&e, form, in.p, &sn, out, &dn, true);
            char desc[200];
            snprintf(desc, sizeof desc, "encode or fail ISO-2022-JP [%s] from %s: first call",
                     v[i].in, form_name[form]);
            CHECK(st == WENC_UNMAPPABLE, "%s returns UNMAPPABLE", desc);
            CHECK_BYTES(out, dn, first.p, first.n, desc);
            CHECK_EQ(wenc_encoder_error_code_point(&e), v[i].cp, "  error code point");
            CHECK_EQ(wenc_encoder_error_offset(&e), units_of(form, cps.p[0]), "  error offset");
            CHECK_EQ(sn, cp_end, "  consumed up to and including the code point");
            /* The caller writes "%26%23128512%3B" itself, then goes on. */
            size_t rest = n - sn;
            const uint8_t *p = in.p + sn * isize(form);
            sn = rest, dn = sizeof out;
            st = call_encode(&e, form, p, &sn, out, &dn, true);
            CHECK(st == WENC_INPUT_EMPTY && sn == rest, "  second call: INPUT_EMPTY, all consumed");
            CHECK_BYTES(out, dn, second.p, second.n, "  second call's bytes");
            tu_bytes_free(&in);
        }
        tu_u32s_free(&cps);
        tu_bytes_free(&first);
        tu_bytes_free(&second);
    }
}

/* replacement, UTF-16BE and UTF-16LE have no encoder. */
static void no_encoder(void)
{
    const wenc_encoding *none[] = {WENC_REPLACEMENT, WENC_UTF_16BE, WENC_UTF_16LE};
    for (size_t i = 0; i < 3; i++) {
        wenc_encoder e;
        memset(&e, 0x5A, sizeof e);
        wenc_encoder copy = e;
        wenc_status st = wenc_encoder_init(&e, none[i], WENC_ENCODER_HTML);
        CHECK(st == WENC_NO_ENCODER, "wenc_encoder_init(%s) is WENC_NO_ENCODER (%s)",
              wenc_encoding_name(none[i]), wenc_status_name(st));
        CHECK(memcmp(&e, &copy, sizeof e) == 0, "  and leaves the encoder untouched");
        CHECK(!wenc_encoding_has_encoder(none[i]), "  has_encoder is false");
        CHECK(wenc_encoding_output_encoding(none[i]) == WENC_UTF_8, "  output encoding is UTF-8");
    }
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *enc = wenc_encoding_at(i);
        if (enc == WENC_REPLACEMENT || enc == WENC_UTF_16BE || enc == WENC_UTF_16LE)
            continue;
        if (!built_or_skip(enc, "wenc_encoder_init"))
            continue;
        wenc_encoder e;
        CHECK(wenc_encoder_init(&e, enc, WENC_ENCODER_FATAL) == WENC_OK &&
                  wenc_encoder_encoding(&e) == enc && wenc_encoding_output_encoding(enc) == enc,
              "wenc_encoder_init(%s) works; output encoding is itself", wenc_encoding_name(enc));
    }
    wenc_encoder e;
    CHECK_EQ(wenc_encoder_init(&e, WENC_UTF_8, 2), WENC_INVALID_ARGUMENT,
             "wenc_encoder_init with an unknown flag");
    CHECK_EQ(wenc_encoder_init(&e, NULL, 0), WENC_INVALID_ARGUMENT,
             "wenc_encoder_init with a NULL encoding");
    CHECK_EQ(wenc_encoder_init(NULL, WENC_UTF_8, 0), WENC_INVALID_ARGUMENT,
             "wenc_encoder_init with a NULL encoder");
}

/* Step "ASCII code point -> byte" of every encoder (ISO-2022-JP in its
** initial ASCII state: except U+000E, U+000F and U+001B, which are errors). */
static void ascii_code_points(void)
{
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *enc = wenc_encoding_at(i);
        if (!wenc_encoding_has_encoder(enc) || !built_or_skip(enc, "ASCII code points"))
            continue;
        uint32_t in[128];
        uint8_t want[128], got[256];
        size_t n = 0;
        for (unsigned c = 0; c < 0x80; c++) {
            if (enc == WENC_ISO_2022_JP && (c == 0x0E || c == 0x0F || c == 0x1B))
                continue;
            in[n] = c;
            want[n++] = (uint8_t)c;
        }
        wenc_encoder e;
        wenc_encoder_init(&e, enc, WENC_ENCODER_FATAL);
        size_t sn = n, dn = sizeof got;
        wenc_status st = wenc_encoder_encode_from_utf32(&e, in, &sn, got, &dn, true);
        CHECK(st == WENC_INPUT_EMPTY && dn == n && memcmp(got, want, n) == 0,
              "%s: every ASCII code point encodes to its byte", wenc_encoding_name(enc));
    }
}

/* x-user-defined's bulk path (x_user_defined.c, blocks of 16 units): text
** of ASCII (U+0000 included) and U+F780..U+F7FF of every length 0..100,
** with each unit the encoder refuses, and those next to its ranges, at
** every position, from UTF-8, UTF-16 and UTF-32, in fatal mode, from
** exactly sized heap blocks; then the same text into every output size.
** Expected: the standard's encoder steps 2 and 3 (a code point's byte is
** itself or cp - 0xF780 + 0x80) up to the first other code point, which
** is the error (lone surrogates read as U+FFFD). */
static void x_user_defined_bulk(void)
{
    if (!built_or_skip(WENC_X_USER_DEFINED, "x-user-defined bulk path"))
        return;
    static const uint32_t refused[] = {0x80, 0xFF, 0x7FF, 0xF77F, 0xF800, 0xFFFF, 0xD800,
                                       0xDC00, 0x1F780, 0x10F780};
    enum { MAXLEN = 100 };
    tu_rng rng;
    tu_rng_seed(&rng, 42);
    unsigned failed = 0, runs = 0;
    for (size_t len = 0; len <= MAXLEN; len++) {
        uint32_t text[MAXLEN];
        uint8_t want[MAXLEN];
        for (size_t i = 0; i < len; i++) {
            /* Runs of one kind and alternation, as binary data has. */
            uint32_t r = (uint32_t)tu_rng_below(&rng, 256);
            text[i] = r < 0x80 ? r : 0xF780 + (r - 0x80);
            want[i] = (uint8_t)(text[i] < 0x80 ? text[i] : text[i] - 0xF780 + 0x80);
        }
        for (size_t at = 0; at <= len; at++) {
            for (size_t k = 0; k < sizeof refused / sizeof refused[0]; k++) {
                /* at == len: no refused unit (once). */
                if (at == len && k > 0)
                    break;
                uint32_t saved = at < len ? text[at] : 0;
                if (at < len)
                    text[at] = refused[k];
                for (int form = I8; form <= I32; form++) {
                    tu_bytes in = {0};
                    size_t offset = 0;
                    for (size_t i = 0; i < len; i++) {
                        if (i == at)
                            offset = in.n / isize(form);
                        put_unit_form(&in, form, text[i]);
                    }
                    size_t units = in.n / isize(form);
                    void *src = malloc(in.n ? in.n : 1);
                    uint8_t *dst = malloc(len ? len : 1);
                    if (!src || !dst)
                        abort();
                    memcpy(src, in.p ? in.p : (const uint8_t *)"", in.n);
                    wenc_encoder e;
                    wenc_encoder_init(&e, WENC_X_USER_DEFINED, WENC_ENCODER_FATAL);
                    size_t n = units, m = len;
                    wenc_status st = call_encode(&e, form, src, &n, dst, &m, true);
                    bool ok;
                    if (at == len) {
                        ok = st == WENC_INPUT_EMPTY && n == units && m == len &&
                             memcmp(dst, want, len) == 0;
                    } else {
                        uint32_t cp = refused[k] >= 0xD800 && refused[k] <= 0xDFFF ? 0xFFFD
                                                                                   : refused[k];
                        /* A lone surrogate is one unit of U+FFFD in every
                        ** form (UTF-8's ED xx xx: its maximal subpart ED). */
                        size_t took = cp == 0xFFFD ? 1 : units_of(form, cp);
                        ok = st == WENC_UNMAPPABLE && m == at && memcmp(dst, want, at) == 0 &&
                             n == offset + took && wenc_encoder_error_code_point(&e) == cp &&
                             wenc_encoder_error_offset(&e) == offset;
                    }
                    runs++;
                    if (!ok && failed++ < 5)
                        CHECK(0, "x-user-defined from %s, length %zu, U+%04" PRIX32
                                 " at %zu: %s, %zu units read, %zu bytes",
                              form_name[form], len, at < len ? refused[k] : 0, at,
                              wenc_status_name(st), n, m);
                    free(src);
                    free(dst);
                    tu_bytes_free(&in);
                }
                if (at < len)
                    text[at] = saved;
            }
        }
        /* Every output size, then the rest in a second call: full where
        ** the room ends (a code point read past it is kept in the encoder
        ** and comes first), the same bytes in all. */
        for (int form = I8; form <= I32; form++) {
            tu_bytes in = {0};
            for (size_t i = 0; i < len; i++)
                put_unit_form(&in, form, text[i]);
            size_t units = in.n / isize(form);
            for (size_t room = 0; room <= len; room++) {
                uint8_t *dst = malloc(len ? len : 1);
                if (!dst)
                    abort();
                wenc_encoder e;
                wenc_encoder_init(&e, WENC_X_USER_DEFINED, WENC_ENCODER_FATAL);
                size_t n = units, m = room, read = 0;
                for (size_t i = 0; i < room; i++)
                    read += units_of(form, text[i]);
                wenc_status st = call_encode(&e, form, tu_at(in.p, 0), &n, dst, &m, true);
                bool ok = st == (room < len ? WENC_OUTPUT_FULL : WENC_INPUT_EMPTY) && m == room &&
                          n >= read && n <= read + (room < len ? units_of(form, text[room]) : 0);
                size_t n2 = units - n, m2 = len - m;
                wenc_status st2 = call_encode(&e, form, tu_at(in.p, n * isize(form)), &n2,
                                              dst + m, &m2, true);
                ok = ok && st2 == WENC_INPUT_EMPTY && n2 == units - n && m + m2 == len &&
                     memcmp(dst, want, len) == 0;
                runs++;
                if (!ok && failed++ < 5)
                    CHECK(0, "x-user-defined from %s, length %zu into %zu bytes: %s, %zu read",
                          form_name[form], len, room, wenc_status_name(st), n);
                free(dst);
            }
            tu_bytes_free(&in);
        }
    }
    CHECK(failed == 0, "x-user-defined bulk path: %u runs, %u wrong", runs, failed);
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
    printf("# input_vectors: %zu vectors\n", sizeof input_vectors / sizeof input_vectors[0]);
    for (size_t i = 0; i < sizeof input_vectors / sizeof input_vectors[0]; i++) {
        run_ivec(&input_vectors[i]);
        for (size_t k = 0; k < WENC_ENCODING_COUNT; k++)
            if (wenc_encoding_at(k) == input_vectors[i].enc)
                vector_count[k]++;
    }
    surrogate_waits();
    iso_2022_jp_end();
    encode_or_fail();
    no_encoder();
    ascii_code_points();
    x_user_defined_bulk();

    printf("# vectors per encoding:\n");
    unsigned total = 0;
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        if (!wenc_encoding_has_encoder(wenc_encoding_at(i)))
            continue;
        printf("#   %-16s %u\n", wenc_encoding_name(wenc_encoding_at(i)), vector_count[i]);
        total += vector_count[i];
    }
    printf("#   total            %u (+ the special sequences above)\n", total);
    return check_done();
}
