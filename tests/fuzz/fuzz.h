/* fuzz.h -- what the fuzz targets share: the entry point they define, a
** reader for the fuzz input's header, the chunk/buffer schedule, growable
** buffers, invariant failures, and small Unicode helpers written from the
** standard and the Unicode definitions, independently of the library (so a
** check never compares the library with itself).
**
** Every target is one .c file defining LLVMFuzzerTestOneInput().  It links
** with libFuzzer (-Dfuzzing=true) or with standalone-main.c, which replays
** files and directories given on the command line (the corpus tests of
** suite 'fuzz').  docs/fuzzing.md describes the input layouts. */
#ifndef WENC_FUZZ_H
#define WENC_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h> /* __MINGW_PRINTF_FORMAT */

#include <wenc/wenc.h>

/* The libFuzzer entry points. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* ---------------------------------------------------------------------------
** Failures.  An invariant that does not hold prints what failed, with the
** context the target set, and aborts: libFuzzer saves the input as a crash,
** the standalone main's test fails. */

/* Name of the input being replayed (standalone main), or NULL. */
extern const char *fuzz_input_name;
/* A line the target sets to describe the case (encoding, modes, forms). */
extern char fuzz_context[256];

#if defined(__MINGW_PRINTF_FORMAT) /* mingw-w64: see meson.build */
#define FUZZ_PRINTF(f, a) __attribute__((format(__MINGW_PRINTF_FORMAT, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define FUZZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FUZZ_PRINTF(f, a)
#endif

_Noreturn FUZZ_PRINTF(1, 2) void fuzz_fail(const char *fmt, ...);

#define FUZZ_ASSERT(cond, ...)                                                            \
    do {                                                                                  \
        if (!(cond))                                                                      \
            fuzz_fail(__VA_ARGS__);                                                       \
    } while (0)

/* Sets fuzz_context (printf format). */
FUZZ_PRINTF(1, 2) void fuzz_set_context(const char *fmt, ...);

/* ---------------------------------------------------------------------------
** Focus.  If the environment variable WENC_FUZZ_ENCODING holds a label when
** the target starts (LLVMFuzzerInitialize), fuzz_encoding() always returns
** that encoding, so a long campaign can concentrate on one encoding with
** its dictionary; otherwise it returns wenc_encoding_at(BYTE % count). */
const wenc_encoding *fuzz_encoding(uint8_t byte);

/* A build with -Dencodings may leave ENC out: then checks that every
** constructor refuses it with WENC_NOT_BUILT_IN and returns true (the
** target has nothing more to check for it); false when ENC is built in. */
bool fuzz_left_out(const wenc_encoding *enc);

/* ---------------------------------------------------------------------------
** The reference model (tests/support/ref.h), an independent transcription
** of the standard that reads the index files at run time.  Loaded by
** LLVMFuzzerInitialize from $WENC_FUZZ_INDEX_DIR, else from the build's
** -Dindex_dir; when it is loaded the targets also compare the library's
** output, error spans and encoder errors with it (differential fuzzing).
** WENC_FUZZ_INDEX_DIR="" turns that off. */
bool fuzz_have_ref(void);

/* Whether this input is compared with the reference model: when it is
** loaded, for every input of at most FUZZ_REF_SHORT bytes and for 1 in
** FUZZ_REF_ONE_IN of the longer ones, chosen by a hash of the input (so a
** campaign is as deterministic as before: the same input is always
** compared, or never).  The model is a literal transcription, far slower
** than the library under ASan, and comparing every long input kept the
** targets under 2,000 executions per second; short inputs are where the
** interesting cases (every state, every boundary) are found anyway, and
** the long ones still get one in FUZZ_REF_ONE_IN.  WENC_FUZZ_REF=all in
** the environment compares every input (a slower, exhaustive campaign). */
#define FUZZ_REF_SHORT 64
#define FUZZ_REF_ONE_IN 8
bool fuzz_compare_ref(const uint8_t *data, size_t size);

/* ---------------------------------------------------------------------------
** Reading the input: bytes from the front (0 once exhausted). */
typedef struct fuzz_input {
    const uint8_t *p;
    size_t n;
} fuzz_input;

uint8_t fuzz_byte(fuzz_input *in);

/* ---------------------------------------------------------------------------
** The schedule: how a streaming run splits its input into calls and sizes
** its output buffers.  Read from the header as a count byte (low 3 bits: up
** to 7 pairs) then that many (chunk, room) byte pairs, used cyclically (the
** two cursors advance independently).  With no pairs, the whole input is
** one chunk and every buffer has the advertised worst-case size.
**
** chunk byte c:  c < 0x80: c & 0x1F bytes (0..31; 0 is an empty call)
**                c < 0xC0: (c & 0x3F) * 16 bytes
**                else:     everything that is left
**                (an empty chunk right after an empty one becomes 1 byte)
** room byte r:   r == 0:   no room at all (never twice in a row)
**                r < 0x80: 1 + (r & 0x0F) units
**                r < 0xC0: 1 + (r & 0x3F) * 8 units
**                else:     the advertised bound for the call, exactly */
#define FUZZ_SCHEDULE_MAX 7

typedef struct fuzz_schedule {
    uint8_t chunk[FUZZ_SCHEDULE_MAX], room[FUZZ_SCHEDULE_MAX];
    unsigned count, next_chunk, next_room;
    bool last_chunk_empty, last_room_zero;
} fuzz_schedule;

