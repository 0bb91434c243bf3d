/* vectors.h -- decoder vectors for the integration tests, taken from
** tests/unit/decode_vectors.c (typed there from encoding.bs and the index
** files; each line cites its source line), without the replacement
** encoding's (the integrations refuse it) and with the chunk marks dropped.
** IN: the bytes; OUT: the code points in replacement mode; ERR_OFF and
** ERR_LEN: the first malformed sequence in fatal mode (-1: none). */
#ifndef WENC_INTEGRATION_VECTORS_H
#define WENC_INTEGRATION_VECTORS_H

typedef struct ivec {
    const wenc_encoding *enc;
    const char *in;   /* hex bytes */
    const char *out;  /* hex code points */
    int err_off;
    int err_len;
} ivec;

static const ivec ivectors[] = {
    {WENC_UTF_8, "41", "41", -1, 0}, /* decode_vectors.c:48 */
    {WENC_UTF_8, "00 7F", "0000 007F", -1, 0}, /* decode_vectors.c:49 */
    {WENC_UTF_8, "C2 80", "0080", -1, 0}, /* decode_vectors.c:52 */
    {WENC_UTF_8, "DF BF", "07FF", -1, 0}, /* decode_vectors.c:53 */
    {WENC_UTF_8, "C3 A9", "00E9", -1, 0}, /* decode_vectors.c:54 */
    {WENC_UTF_8, "E0 A0 80", "0800", -1, 0}, /* decode_vectors.c:57 */
    {WENC_UTF_8, "E0 BF 80", "0FC0", -1, 0}, /* decode_vectors.c:58 */
    {WENC_UTF_8, "E2 82 AC", "20AC", -1, 0}, /* decode_vectors.c:59 */
    {WENC_UTF_8, "ED 9F BF", "D7FF", -1, 0}, /* decode_vectors.c:60 */
    {WENC_UTF_8, "ED 80 80", "D000", -1, 0}, /* decode_vectors.c:61 */
    {WENC_UTF_8, "EE 80 80", "E000", -1, 0}, /* decode_vectors.c:62 */
    {WENC_UTF_8, "EF BF BF", "FFFF", -1, 0}, /* decode_vectors.c:63 */
    {WENC_UTF_8, "EF BF BD", "FFFD", -1, 0}, /* decode_vectors.c:65 */
    {WENC_UTF_8, "EF BB BF 41", "FEFF 41", -1, 0}, /* decode_vectors.c:67 */
    {WENC_UTF_8, "F0 90 80 80", "10000", -1, 0}, /* decode_vectors.c:70 */
    {WENC_UTF_8, "F0 9F 92 A9", "1F4A9", -1, 0}, /* decode_vectors.c:71 */
    {WENC_UTF_8, "F1 80 80 80", "40000", -1, 0}, /* decode_vectors.c:72 */
    {WENC_UTF_8, "F4 8F BF BF", "10FFFF", -1, 0}, /* decode_vectors.c:73 */
    {WENC_UTF_8, "41 E2 82 AC 42 F0 9F 98 80", "41 20AC 42 1F600", -1, 0}, /* decode_vectors.c:74 */
    {WENC_UTF_8, "80", "FFFD", 0, 1}, /* decode_vectors.c:76 */
    {WENC_UTF_8, "BF", "FFFD", 0, 1}, /* decode_vectors.c:77 */
    {WENC_UTF_8, "41 80 42", "41 FFFD 42", 1, 1}, /* decode_vectors.c:78 */
    {WENC_UTF_8, "C0 80", "FFFD FFFD", 0, 1}, /* decode_vectors.c:79 */
    {WENC_UTF_8, "C1 BF", "FFFD FFFD", 0, 1}, /* decode_vectors.c:80 */
    {WENC_UTF_8, "F5 80 80 80", "FFFD FFFD FFFD FFFD", 0, 1}, /* decode_vectors.c:81 */
    {WENC_UTF_8, "F8 88 80 80 80", "FFFD FFFD FFFD FFFD FFFD", 0, 1}, /* decode_vectors.c:82 */
    {WENC_UTF_8, "FE FF", "FFFD FFFD", 0, 1}, /* decode_vectors.c:83 */
    {WENC_UTF_8, "E0 9F 80", "FFFD FFFD FFFD", 0, 1}, /* decode_vectors.c:86 */
    {WENC_UTF_8, "E0 80 80", "FFFD FFFD FFFD", 0, 1}, /* decode_vectors.c:87 */
    {WENC_UTF_8, "ED A0 80", "FFFD FFFD FFFD", 0, 1}, /* decode_vectors.c:88 */
    {WENC_UTF_8, "ED BF BF", "FFFD FFFD FFFD", 0, 1}, /* decode_vectors.c:89 */
    {WENC_UTF_8, "F0 8F BF BF", "FFFD FFFD FFFD FFFD", 0, 1}, /* decode_vectors.c:90 */
    {WENC_UTF_8, "F4 90 80 80", "FFFD FFFD FFFD FFFD", 0, 1}, /* decode_vectors.c:91 */
    {WENC_UTF_8, "F0 80", "FFFD FFFD", 0, 1}, /* decode_vectors.c:92 */
    {WENC_UTF_8, "E0 A0 7F", "FFFD 007F", 0, 2}, /* decode_vectors.c:93 */
    {WENC_UTF_8, "E1 80 41", "FFFD 41", 0, 2}, /* decode_vectors.c:94 */
    {WENC_UTF_8, "E2 82 41", "FFFD 41", 0, 2}, /* decode_vectors.c:95 */
    {WENC_UTF_8, "F0 9F 92 41", "FFFD 41", 0, 3}, /* decode_vectors.c:96 */
    {WENC_UTF_8, "F0 9F 41", "FFFD 41", 0, 2}, /* decode_vectors.c:97 */
    {WENC_UTF_8, "F0 41", "FFFD 41", 0, 1}, /* decode_vectors.c:98 */
    {WENC_UTF_8, "C2 41", "FFFD 41", 0, 1}, /* decode_vectors.c:99 */
    {WENC_UTF_8, "C2 C2 80", "FFFD 0080", 0, 1}, /* decode_vectors.c:101 */
    {WENC_UTF_8, "E2 82 E2 82 AC", "FFFD 20AC", 0, 2}, /* decode_vectors.c:102 */
    {WENC_UTF_8, "C2", "FFFD", 0, 1}, /* decode_vectors.c:104 */
    {WENC_UTF_8, "E2", "FFFD", 0, 1}, /* decode_vectors.c:105 */
    {WENC_UTF_8, "E2 82", "FFFD", 0, 2}, /* decode_vectors.c:106 */
    {WENC_UTF_8, "F0 9F 92", "FFFD", 0, 3}, /* decode_vectors.c:107 */
    {WENC_UTF_8, "F4 8F BF", "FFFD", 0, 3}, /* decode_vectors.c:108 */
    {WENC_UTF_8, "41 F0 9F", "41 FFFD", 1, 2}, /* decode_vectors.c:109 */
    {WENC_UTF_8, "E2 82 AC", "20AC", -1, 0}, /* decode_vectors.c:111 */
    {WENC_UTF_8, "F0 9F 98 80", "1F600", -1, 0}, /* decode_vectors.c:112 */
    {WENC_UTF_8, "F0 9F 98 80", "1F600", -1, 0}, /* decode_vectors.c:113 */
    {WENC_UTF_8, "E2 82 41", "FFFD 41", 0, 2}, /* decode_vectors.c:114 */
    {WENC_UTF_8, "E2 82", "FFFD", 0, 2}, /* decode_vectors.c:115 */
    {WENC_UTF_8, "ED A0 80", "FFFD FFFD FFFD", 0, 1}, /* decode_vectors.c:116 */
    {WENC_UTF_8, "F0 9F 92 41 42", "FFFD 41 42", 0, 3}, /* decode_vectors.c:117 */
    {WENC_UTF_8, "F0 9F 92 A9", "1F4A9", -1, 0}, /* decode_vectors.c:119 */
    {WENC_UTF_8, "E2 82 AC", "20AC", -1, 0}, /* decode_vectors.c:121 */
    {WENC_UTF_8, "41 FF", "41 FFFD", 1, 1}, /* decode_vectors.c:124 */
    {WENC_UTF_8, "C3", "FFFD", 0, 1}, /* decode_vectors.c:125 */
    {WENC_IBM866, "00 41 7F", "0000 41 007F", -1, 0}, /* decode_vectors.c:132 */
    {WENC_IBM866, "80 FF", "0410 00A0", -1, 0}, /* decode_vectors.c:133 */
    {WENC_ISO_8859_2, "80 FF", "0080 02D9", -1, 0}, /* decode_vectors.c:134 */
    {WENC_ISO_8859_3, "80 A5 FF", "0080 FFFD 02D9", 1, 1}, /* decode_vectors.c:135 */
    {WENC_ISO_8859_4, "80 FF", "0080 02D9", -1, 0}, /* decode_vectors.c:136 */
    {WENC_ISO_8859_5, "80 FF", "0080 045F", -1, 0}, /* decode_vectors.c:137 */
    {WENC_ISO_8859_6, "80 A1 FF", "0080 FFFD FFFD", 1, 1}, /* decode_vectors.c:138 */
    {WENC_ISO_8859_7, "80 AE FF", "0080 FFFD FFFD", 1, 1}, /* decode_vectors.c:139 */
    {WENC_ISO_8859_8, "80 A1 FF", "0080 FFFD FFFD", 1, 1}, /* decode_vectors.c:140 */
    {WENC_ISO_8859_8_I, "80 A1 FF", "0080 FFFD FFFD", 1, 1}, /* decode_vectors.c:141 */
    {WENC_ISO_8859_10, "80 FF", "0080 0138", -1, 0}, /* decode_vectors.c:142 */
    {WENC_ISO_8859_13, "80 FF", "0080 2019", -1, 0}, /* decode_vectors.c:143 */
    {WENC_ISO_8859_14, "80 FF", "0080 00FF", -1, 0}, /* decode_vectors.c:144 */
    {WENC_ISO_8859_15, "80 FF", "0080 00FF", -1, 0}, /* decode_vectors.c:145 */
    {WENC_ISO_8859_16, "80 FF", "0080 00FF", -1, 0}, /* decode_vectors.c:146 */
    {WENC_KOI8_R, "80 A4 FF", "2500 2553 042A", -1, 0}, /* decode_vectors.c:147 */
    {WENC_KOI8_U, "80 A4 FF", "2500 0454 042A", -1, 0}, /* decode_vectors.c:148 */
    {WENC_MACINTOSH, "80 FF", "00C4 02C7", -1, 0}, /* decode_vectors.c:149 */
    {WENC_WINDOWS_874, "80 DB FF", "20AC FFFD FFFD", 1, 1}, /* decode_vectors.c:150 */
    {WENC_WINDOWS_1250, "80 FF", "20AC 02D9", -1, 0}, /* decode_vectors.c:151 */
    {WENC_WINDOWS_1251, "80 FF", "0402 044F", -1, 0}, /* decode_vectors.c:152 */
    {WENC_WINDOWS_1252, "80 81 FF", "20AC 0081 00FF", -1, 0}, /* decode_vectors.c:153 */
    {WENC_WINDOWS_1252, "41 80 5C", "41 20AC 5C", -1, 0}, /* decode_vectors.c:154 */
    {WENC_WINDOWS_1253, "80 AA FF", "20AC FFFD FFFD", 1, 1}, /* decode_vectors.c:155 */
    {WENC_WINDOWS_1254, "80 FF", "20AC 00FF", -1, 0}, /* decode_vectors.c:156 */
    {WENC_WINDOWS_1255, "80 CA D9 FF", "20AC 05BA FFFD FFFD", 2, 1}, /* decode_vectors.c:157 */
    {WENC_WINDOWS_1256, "80 FF", "20AC 06D2", -1, 0}, /* decode_vectors.c:158 */
    {WENC_WINDOWS_1257, "80 A1 FF", "20AC FFFD 02D9", 1, 1}, /* decode_vectors.c:159 */
    {WENC_WINDOWS_1258, "80 FF", "20AC 00FF", -1, 0}, /* decode_vectors.c:160 */
    {WENC_X_MAC_CYRILLIC, "80 FF", "0410 20AC", -1, 0}, /* decode_vectors.c:161 */
    {WENC_X_USER_DEFINED, "00 41 7F", "0000 41 007F", -1, 0}, /* decode_vectors.c:167 */
    {WENC_X_USER_DEFINED, "80 FF", "F780 F7FF", -1, 0}, /* decode_vectors.c:168 */
    {WENC_X_USER_DEFINED, "C0 81", "F7C0 F781", -1, 0}, /* decode_vectors.c:169 */
    {WENC_GB18030, "41 30", "41 30", -1, 0}, /* decode_vectors.c:179 */
    {WENC_GB18030, "80", "20AC", -1, 0}, /* decode_vectors.c:180 */
    {WENC_GB18030, "FF", "FFFD", 0, 1}, /* decode_vectors.c:181 */
    {WENC_GB18030, "81 40", "4E02", -1, 0}, /* decode_vectors.c:183 */
    {WENC_GB18030, "81 41", "4E04", -1, 0}, /* decode_vectors.c:184 */
    {WENC_GB18030, "81 7E", "4E8A", -1, 0}, /* decode_vectors.c:185 */
    {WENC_GB18030, "81 80", "4E90", -1, 0}, /* decode_vectors.c:186 */
    {WENC_GB18030, "81 FE", "4FA2", -1, 0}, /* decode_vectors.c:187 */
    {WENC_GB18030, "A1 A1", "3000", -1, 0}, /* decode_vectors.c:188 */
    {WENC_GB18030, "A3 A0", "3000", -1, 0}, /* decode_vectors.c:189 */
    {WENC_GB18030, "A2 E3", "20AC", -1, 0}, /* decode_vectors.c:190 */
    {WENC_GB18030, "FE FE", "E4C5", -1, 0}, /* decode_vectors.c:191 */
    {WENC_GB18030, "81 7F", "FFFD 007F", 0, 1}, /* decode_vectors.c:198 */
    {WENC_GB18030, "81 20", "FFFD 20", 0, 1}, /* decode_vectors.c:199 */
    {WENC_GB18030, "81 FF", "FFFD", 0, 2}, /* decode_vectors.c:200 */
    {WENC_GB18030, "81 81 40", "4E96 40", -1, 0}, /* decode_vectors.c:202 */
    {WENC_GB18030, "81", "FFFD", 0, 1}, /* decode_vectors.c:204 */
    {WENC_GB18030, "81 30", "FFFD", 0, 2}, /* decode_vectors.c:205 */
    {WENC_GB18030, "81 30 81", "FFFD", 0, 3}, /* decode_vectors.c:206 */
    {WENC_GB18030, "41 81 30", "41 FFFD", 1, 2}, /* decode_vectors.c:207 */
    {WENC_GB18030, "81 30 81 30", "0080", -1, 0}, /* decode_vectors.c:209 */
    {WENC_GB18030, "81 30 81 31", "0081", -1, 0}, /* decode_vectors.c:210 */
    {WENC_GB18030, "81 30 84 36", "00A5", -1, 0}, /* decode_vectors.c:211 */
    {WENC_GB18030, "84 31 82 36", "FE10", -1, 0}, /* decode_vectors.c:212 */
    {WENC_GB18030, "82 35 90 37", "9FB4", -1, 0}, /* decode_vectors.c:213 */
    {WENC_GB18030, "84 31 A4 37", "FFFD", -1, 0}, /* decode_vectors.c:214 */
    {WENC_GB18030, "84 31 A4 39", "FFFF", -1, 0}, /* decode_vectors.c:215 */
    {WENC_GB18030, "84 31 A5 30", "FFFD", 0, 4}, /* decode_vectors.c:216 */
    {WENC_GB18030, "8F 39 FE 39", "FFFD", 0, 4}, /* decode_vectors.c:217 */
    {WENC_GB18030, "90 30 81 30", "10000", -1, 0}, /* decode_vectors.c:218 */
    {WENC_GB18030, "94 39 FC 36", "1F600", -1, 0}, /* decode_vectors.c:219 */
    {WENC_GB18030, "E3 32 9A 35", "10FFFF", -1, 0}, /* decode_vectors.c:220 */
    {WENC_GB18030, "E3 32 9A 36", "FFFD", 0, 4}, /* decode_vectors.c:221 */
    {WENC_GB18030, "E4 30 81 30", "FFFD", 0, 4}, /* decode_vectors.c:222 */
    {WENC_GB18030, "FE 39 FE 39", "FFFD", 0, 4}, /* decode_vectors.c:223 */
    {WENC_GB18030, "81 35 F4 36", "1E3E", -1, 0}, /* decode_vectors.c:226 */
    {WENC_GB18030, "81 35 F4 37", "E7C7", -1, 0}, /* decode_vectors.c:227 */
    {WENC_GB18030, "81 35 F4 38", "1E40", -1, 0}, /* decode_vectors.c:228 */
    {WENC_GB18030, "81 30 81 41", "FFFD 30 4E04", 0, 1}, /* decode_vectors.c:230 */
    {WENC_GB18030, "81 30 81 7F", "FFFD 30 FFFD 007F", 0, 1}, /* decode_vectors.c:231 */
    {WENC_GB18030, "81 30 81 FF", "FFFD 30 FFFD", 0, 1}, /* decode_vectors.c:232 */
    {WENC_GB18030, "81 30 41", "FFFD 30 41", 0, 1}, /* decode_vectors.c:234 */
    {WENC_GB18030, "81 30 30", "FFFD 30 30", 0, 1}, /* decode_vectors.c:235 */
    {WENC_GB18030, "81 30 FF", "FFFD 30 FFFD", 0, 1}, /* decode_vectors.c:236 */
    {WENC_GB18030, "81 30 81 30", "0080", -1, 0}, /* decode_vectors.c:238 */
    {WENC_GB18030, "81 30 81 41", "FFFD 30 4E04", 0, 1}, /* decode_vectors.c:239 */
    {WENC_GB18030, "81 30 81 41", "FFFD 30 4E04", 0, 1}, /* decode_vectors.c:240 */
    {WENC_GB18030, "81 30 81 7F 42", "FFFD 30 FFFD 007F 42", 0, 1}, /* decode_vectors.c:241 */
    {WENC_GB18030, "84 31 A5 30", "FFFD", 0, 4}, /* decode_vectors.c:242 */
    {WENC_GBK, "80", "20AC", -1, 0}, /* decode_vectors.c:244 */
    {WENC_GBK, "A6 D9 FE 59", "FE10 9FB4", -1, 0}, /* decode_vectors.c:245 */
    {WENC_GBK, "81 30 81 30", "0080", -1, 0}, /* decode_vectors.c:246 */
    {WENC_GBK, "90 30 81 30", "10000", -1, 0}, /* decode_vectors.c:247 */
    {WENC_GBK, "84 31 A5 30", "FFFD", 0, 4}, /* decode_vectors.c:248 */
    {WENC_GBK, "81 30 81 41", "FFFD 30 4E04", 0, 1}, /* decode_vectors.c:249 */
    {WENC_GBK, "81 30", "FFFD", 0, 2}, /* decode_vectors.c:250 */
    {WENC_BIG5, "41", "41", -1, 0}, /* decode_vectors.c:257 */
    {WENC_BIG5, "80", "FFFD", 0, 1}, /* decode_vectors.c:258 */
    {WENC_BIG5, "FF", "FFFD", 0, 1}, /* decode_vectors.c:259 */
    {WENC_BIG5, "87 40", "43F0", -1, 0}, /* decode_vectors.c:260 */
    {WENC_BIG5, "87 45", "27267", -1, 0}, /* decode_vectors.c:261 */
    {WENC_BIG5, "88 40", "31C0", -1, 0}, /* decode_vectors.c:262 */
    {WENC_BIG5, "88 66", "00CA", -1, 0}, /* decode_vectors.c:263 */
    {WENC_BIG5, "A1 40", "3000", -1, 0}, /* decode_vectors.c:264 */
    {WENC_BIG5, "A4 51", "5341", -1, 0}, /* decode_vectors.c:265 */
    {WENC_BIG5, "A4 CA", "5345", -1, 0}, /* decode_vectors.c:266 */
    {WENC_BIG5, "C8 7A C8 7C", "200CC 2008A", -1, 0}, /* decode_vectors.c:267 */
    {WENC_BIG5, "F9 F9", "2550", -1, 0}, /* decode_vectors.c:268 */
    {WENC_BIG5, "FE FE", "79D4", -1, 0}, /* decode_vectors.c:269 */
    {WENC_BIG5, "88 62", "00CA 0304", -1, 0}, /* decode_vectors.c:271 */
    {WENC_BIG5, "88 64", "00CA 030C", -1, 0}, /* decode_vectors.c:272 */
    {WENC_BIG5, "88 A3", "00EA 0304", -1, 0}, /* decode_vectors.c:273 */
    {WENC_BIG5, "88 A5", "00EA 030C", -1, 0}, /* decode_vectors.c:274 */
    {WENC_BIG5, "41 88 62 42", "41 00CA 0304 42", -1, 0}, /* decode_vectors.c:275 */
    {WENC_BIG5, "88 62 88 A5", "00CA 0304 00EA 030C", -1, 0}, /* decode_vectors.c:276 */
    {WENC_BIG5, "81 40", "FFFD 40", 0, 1}, /* decode_vectors.c:278 */
    {WENC_BIG5, "87 66", "FFFD 66", 0, 1}, /* decode_vectors.c:279 */
    {WENC_BIG5, "87 E0", "FFFD", 0, 2}, /* decode_vectors.c:280 */
    {WENC_BIG5, "A4 7F", "FFFD 007F", 0, 1}, /* decode_vectors.c:281 */
    {WENC_BIG5, "A4 80", "FFFD", 0, 2}, /* decode_vectors.c:282 */
    {WENC_BIG5, "A4 A0", "FFFD", 0, 2}, /* decode_vectors.c:283 */
    {WENC_BIG5, "A4 FF", "FFFD", 0, 2}, /* decode_vectors.c:284 */
    {WENC_BIG5, "A4 A4 51", "4E2D 51", -1, 0}, /* decode_vectors.c:285 */
    {WENC_BIG5, "A4", "FFFD", 0, 1}, /* decode_vectors.c:287 */
    {WENC_BIG5, "41 A4", "41 FFFD", 1, 1}, /* decode_vectors.c:288 */
    {WENC_BIG5, "A4 51", "5341", -1, 0}, /* decode_vectors.c:289 */
    {WENC_EUC_JP, "41 5C 7E", "41 5C 7E", -1, 0}, /* decode_vectors.c:296 */
    {WENC_EUC_JP, "80", "FFFD", 0, 1}, /* decode_vectors.c:297 */
    {WENC_EUC_JP, "A0", "FFFD", 0, 1}, /* decode_vectors.c:298 */
    {WENC_EUC_JP, "FF", "FFFD", 0, 1}, /* decode_vectors.c:299 */
    {WENC_EUC_JP, "8E A1", "FF61", -1, 0}, /* decode_vectors.c:301 */
    {WENC_EUC_JP, "8E DF", "FF9F", -1, 0}, /* decode_vectors.c:302 */
    {WENC_EUC_JP, "8E E0", "FFFD", 0, 2}, /* decode_vectors.c:303 */
    {WENC_EUC_JP, "8E A0", "FFFD", 0, 2}, /* decode_vectors.c:304 */
    {WENC_EUC_JP, "8E 41", "FFFD 41", 0, 1}, /* decode_vectors.c:305 */
    {WENC_EUC_JP, "8E 8E A1", "FFFD FFFD", 0, 2}, /* decode_vectors.c:306 */
    {WENC_EUC_JP, "8E", "FFFD", 0, 1}, /* decode_vectors.c:307 */
    {WENC_EUC_JP, "8E A1", "FF61", -1, 0}, /* decode_vectors.c:308 */
    {WENC_EUC_JP, "8F A2 AF", "02D8", -1, 0}, /* decode_vectors.c:310 */
    {WENC_EUC_JP, "8F A2 B0", "02C7", -1, 0}, /* decode_vectors.c:311 */
    {WENC_EUC_JP, "8F A1 A1", "FFFD", 0, 3}, /* decode_vectors.c:312 */
    {WENC_EUC_JP, "8F FE FE", "FFFD", 0, 3}, /* decode_vectors.c:313 */
    {WENC_EUC_JP, "8F A2 41", "FFFD 41", 0, 2}, /* decode_vectors.c:314 */
    {WENC_EUC_JP, "8F A2 FF", "FFFD", 0, 3}, /* decode_vectors.c:315 */
    {WENC_EUC_JP, "8F 41", "FFFD 41", 0, 1}, /* decode_vectors.c:316 */
    {WENC_EUC_JP, "8F 8E", "FFFD", 0, 2}, /* decode_vectors.c:317 */
    {WENC_EUC_JP, "8F", "FFFD", 0, 1}, /* decode_vectors.c:318 */
    {WENC_EUC_JP, "8F A2", "FFFD", 0, 2}, /* decode_vectors.c:319 */
    {WENC_EUC_JP, "8F A2 AF A4 A2", "02D8 3042", -1, 0}, /* decode_vectors.c:322 */
    {WENC_EUC_JP, "8F A1 A1 A4 A2", "FFFD 3042", 0, 3}, /* decode_vectors.c:323 */
    {WENC_EUC_JP, "8F A2 41 A4 A2", "FFFD 41 3042", 0, 2}, /* decode_vectors.c:324 */
    {WENC_EUC_JP, "8F A2 AF", "02D8", -1, 0}, /* decode_vectors.c:325 */
    {WENC_EUC_JP, "A1 A1", "3000", -1, 0}, /* decode_vectors.c:327 */
    {WENC_EUC_JP, "A1 DD", "FF0D", -1, 0}, /* decode_vectors.c:328 */
    {WENC_EUC_JP, "A4 A2", "3042", -1, 0}, /* decode_vectors.c:329 */
    {WENC_EUC_JP, "AD A1", "2460", -1, 0}, /* decode_vectors.c:330 */
    {WENC_EUC_JP, "FC F1", "2170", -1, 0}, /* decode_vectors.c:331 */
    {WENC_EUC_JP, "FE FE", "FFFD", 0, 2}, /* decode_vectors.c:332 */
    {WENC_EUC_JP, "A1 8E A1", "FFFD FFFD", 0, 2}, /* decode_vectors.c:334 */
    {WENC_EUC_JP, "A1 FF", "FFFD", 0, 2}, /* decode_vectors.c:335 */
    {WENC_EUC_JP, "A1 80", "FFFD", 0, 2}, /* decode_vectors.c:336 */
    {WENC_EUC_JP, "A1 41", "FFFD 41", 0, 1}, /* decode_vectors.c:337 */
    {WENC_EUC_JP, "A4", "FFFD", 0, 1}, /* decode_vectors.c:338 */
    {WENC_EUC_JP, "A4 A2", "3042", -1, 0}, /* decode_vectors.c:339 */
    {WENC_ISO_2022_JP, "41 42 5C 7E", "41 42 5C 7E", -1, 0}, /* decode_vectors.c:346 */
    {WENC_ISO_2022_JP, "0E", "FFFD", 0, 1}, /* decode_vectors.c:348 */
    {WENC_ISO_2022_JP, "0F", "FFFD", 0, 1}, /* decode_vectors.c:349 */
    {WENC_ISO_2022_JP, "80", "FFFD", 0, 1}, /* decode_vectors.c:350 */
    {WENC_ISO_2022_JP, "FF", "FFFD", 0, 1}, /* decode_vectors.c:351 */
    {WENC_ISO_2022_JP, "1B 28 42 41", "41", -1, 0}, /* decode_vectors.c:353 */
    {WENC_ISO_2022_JP, "1B 28 4A 5C 7E 41", "00A5 203E 41", -1, 0}, /* decode_vectors.c:355 */
    {WENC_ISO_2022_JP, "1B 28 4A 0E", "FFFD", 3, 1}, /* decode_vectors.c:356 */
    {WENC_ISO_2022_JP, "1B 28 4A 80", "FFFD", 3, 1}, /* decode_vectors.c:357 */
    {WENC_ISO_2022_JP, "1B 28 49 21 5F 41", "FF61 FF9F FF81", -1, 0}, /* decode_vectors.c:359 */
    {WENC_ISO_2022_JP, "1B 28 49 20", "FFFD", 3, 1}, /* decode_vectors.c:360 */
    {WENC_ISO_2022_JP, "1B 28 49 60", "FFFD", 3, 1}, /* decode_vectors.c:361 */
    {WENC_ISO_2022_JP, "1B 28 49 0A", "FFFD", 3, 1}, /* decode_vectors.c:362 */
    {WENC_ISO_2022_JP, "1B 28 49 21 1B 28 42 21", "FF61 21", -1, 0}, /* decode_vectors.c:363 */
    {WENC_ISO_2022_JP, "1B 24 42 24 22", "3042", -1, 0}, /* decode_vectors.c:365 */
    {WENC_ISO_2022_JP, "1B 24 40 24 22", "3042", -1, 0}, /* decode_vectors.c:366 */
    {WENC_ISO_2022_JP, "1B 24 42 24 22 24 24", "3042 3044", -1, 0}, /* decode_vectors.c:367 */
    {WENC_ISO_2022_JP, "1B 24 42 21 21 7E 7E", "3000 FFFD", 5, 2}, /* decode_vectors.c:368 */
    {WENC_ISO_2022_JP, "1B 24 42 20", "FFFD", 3, 1}, /* decode_vectors.c:369 */
    {WENC_ISO_2022_JP, "1B 24 42 0A", "FFFD", 3, 1}, /* decode_vectors.c:370 */
    {WENC_ISO_2022_JP, "1B 24 42 80", "FFFD", 3, 1}, /* decode_vectors.c:371 */
    {WENC_ISO_2022_JP, "1B 24 42 24 22 0A", "3042 FFFD", 5, 1}, /* decode_vectors.c:372 */
    {WENC_ISO_2022_JP, "1B 24 42 24 20", "FFFD", 3, 2}, /* decode_vectors.c:373 */
    {WENC_ISO_2022_JP, "1B 24 42 24 80", "FFFD", 3, 2}, /* decode_vectors.c:374 */
    {WENC_ISO_2022_JP, "1B 24 42 28 41", "FFFD", 3, 2}, /* decode_vectors.c:375 */
    {WENC_ISO_2022_JP, "1B 24 42", "", -1, 0}, /* decode_vectors.c:377 */
    {WENC_ISO_2022_JP, "1B 24 42 24", "FFFD", 3, 1}, /* decode_vectors.c:378 */
    {WENC_ISO_2022_JP, "1B 24 42 24 1B 28 42 41", "FFFD 41", 3, 1}, /* decode_vectors.c:381 */
    {WENC_ISO_2022_JP, "1B 24 42 24 1B 24 42 24 22", "FFFD 3042", 3, 1}, /* decode_vectors.c:382 */
    {WENC_ISO_2022_JP, "1B 24 42 6C 1B 28 42", "FFFD", 3, 1}, /* decode_vectors.c:384 */
    {WENC_ISO_2022_JP, "1B 24 42 6C 1B 28 42 41", "FFFD 41", 3, 1}, /* decode_vectors.c:385 */
    {WENC_ISO_2022_JP, "1B 41", "FFFD 41", 0, 1}, /* decode_vectors.c:387 */
    {WENC_ISO_2022_JP, "1B", "FFFD", 0, 1}, /* decode_vectors.c:388 */
    {WENC_ISO_2022_JP, "1B 1B 28 42", "FFFD", 0, 1}, /* decode_vectors.c:389 */
    {WENC_ISO_2022_JP, "1B 24 42 1B 41 1B 28 42", "FFFD FFFD", 3, 1}, /* decode_vectors.c:390 */
    {WENC_ISO_2022_JP, "1B 24 41", "FFFD 24 41", 0, 1}, /* decode_vectors.c:393 */
    {WENC_ISO_2022_JP, "1B 28 41", "FFFD 28 41", 0, 1}, /* decode_vectors.c:394 */
    {WENC_ISO_2022_JP, "1B 24 4A", "FFFD 24 4A", 0, 1}, /* decode_vectors.c:395 */
    {WENC_ISO_2022_JP, "1B 24 49", "FFFD 24 49", 0, 1}, /* decode_vectors.c:396 */
    {WENC_ISO_2022_JP, "1B 28 40", "FFFD 28 40", 0, 1}, /* decode_vectors.c:397 */
    {WENC_ISO_2022_JP, "1B 28 43", "FFFD 28 43", 0, 1}, /* decode_vectors.c:398 */
    {WENC_ISO_2022_JP, "1B 24 28 42", "FFFD 24 28 42", 0, 1}, /* decode_vectors.c:399 */
    {WENC_ISO_2022_JP, "1B 24", "FFFD 24", 0, 1}, /* decode_vectors.c:400 */
    {WENC_ISO_2022_JP, "1B 28", "FFFD 28", 0, 1}, /* decode_vectors.c:401 */
    {WENC_ISO_2022_JP, "1B 28 4A 1B 28 5C", "FFFD 28 00A5", 3, 1}, /* decode_vectors.c:402 */
    {WENC_ISO_2022_JP, "1B 28 49 1B 24 41", "FFFD FF64 FF81", 3, 1}, /* decode_vectors.c:403 */
    {WENC_ISO_2022_JP, "1B 24 42 1B 24 24", "FFFD 3044", 3, 1}, /* decode_vectors.c:404 */
    {WENC_ISO_2022_JP, "1B 28 4A 1B 28", "FFFD 28", 3, 1}, /* decode_vectors.c:405 */
    {WENC_ISO_2022_JP, "1B 28 42 1B 28 42", "FFFD", 3, 3}, /* decode_vectors.c:408 */
    {WENC_ISO_2022_JP, "1B 24 42 1B 28 42", "FFFD", 3, 3}, /* decode_vectors.c:409 */
    {WENC_ISO_2022_JP, "1B 24 40 1B 24 42 24 22", "FFFD 3042", 3, 3}, /* decode_vectors.c:410 */
    {WENC_ISO_2022_JP, "1B 28 4A 41 1B 28 42 41", "41 41", -1, 0}, /* decode_vectors.c:411 */
    {WENC_ISO_2022_JP, "1B 28 49 21 1B 28 42", "FF61", -1, 0}, /* decode_vectors.c:412 */
    {WENC_ISO_2022_JP, "1B 24 42 0A 1B 28 42", "FFFD", 3, 1}, /* decode_vectors.c:413 */
    {WENC_ISO_2022_JP, "1B 24 42 24 20 1B 28 42", "FFFD", 3, 2}, /* decode_vectors.c:414 */
    {WENC_ISO_2022_JP, "1B 28 4A 5C 1B 28 42 1B 28 4A 5C 1B 28 42", "00A5 FFFD 00A5", 7, 3}, /* decode_vectors.c:416 */
    {WENC_ISO_2022_JP, "1B 28 4A 5C", "00A5", -1, 0}, /* decode_vectors.c:420 */
    {WENC_ISO_2022_JP, "1B 24 42 24 22", "3042", -1, 0}, /* decode_vectors.c:421 */
    {WENC_ISO_2022_JP, "1B 24 41", "FFFD 24 41", 0, 1}, /* decode_vectors.c:422 */
    {WENC_ISO_2022_JP, "1B 24 41", "FFFD 24 41", 0, 1}, /* decode_vectors.c:423 */
    {WENC_ISO_2022_JP, "1B 28 42 1B 28 42", "FFFD", 3, 3}, /* decode_vectors.c:424 */
    {WENC_ISO_2022_JP, "1B 24 42 24 1B 28 42 41", "FFFD 41", 3, 1}, /* decode_vectors.c:425 */
    {WENC_ISO_2022_JP, "1B 28 4A 1B 28 5C", "FFFD 28 00A5", 3, 1}, /* decode_vectors.c:426 */
    {WENC_SHIFT_JIS, "41 5C 7E", "41 5C 7E", -1, 0}, /* decode_vectors.c:433 */
    {WENC_SHIFT_JIS, "80", "0080", -1, 0}, /* decode_vectors.c:434 */
    {WENC_SHIFT_JIS, "A1 DF", "FF61 FF9F", -1, 0}, /* decode_vectors.c:435 */
    {WENC_SHIFT_JIS, "A0", "FFFD", 0, 1}, /* decode_vectors.c:436 */
    {WENC_SHIFT_JIS, "FD", "FFFD", 0, 1}, /* decode_vectors.c:437 */
    {WENC_SHIFT_JIS, "FE", "FFFD", 0, 1}, /* decode_vectors.c:438 */
    {WENC_SHIFT_JIS, "FF", "FFFD", 0, 1}, /* decode_vectors.c:439 */
    {WENC_SHIFT_JIS, "A0 FD FE FF", "FFFD FFFD FFFD FFFD", 0, 1}, /* decode_vectors.c:440 */
    {WENC_SHIFT_JIS, "81 40", "3000", -1, 0}, /* decode_vectors.c:441 */
    {WENC_SHIFT_JIS, "81 7C", "FF0D", -1, 0}, /* decode_vectors.c:442 */
    {WENC_SHIFT_JIS, "81 80", "00F7", -1, 0}, /* decode_vectors.c:443 */
    {WENC_SHIFT_JIS, "82 A0", "3042", -1, 0}, /* decode_vectors.c:444 */
    {WENC_SHIFT_JIS, "87 40", "2460", -1, 0}, /* decode_vectors.c:445 */
    {WENC_SHIFT_JIS, "9F FC", "6ECC", -1, 0}, /* decode_vectors.c:446 */
    {WENC_SHIFT_JIS, "E0 40", "6F3E", -1, 0}, /* decode_vectors.c:447 */
    {WENC_SHIFT_JIS, "EE EF", "2170", -1, 0}, /* decode_vectors.c:448 */
    {WENC_SHIFT_JIS, "FA 40", "2170", -1, 0}, /* decode_vectors.c:449 */
    {WENC_SHIFT_JIS, "FC 4B", "9ED1", -1, 0}, /* decode_vectors.c:450 */
    {WENC_SHIFT_JIS, "F0 40", "E000", -1, 0}, /* decode_vectors.c:452 */
    {WENC_SHIFT_JIS, "F0 41", "E001", -1, 0}, /* decode_vectors.c:453 */
    {WENC_SHIFT_JIS, "F9 FC", "E757", -1, 0}, /* decode_vectors.c:454 */
    {WENC_SHIFT_JIS, "EF FC", "FFFD", 0, 2}, /* decode_vectors.c:455 */
    {WENC_SHIFT_JIS, "FC FC", "FFFD", 0, 2}, /* decode_vectors.c:456 */
    {WENC_SHIFT_JIS, "82 22", "FFFD 22", 0, 1}, /* decode_vectors.c:458 */
    {WENC_SHIFT_JIS, "81 7F", "FFFD 007F", 0, 1}, /* decode_vectors.c:459 */
    {WENC_SHIFT_JIS, "85 40", "FFFD 40", 0, 1}, /* decode_vectors.c:460 */
    {WENC_SHIFT_JIS, "81 FD", "FFFD", 0, 2}, /* decode_vectors.c:461 */
    {WENC_SHIFT_JIS, "81 A0 81", "25A1 FFFD", 2, 1}, /* decode_vectors.c:462 */
    {WENC_SHIFT_JIS, "81", "FFFD", 0, 1}, /* decode_vectors.c:463 */
    {WENC_SHIFT_JIS, "81 40", "3000", -1, 0}, /* decode_vectors.c:464 */
    {WENC_SHIFT_JIS, "F0 40 82", "E000 FFFD", 2, 1}, /* decode_vectors.c:465 */
    {WENC_EUC_KR, "41", "41", -1, 0}, /* decode_vectors.c:471 */
    {WENC_EUC_KR, "80", "FFFD", 0, 1}, /* decode_vectors.c:472 */
    {WENC_EUC_KR, "FF", "FFFD", 0, 1}, /* decode_vectors.c:473 */
    {WENC_EUC_KR, "81 41", "AC02", -1, 0}, /* decode_vectors.c:474 */
    {WENC_EUC_KR, "82 41", "AD14", -1, 0}, /* decode_vectors.c:475 */
    {WENC_EUC_KR, "A1 A1", "3000", -1, 0}, /* decode_vectors.c:476 */
    {WENC_EUC_KR, "A1 D7", "00A7", -1, 0}, /* decode_vectors.c:477 */
    {WENC_EUC_KR, "B0 A1", "AC00", -1, 0}, /* decode_vectors.c:478 */
    {WENC_EUC_KR, "FD FE", "8A70", -1, 0}, /* decode_vectors.c:479 */
    {WENC_EUC_KR, "FE FE", "FFFD", 0, 2}, /* decode_vectors.c:480 */
    {WENC_EUC_KR, "C9 A1", "FFFD", 0, 2}, /* decode_vectors.c:481 */
    {WENC_EUC_KR, "81 80", "FFFD", 0, 2}, /* decode_vectors.c:482 */
    {WENC_EUC_KR, "81 5B", "FFFD 5B", 0, 1}, /* decode_vectors.c:483 */
    {WENC_EUC_KR, "81 40", "FFFD 40", 0, 1}, /* decode_vectors.c:484 */
    {WENC_EUC_KR, "81 FF", "FFFD", 0, 2}, /* decode_vectors.c:485 */
    {WENC_EUC_KR, "B0", "FFFD", 0, 1}, /* decode_vectors.c:486 */
    {WENC_EUC_KR, "B0 A1", "AC00", -1, 0}, /* decode_vectors.c:487 */
    {WENC_UTF_16LE, "41 00", "41", -1, 0}, /* decode_vectors.c:503 */
    {WENC_UTF_16LE, "41 00 42 00", "41 42", -1, 0}, /* decode_vectors.c:504 */
    {WENC_UTF_16LE, "3D D8 00 DE", "1F600", -1, 0}, /* decode_vectors.c:505 */
    {WENC_UTF_16LE, "00 D8 00 DC FF DB FF DF", "10000 10FFFF", -1, 0}, /* decode_vectors.c:506 */
    {WENC_UTF_16LE, "FF FE", "FEFF", -1, 0}, /* decode_vectors.c:507 */
    {WENC_UTF_16LE, "FE FF", "FFFE", -1, 0}, /* decode_vectors.c:508 */
    {WENC_UTF_16LE, "00 D8 41 00", "FFFD 41", 0, 2}, /* decode_vectors.c:510 */
    {WENC_UTF_16LE, "3D D8 41 00", "FFFD 41", 0, 2}, /* decode_vectors.c:511 */
    {WENC_UTF_16LE, "3D D8 3D D8 00 DE", "FFFD 1F600", 0, 2}, /* decode_vectors.c:512 */
    {WENC_UTF_16LE, "00 DC", "FFFD", 0, 2}, /* decode_vectors.c:514 */
    {WENC_UTF_16LE, "00 DC 00 D8", "FFFD FFFD", 0, 2}, /* decode_vectors.c:515 */
    {WENC_UTF_16LE, "41 00 00 DC 42 00", "41 FFFD 42", 2, 2}, /* decode_vectors.c:516 */
    {WENC_UTF_16LE, "41", "FFFD", 0, 1}, /* decode_vectors.c:518 */
    {WENC_UTF_16LE, "41 00 42", "41 FFFD", 2, 1}, /* decode_vectors.c:519 */
    {WENC_UTF_16LE, "3D D8", "FFFD", 0, 2}, /* decode_vectors.c:520 */
    {WENC_UTF_16LE, "3D D8 00", "FFFD", 0, 3}, /* decode_vectors.c:521 */
    {WENC_UTF_16LE, "00 DC 41", "FFFD FFFD", 0, 2}, /* decode_vectors.c:522 */
    {WENC_UTF_16LE, "3D D8 00 DE", "1F600", -1, 0}, /* decode_vectors.c:524 */
    {WENC_UTF_16LE, "3D D8 00 DE", "1F600", -1, 0}, /* decode_vectors.c:525 */
    {WENC_UTF_16LE, "00 D8 41 00", "FFFD 41", 0, 2}, /* decode_vectors.c:526 */
    {WENC_UTF_16LE, "00 D8 41 00", "FFFD 41", 0, 2}, /* decode_vectors.c:527 */
    {WENC_UTF_16LE, "41 00", "41", -1, 0}, /* decode_vectors.c:528 */
    {WENC_UTF_16BE, "00 41", "41", -1, 0}, /* decode_vectors.c:530 */
    {WENC_UTF_16BE, "D8 3D DE 00", "1F600", -1, 0}, /* decode_vectors.c:531 */
    {WENC_UTF_16BE, "DB FF DF FF", "10FFFF", -1, 0}, /* decode_vectors.c:532 */
    {WENC_UTF_16BE, "FE FF", "FEFF", -1, 0}, /* decode_vectors.c:533 */
    {WENC_UTF_16BE, "FF FE", "FFFE", -1, 0}, /* decode_vectors.c:534 */
    {WENC_UTF_16BE, "D8 00 00 41", "FFFD 41", 0, 2}, /* decode_vectors.c:535 */
    {WENC_UTF_16BE, "D8 3D D8 3D DE 00", "FFFD 1F600", 0, 2}, /* decode_vectors.c:536 */
    {WENC_UTF_16BE, "DC 00", "FFFD", 0, 2}, /* decode_vectors.c:537 */
    {WENC_UTF_16BE, "DC 00 D8 00", "FFFD FFFD", 0, 2}, /* decode_vectors.c:538 */
    {WENC_UTF_16BE, "00", "FFFD", 0, 1}, /* decode_vectors.c:539 */
    {WENC_UTF_16BE, "D8 3D", "FFFD", 0, 2}, /* decode_vectors.c:540 */
    {WENC_UTF_16BE, "D8 3D DE", "FFFD", 0, 3}, /* decode_vectors.c:541 */
    {WENC_UTF_16BE, "D8 3D DE 00", "1F600", -1, 0}, /* decode_vectors.c:542 */
};

#endif
