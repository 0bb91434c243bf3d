/* ref.h -- an independent, deliberately simple reference model of the WHATWG
 * Encoding Standard, used only by the tests to derive expected results.  It
 * shares no code with the library: it is a second, literal transcription of
 * encoding.bs that reads the standard's index files at run time. */
#ifndef WENC_TESTS_REF_H
#define WENC_TESTS_REF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Loading -------------------------------------------------------------
 *
 * Reads every index-*.txt file the standard defines and encodings.json from
 * INDEX_DIR (for example "../shared/whatwg-encoding").  Returns 0 on success,
 * or -1 after printing a message to stderr if a file is missing or cannot be
 * parsed.  Everything below needs a successful ref_load() first, except
 * ref_unload(), ref_needs_index(), and the decoders and encoders of the
 * encodings that read no index (UTF-8, UTF-16BE, UTF-16LE, replacement and
 * x-user-defined): those run without any file, so their tests run in a
 * checkout with nothing beside it.  Calling ref_load() again replaces what was loaded. */
int ref_load(const char *index_dir);

/* What a test that needs the index files prints when it has none: a TAP
 * plan that skips the whole test (exit status 0), with the reason and the
 * commands that would make it run. */
#define REF_NO_INDEX_SKIP                                                           \
    "1..0 # SKIP no copy of the standard's index files (tools/run-tests uses "    \
    "../shared/whatwg-encoding or fetches them; by hand: tools/fetch-indexes.sh " \
    "DIR, then meson configure -Dindex_dir=DIR)\n"

/* Frees everything ref_load() allocated.  Safe to call when nothing is loaded. */
void ref_unload(void);

/* True when ENCODING's decoder or encoder reads an index (every encoding but
 * the five above).  An unknown ENCODING aborts. */
bool ref_needs_index(const char *encoding);

/* ---- Encodings and labels (from encodings.json, in file order) ----------- */
size_t ref_encoding_count(void);
const char *ref_encoding_name(size_t i);        /* e.g. "UTF-8", "Shift_JIS" */
size_t ref_label_count(size_t i);
const char *ref_label(size_t i, size_t j);

/* The standard's "get an encoding": strips leading and trailing ASCII
 * whitespace from LABEL, matches ASCII case-insensitively, and returns the
 * encoding's name (a string owned by the model) or NULL for failure. */
const char *ref_get_encoding(const char *label);

/* The standard's "BOM sniff" on the first N bytes of IN: "UTF-8",
 * "UTF-16BE", "UTF-16LE", or NULL. */
const char *ref_bom_sniff(const uint8_t *in, size_t n);

/* ---- Indexes --------------------------------------------------------------
 *
 * INDEX is the part of the file name between "index-" and ".txt", e.g.
 * "jis0208", "big5", "gb18030", "gb18030-ranges", "iso-2022-jp-katakana",
 * "windows-1252".  An unknown INDEX is a test bug: the model aborts.
 * "Null" is returned as -1.  All lookups are O(1) except the two gb18030
 * ranges algorithms, which binary-search 207 ranges. */

/* index code point: the code point for POINTER, or -1. */
int32_t ref_index_code_point(const char *index, uint32_t pointer);
/* index pointer: the FIRST pointer (in index order) for CP, or -1. */
int32_t ref_index_pointer(const char *index, uint32_t cp);
/* Number of entries (lines) and largest pointer in INDEX. */
size_t ref_index_entry_count(const char *index);
int32_t ref_index_max_pointer(const char *index);

/* The standard's "index Shift_JIS pointer" and "index Big5 pointer". */
int32_t ref_index_shift_jis_pointer(uint32_t cp);
int32_t ref_index_big5_pointer(uint32_t cp);

/* "index gb18030 ranges code point" / "index gb18030 ranges pointer".
 * ref_gb18030_ranges_pointer() returns -1 where the algorithm is undefined:
 * for CP below U+0080 (no range starts at or below it) and above U+10FFFF. */
int32_t ref_gb18030_ranges_code_point(uint32_t pointer);
int32_t ref_gb18030_ranges_pointer(uint32_t cp);

/* ---- Decoders -------------------------------------------------------------
 *
 * Runs a fresh instance of ENCODING's decoder (a name exactly as in
 * encodings.json, e.g. "ISO-2022-JP") over IN[0..N) followed by end-of-queue,
 * until the handler returns finished, in "replacement" mode.  No BOM is
 * sniffed or stripped.  *OUT receives a malloc'd array (free() it; NULL when
 * the count is 0) of the items in output order; the count is returned.
 *
 * CP is the code point, or -1 for an error (the caller turns that into
 * U+FFFD for replacement mode, or stops at the first one for fatal mode).
 *
 * OFFSET/LENGTH give the item's span in IN: the bytes of the current
 * "sequence" that were read and not restored when the handler returned the
 * item.  A sequence starts with the first byte read while the handler is idle
 * and ends when the handler returns anything but continue (for ISO-2022-JP
 * also when an escape sequence completes).  Special case: an ISO-2022-JP 0x1B
 * read in the trailing byte state is not part of the error it causes; it
 * starts the next sequence.  Both code points of a Big5 two-code-point result
 * carry the same span.  An unknown ENCODING is a test bug: the model aborts. */
typedef struct ref_item {
    int32_t cp;          /* >= 0: code point; -1: error */
    uint64_t offset;     /* offset of the span's first byte in IN */
    uint32_t length;     /* number of bytes in the span */
} ref_item;

size_t ref_decode(const char *encoding, const uint8_t *in, size_t n, ref_item **out);

/* ---- Encoders -------------------------------------------------------------
 *
 * A persistent encoder instance: state (ISO-2022-JP's) carries between calls,
 * as the standard's "encode or fail" requires. */
typedef struct ref_encoder ref_encoder;

/* Returns a new instance of ENCODING's encoder, or NULL for replacement,
 * UTF-16BE and UTF-16LE (which have none).  An unknown ENCODING aborts. */
ref_encoder *ref_encoder_new(const char *encoding);
void ref_encoder_free(ref_encoder *enc);

enum { REF_FATAL = 0, REF_HTML = 1 };

/* Processes the scalar values CPS[0..N) and then, if LAST is nonzero,
 * end-of-queue, with error mode MODE (REF_FATAL or REF_HTML).  Output bytes
 * are appended to *OUT (realloc'd; *OUT may start NULL) and *OUT_LEN is
 * updated.  In html mode an error appends "&#" decimal ";" to the output.
 *
 * Returns -1 if all input (and end-of-queue, if LAST) was processed.  In fatal
 * mode it stops at the first error, sets *ERR_CP to the error's code point
 * (U+FFFD for ISO-2022-JP's U+000E/U+000F/U+001B rule) and returns the index
 * in CPS of the code point that failed; end-of-queue has then not been
 * processed, and the caller may call again with CPS + index + 1.  CPS must
 * hold no surrogates. */
long ref_encode(ref_encoder *enc, const uint32_t *cps, size_t n, int last, int mode,
                uint8_t **out, size_t *out_len, uint32_t *err_cp);

#ifdef __cplusplus
}
#endif

#endif /* WENC_TESTS_REF_H */