void fuzz_schedule_read(fuzz_schedule *s, fuzz_input *in);
/* Length of the next chunk, at most REMAINING. */
size_t fuzz_schedule_chunk(fuzz_schedule *s, size_t remaining);
/* Room for the next call, given the advertised bound BOUND for it. */
size_t fuzz_schedule_room(fuzz_schedule *s, size_t bound);

/* ---------------------------------------------------------------------------
** Growable arrays.  Allocation failure aborts (fuzzing has no use for it). */
typedef struct fuzz_buf {
    unsigned char *p;
    size_t len; /* in elements */
    size_t cap;
    size_t size; /* of an element */
} fuzz_buf;

void fuzz_buf_init(fuzz_buf *b, size_t element_size);
void fuzz_buf_free(fuzz_buf *b);
void fuzz_buf_clear(fuzz_buf *b);
void fuzz_buf_append(fuzz_buf *b, const void *elements, size_t count);
void fuzz_buf_push_u32(fuzz_buf *b, uint32_t v);
#define FUZZ_BUF_AT(b, type, i) (((type *)(void *)(b)->p)[i])

/* malloc() that aborts on failure; a copy of N bytes in a block of exactly
** that size, so the sanitizers see any read past it (NULL for N == 0). */
void *fuzz_xmalloc(size_t n);
void *fuzz_exact_copy(const void *p, size_t n);

/* A block reused by the calls of one run, handed out as its LAST N bytes:
** a write past them still runs into ASan's redzone, as with a block of
** exactly N bytes, but a run of many calls (one per error, per chunk)
** costs one allocation instead of one per call.  (Under ASan every malloc
** is filled and quarantined, so fresh blocks per call made the targets
** spend most of their time in malloc and page faults.)  The bytes before
** the tail are the block's own, so a write before the buffer handed out is
** not caught; no decoder or encoder writes backwards. */
typedef struct fuzz_room {
    unsigned char *p;
    size_t cap;
} fuzz_room;

#define FUZZ_ROOM_INIT {NULL, 0}

/* The last N bytes of R's block (grown, as a new block of exactly N bytes,
** when it is smaller); NULL for N == 0. */
void *fuzz_room_tail(fuzz_room *r, size_t n);
/* fuzz_room_tail(), then a copy of N bytes from P into it. */
void *fuzz_room_copy(fuzz_room *r, const void *p, size_t n);
void fuzz_room_free(fuzz_room *r);

/* ---------------------------------------------------------------------------
** An allocator for wenc/alloc.h (wenc_allocator): counts live blocks,
** remembers the last size asked for, and fails every request while FAIL is
** set, so the targets can check exact sizes, leaks and WENC_NO_MEMORY. */
typedef struct fuzz_allocator {
    wenc_allocator a; /* a.ctx points back to this struct */
    long live;
    size_t last_size;
    unsigned long calls;
    bool fail;
} fuzz_allocator;

void fuzz_allocator_init(fuzz_allocator *fa);

/* ---------------------------------------------------------------------------
** Output forms, as the three variants of each streaming call. */
enum { FUZZ_UTF8, FUZZ_UTF16, FUZZ_UTF32, FUZZ_FORMS };

extern const char *const fuzz_form_name[FUZZ_FORMS];
extern const size_t fuzz_form_unit[FUZZ_FORMS]; /* bytes per unit */

/* ---------------------------------------------------------------------------
** Unicode, from the definitions (not from the library). */

static inline bool fuzz_is_scalar(uint32_t cp)
{
    return cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
}

/* Strictly validates UNITS (LEN units of FORM) and appends the code points
** to CPS (uint32_t).  If AT_UNIT is not NULL it receives, for every unit
** index i in 0..LEN, the number of code points that start before unit i
** (size_t, LEN + 1 entries appended).  Returns the unit index of the first
** ill-formed unit (overlong, surrogate, above U+10FFFF, truncated), or
** SIZE_MAX if the whole is well-formed. */
size_t fuzz_units_to_cps(int form, const void *units, size_t len, fuzz_buf *cps,
                         fuzz_buf *at_unit);

/* Appends scalar value CP in FORM to OUT (whose element size is the form's
** unit).  Returns the number of units. */
size_t fuzz_put_cp(int form, uint32_t cp, fuzz_buf *out);

/* One scalar value read from encoder input, with where it came from. */
typedef struct fuzz_scalar {
    uint32_t cp;
    uint64_t offset;  /* of its first unit */
    bool replaced;    /* ill-formed input read as U+FFFD */
} fuzz_scalar;

/* Reads LEN units of FORM as the Encoding Standard's encoders receive them
** (wenc/encoder.h): UTF-8 through the standard's UTF-8 decoder (each
** maximal subpart U+FFFD), a lone UTF-16 surrogate or an invalid UTF-32
** value as U+FFFD.  Appends fuzz_scalar elements to OUT. */
void fuzz_scalars(int form, const void *units, size_t len, fuzz_buf *out);

/* Appends the decimal NCR "&#N;" of CP to OUT (bytes). */
void fuzz_append_ncr(fuzz_buf *out, uint32_t cp);

/* Prints up to a few dozen elements of an array in hex after LABEL. */
void fuzz_dump(const char *label, const fuzz_buf *b);

/* Prints where two arrays first differ and the elements around it. */
void fuzz_dump_diff(const char *la, const fuzz_buf *a, const char *lb, const fuzz_buf *b);

#endif /* WENC_FUZZ_H */
