/* text_latin1.c -- hand vectors for wenc_text_decoder_decode_to_latin1
** (wenc/latin1.h, issue 41): BOMs with ignoreBOM on and off, a stop right
** after a BOM, a stop inside the bytes kept after a fatal error, the flush,
** one-byte rooms, going on in UTF-16 (and UTF-8) after each stop and back.
** Expected values are typed from the standard (TextDecoder's decode() and
** serialize steps, the UTF-8, UTF-16 and index decoders) and wenc/text.h.
** Every input and output buffer is a heap block of exactly its size
** (tests/stream/text_latin1.c does any split and room at random). */
#include <stdint.h>

#include "check.h"
#include "built.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

enum { L1, W16, W8 }; /* the form of a step: one-byte, UTF-16, UTF-8 */

/* One call into the text decoder within a decode() call: FORM into ROOM
** units, giving ST and the units OUT (bytes for L1 and W8). */
typedef struct step {
    int form;
    size_t room;
    wenc_status st;
    const uint16_t *out;
    size_t out_len;
} step;

/* A decode() call: its input, {stream}, the steps that make it (each goes
** on with the input the previous ones did not consume), and what
** wenc_text_decoder_unread_length() says after it. */
typedef struct tcall {
    const char *in;
    size_t len;
    bool stream;
    size_t nsteps;
    step steps[5];
    size_t unread;
} tcall;

typedef struct tvec {
    const char *desc;
    const char *label;
    unsigned options;
    size_t ncalls;
    tcall calls[4];
} tvec;

#define STEPS(...) sizeof((step[]){__VA_ARGS__}) / sizeof(step), {__VA_ARGS__}
#define CALLS(...) sizeof((tcall[]){__VA_ARGS__}) / sizeof(tcall), {__VA_ARGS__}
#define B(s) s, sizeof(s) - 1
#define U(...) (const uint16_t[]){__VA_ARGS__}, sizeof((const uint16_t[]){__VA_ARGS__}) / 2
#define NONE NULL, 0
#define S true
#define F false
#define OK WENC_OK
#define FULL WENC_OUTPUT_FULL
#define STOP WENC_UNMAPPABLE
#define BAD WENC_MALFORMED
#define FATAL WENC_TEXT_DECODER_FATAL
#define IGNORE WENC_TEXT_DECODER_IGNORE_BOM

static const tvec vectors[] = {
    /* BOMs: dropped for UTF-8 and UTF-16BE/LE without ignoreBOM (serialize
    ** I/O queue, step 2.3), written (a stop: U+FEFF is above U+00FF) with
    ** it; other encodings never drop anything. */
    {"utf-8 EF BB BF 41 C3 A9", "utf-8", 0,
     CALLS({B("\xEF\xBB\xBF\x41\xC3\xA9"), F, STEPS({L1, 8, OK, U(0x41, 0xE9)}), 0})},
    {"utf-8 ignoreBOM EF BB BF 41", "utf-8", IGNORE,
     CALLS({B("\xEF\xBB\xBF\x41"), F,
            STEPS({L1, 8, STOP, NONE}, {W16, 8, OK, U(0xFEFF, 0x41)}), 0})},
    {"utf-8 ignoreBOM EF BB BF 41, on in UTF-8", "utf-8", IGNORE,
     CALLS({B("\xEF\xBB\xBF\x41"), F,
            STEPS({L1, 8, STOP, NONE}, {W8, 8, OK, U(0xEF, 0xBB, 0xBF, 0x41)}), 0})},
    {"utf-8 stop right after the BOM: EF BB BF C4 80 41", "utf-8", 0,
     CALLS({B("\xEF\xBB\xBF\xC4\x80\x41"), F,
            STEPS({L1, 8, STOP, NONE}, {W16, 1, FULL, U(0x100)}, {L1, 8, OK, U(0x41)}), 0})},
    {"utf-8 a second BOM is kept: EF BB BF EF BB BF 41", "utf-8", 0,
     CALLS({B("\xEF\xBB\xBF\xEF\xBB\xBF\x41"), F,
            STEPS({L1, 8, STOP, NONE}, {W16, 1, FULL, U(0xFEFF)}, {L1, 8, OK, U(0x41)}), 0})},
    {"utf-16le FF FE 41 00 E9 00", "utf-16le", 0,
     CALLS({B("\xFF\xFE\x41\x00\xE9\x00"), F, STEPS({L1, 8, OK, U(0x41, 0xE9)}), 0})},
    {"utf-16le ignoreBOM FF FE 41 00", "utf-16le", IGNORE,
     CALLS({B("\xFF\xFE\x41\x00"), F,
            STEPS({L1, 8, STOP, NONE}, {W16, 1, FULL, U(0xFEFF)}, {L1, 8, OK, U(0x41)}), 0})},
    {"utf-16le stop right after the BOM: FF FE 00 01 41 00", "utf-16le", 0,
     CALLS({B("\xFF\xFE\x00\x01\x41\x00"), F,
            STEPS({L1, 8, STOP, NONE}, {W16, 8, OK, U(0x100, 0x41)}), 0})},
    {"utf-16be FE FF 00 41 00 E9", "utf-16be", 0,
     CALLS({B("\xFE\xFF\x00\x41\x00\xE9"), F, STEPS({L1, 8, OK, U(0x41, 0xE9)}), 0})},
    {"utf-16be ignoreBOM FE FF 00 41", "utf-16be", IGNORE,
     CALLS({B("\xFE\xFF\x00\x41"), F,
            STEPS({L1, 8, STOP, NONE}, {W8, 8, OK, U(0xEF, 0xBB, 0xBF, 0x41)}), 0})},
    {"utf-16be stop right after the BOM: FE FF 01 00", "utf-16be", 0,
     CALLS({B("\xFE\xFF\x01\x00"), F, STEPS({L1, 8, STOP, NONE}, {W16, 8, OK, U(0x100)}), 0})},
    {"utf-16be FF FE 00 41: U+FFFE, not a BOM", "utf-16be", 0,
     CALLS({B("\xFF\xFE\x00\x41"), F,
            STEPS({L1, 8, STOP, NONE}, {W16, 1, FULL, U(0xFFFE)}, {L1, 8, OK, U(0x41)}), 0})},
    {"utf-16le BOM in three calls: FF | FE | E9 00 | ()", "utf-16le", 0,
     CALLS({B("\xFF"), S, STEPS({L1, 8, OK, NONE}), 0},
           {B("\xFE"), S, STEPS({L1, 8, OK, NONE}), 0},
           {B("\xE9\x00"), S, STEPS({L1, 8, OK, U(0xE9)}), 0},
           {NULL, 0, F, STEPS({L1, 8, OK, NONE}), 0})},
    {"utf-8 BOM split: EF BB | BF C3 A9 | ()", "utf-8", 0,
     CALLS({B("\xEF\xBB"), S, STEPS({L1, 8, OK, NONE}), 0},
           {B("\xBF\xC3\xA9"), S, STEPS({L1, 8, OK, U(0xE9)}), 0},
           {NULL, 0, F, STEPS({L1, 8, OK, NONE}), 0})},
    {"windows-1252 EF BB BF: no BOM to drop", "windows-1252", 0,
     CALLS({B("\xEF\xBB\xBF"), F, STEPS({L1, 8, OK, U(0xEF, 0xBB, 0xBF)}), 0})},
    {"two calls without stream each drop their BOM", "utf-8", 0,
     CALLS({B("\xEF\xBB\xBF\x41"), F, STEPS({L1, 8, OK, U(0x41)}), 0},
           {B("\xEF\xBB\xBF\x42"), F, STEPS({L1, 8, OK, U(0x42)}), 0})},

    /* A whole call of one-byte UTF-8 (the early path), then the state is
    ** as after any call: the next one starts afresh. */
    {"utf-8 63 61 66 C3 A9, then EF BB BF 41 | ()", "utf-8", 0,
     CALLS({B("caf\xC3\xA9"), F, STEPS({L1, 4, OK, U(0x63, 0x61, 0x66, 0xE9)}), 0},
           {B("\xEF\xBB\xBF\x41"), S, STEPS({L1, 8, OK, U(0x41)}), 0},
           {NULL, 0, F, STEPS({L1, 8, OK, NONE}), 0})},
    {"utf-8 ignoreBOM 41 C3 A9, then EF BB BF", "utf-8", IGNORE,
     CALLS({B("\x41\xC3\xA9"), F, STEPS({L1, 2, OK, U(0x41, 0xE9)}), 0},
           {B("\xEF\xBB\xBF"), F, STEPS({L1, 8, STOP, NONE}, {W16, 1, OK, U(0xFEFF)}), 0})},

    /* Stops in the index encodings and at U+FFFD. */
    {"windows-1252 41 80 42: U+20AC", "windows-1252", 0,
     CALLS({B("\x41\x80\x42"), F,
            STEPS({L1, 8, STOP, U(0x41)}, {W16, 1, FULL, U(0x20AC)}, {L1, 8, OK, U(0x42)}), 0})},
    {"shift_jis 41 82 A0 42: U+3042", "shift_jis", 0,
     CALLS({B("\x41\x82\xA0\x42"), F,
            STEPS({L1, 8, STOP, U(0x41)}, {W16, 8, OK, U(0x3042, 0x42)}), 0})},
    {"utf-8 41 FF 42: U+FFFD stops", "utf-8", 0,
     CALLS({B("\x41\xFF\x42"), F,
            STEPS({L1, 8, STOP, U(0x41)}, {W16, 1, FULL, U(0xFFFD)}, {L1, 8, OK, U(0x42)}), 0})},
    {"utf-8 fatal 41 FF 42: the TypeError", "utf-8", FATAL,
     CALLS({B("\x41\xFF\x42"), F, STEPS({L1, 8, BAD, U(0x41)}), 0})},
    {"called again at the stop: nothing, WENC_UNMAPPABLE", "utf-8", 0,
     CALLS({B("\x41\xE2\x82\xAC"), F,
            STEPS({L1, 8, STOP, U(0x41)}, {L1, 8, STOP, NONE}, {L1, 0, FULL, NONE},
                  {W16, 8, OK, U(0x20AC)}), 0})},

    /* The flush: an incomplete sequence at the end is U+FFFD. */
    {"utf-8 41 E2 82 without stream", "utf-8", 0,
     CALLS({B("\x41\xE2\x82"), F, STEPS({L1, 8, STOP, U(0x41)}, {W16, 8, OK, U(0xFFFD)}), 0})},
    {"utf-8 41 E2 82 | (): the stop at the flush", "utf-8", 0,
     CALLS({B("\x41\xE2\x82"), S, STEPS({L1, 8, OK, U(0x41)}), 0},
           {NULL, 0, F, STEPS({L1, 8, STOP, NONE}, {W16, 8, OK, U(0xFFFD)}), 0})},
    {"utf-8 fatal C3 | (): the TypeError at the flush", "utf-8", FATAL,
     CALLS({B("\xC3"), S, STEPS({L1, 8, OK, NONE}), 0},
           {NULL, 0, F, STEPS({L1, 8, BAD, NONE}), 0})},

    /* The bytes kept after a fatal error in a streaming call are decoded
    ** first by the next call (wenc/text.h); a stop inside them leaves the
    ** caller's input unread. */
    {"fatal stop inside kept bytes: FF 41 C4 80 42 | 43 | ()", "utf-8", FATAL,
     CALLS({B("\xFF\x41\xC4\x80\x42"), S, STEPS({L1, 8, BAD, NONE}), 4},
           {B("\x43"), S,
            STEPS({L1, 8, STOP, U(0x41)}, {W16, 1, FULL, U(0x100)}, {L1, 1, FULL, U(0x42)},
                  {L1, 1, OK, U(0x43)}), 0},
           {NULL, 0, F, STEPS({L1, 8, OK, NONE}), 0})},
    {"fatal kept bytes, a BOM in them: FF EF BB BF C3 A9 | ()", "utf-8", FATAL,
     CALLS({B("\xFF\xEF\xBB\xBF\xC3\xA9"), S, STEPS({L1, 8, BAD, NONE}), 5},
           {NULL, 0, F, STEPS({L1, 8, OK, U(0xE9)}), 0})},

    /* One-byte rooms; UTF-16 half of a pair, then one-byte again. */
    {"rooms of one byte: 41 C3 A9 42", "utf-8", 0,
     CALLS({B("\x41\xC3\xA9\x42"), F,
            STEPS({L1, 1, FULL, U(0x41)}, {L1, 1, FULL, U(0xE9)}, {L1, 1, OK, U(0x42)}), 0})},
    {"utf-16le a pair in rooms of one unit: 3D D8 00 DE 41 00", "utf-16le", 0,
     CALLS({B("\x3D\xD8\x00\xDE\x41\x00"), F,
            STEPS({L1, 1, STOP, NONE}, {W16, 1, FULL, U(0xD83D)}, {L1, 1, STOP, NONE},
                  {W16, 1, FULL, U(0xDE00)}, {L1, 1, OK, U(0x41)}), 0})},
};

static const char *form_name[] = {"latin1", "utf16", "utf8"};

static void run_vector(const tvec *v)
{
    wenc_text_decoder td;
    wenc_status st = wenc_text_decoder_init_cstr(&td, v->label, v->options, NULL);
    if (st == WENC_NOT_BUILT_IN) {
        check_skip("%s: %s not built in (-Dencodings)", v->desc, v->label);
        return;
    }
    bool ok = st == WENC_OK;
    char why[200] = "";
    for (size_t c = 0; ok && c < v->ncalls; c++) {
        const tcall *call = &v->calls[c];
        uint8_t *in = call->len ? malloc(call->len) : NULL;
        if (call->len)
            memcpy(in, call->in, call->len);
        size_t pos = 0;
        for (size_t k = 0; ok && k < call->nsteps; k++) {
            const step *s = &call->steps[k];
            size_t unit = s->form == W16 ? 2 : 1;
            void *dst = s->room ? malloc(s->room * unit) : NULL;
            size_t sl = call->len - pos, dl = s->room;
            const uint8_t *at = sl ? in + pos : NULL;
            st = s->form == L1    ? wenc_text_decoder_decode_to_latin1(&td, at, &sl, dst, &dl,
                                                                         call->stream)
                 : s->form == W16 ? wenc_text_decoder_decode_to_utf16(&td, at, &sl, dst, &dl,
                                                                      call->stream)
                                  : wenc_text_decoder_decode_to_utf8(&td, at, &sl, dst, &dl,
                                                                     call->stream);
            ok = st == s->st && dl == s->out_len && sl <= call->len - pos;
            for (size_t u = 0; ok && u < dl; u++)
                ok = (s->form == W16 ? ((uint16_t *)dst)[u] : ((uint8_t *)dst)[u]) == s->out[u];
            if (!ok)
                snprintf(why, sizeof why, "call %zu step %zu (%s, room %zu): %s, %zu units",
                         c, k, form_name[s->form], s->room, wenc_status_name(st), dl);
            free(dst);
            pos += sl;
        }
        if (ok && (pos != call->len || wenc_text_decoder_unread_length(&td) != call->unread)) {
            ok = false;
            snprintf(why, sizeof why, "call %zu: %zu of %zu bytes read, %zu kept", c, pos,
                     call->len, wenc_text_decoder_unread_length(&td));
        }
        free(in);
    }
    CHECK(ok, "%s%s%s", v->desc, ok ? "" : ": ", why);
    wenc_text_decoder_destroy(&td);
}

/* Offsets: a fatal error after a stop is where decode_to_utf16 puts it. */
static void error_offsets(void)
{
    wenc_text_decoder td;
    wenc_text_decoder_init_cstr(&td, "utf-8", FATAL, NULL);
    const uint8_t in[] = {0x41, 0xC4, 0x80, 0x42, 0xE2, 0x28};
    uint8_t l1[4];
    uint16_t u16[4];
    size_t sl = sizeof in, dl = sizeof l1;
    wenc_status st = wenc_text_decoder_decode_to_latin1(&td, in, &sl, l1, &dl, false);
    bool ok = st == WENC_UNMAPPABLE && dl == 1 && l1[0] == 0x41;
    size_t pos = sl;
    sl = sizeof in - pos;
    dl = 1;
    st = wenc_text_decoder_decode_to_utf16(&td, in + pos, &sl, u16, &dl, false);
    ok = ok && st == WENC_OUTPUT_FULL && dl == 1 && u16[0] == 0x100;
    pos += sl;
    sl = sizeof in - pos;
    dl = sizeof l1;
    st = wenc_text_decoder_decode_to_latin1(&td, in + pos, &sl, l1, &dl, false);
    CHECK(ok && st == WENC_MALFORMED && dl == 1 && l1[0] == 0x42 && pos + sl == sizeof in &&
              wenc_text_decoder_error_offset(&td) == 4 &&
              wenc_text_decoder_error_length(&td) == 1,
          "fatal 41 C4 80 42 E2 28: 41, U+0100, 42, then the error at 4, 1 byte (%s at %llu)",
          wenc_status_name(st), (unsigned long long)wenc_text_decoder_error_offset(&td));
    /* The next call starts afresh: E2 28 is gone. */
    sl = 1;
    dl = sizeof l1;
    st = wenc_text_decoder_decode_to_latin1(&td, (const uint8_t *)"\xE9", &sl, l1, &dl, false);
    CHECK(st == WENC_MALFORMED && dl == 0 && wenc_text_decoder_error_offset(&td) == 0,
          "after it, a call without stream starts afresh (E9 alone: error at 0)");
    wenc_text_decoder_destroy(&td);

    /* Replacement accounting goes on through the stops. */
    wenc_text_decoder_init_cstr(&td, "utf-8", 0, NULL);
    const uint8_t r[] = {0x41, 0xFF, 0x42, 0xFE};
    size_t n = 0, p = 0;
    for (int i = 0; i < 8 && p < sizeof r; i++) {
        sl = sizeof r - p;
        dl = sizeof l1;
        st = i % 2 == 0 ? wenc_text_decoder_decode_to_latin1(&td, r + p, &sl, l1, &dl, false)
                        : wenc_text_decoder_decode_to_utf16(&td, r + p, &sl, u16, &(size_t){1},
                                                            false);
        p += sl;
        n++;
    }
    CHECK(wenc_text_decoder_replacement_count(&td) == 2 &&
              wenc_text_decoder_first_replacement_offset(&td) == 1,
          "replacement count 2, first at 1, through %zu calls", n);
    wenc_text_decoder_destroy(&td);
}

/* Bad arguments: wenc/latin1.h. */
static void arguments(void)
{
    wenc_text_decoder td;
    wenc_text_decoder_init_cstr(&td, "utf-8", 0, NULL);
    uint8_t out[4];
    size_t sl = 3, dl = 4;
    CHECK(wenc_text_decoder_decode_to_latin1(NULL, (const uint8_t *)"abc", &sl, out, &dl,
                                             false) == WENC_INVALID_ARGUMENT &&
              sl == 0 && dl == 0,
          "NULL text decoder: WENC_INVALID_ARGUMENT, lengths 0");
    sl = 3;
    dl = 4;
    CHECK(wenc_text_decoder_decode_to_latin1(&td, NULL, &sl, out, &dl, false) ==
                  WENC_INVALID_ARGUMENT && sl == 0 && dl == 0,
          "NULL input with a length");
    sl = 3;
    dl = 4;
    CHECK(wenc_text_decoder_decode_to_latin1(&td, (const uint8_t *)"abc", &sl, NULL, &dl,
                                             false) == WENC_INVALID_ARGUMENT,
          "NULL output with room");
    dl = 4;
    CHECK(wenc_text_decoder_decode_to_latin1(&td, (const uint8_t *)"abc", NULL, out, &dl,
                                             false) == WENC_INVALID_ARGUMENT &&
              wenc_text_decoder_decode_to_latin1(&td, (const uint8_t *)"abc", &sl, out, NULL,
                                                 false) == WENC_INVALID_ARGUMENT,
          "NULL lengths");
    sl = 0;
    dl = 0;
    CHECK(wenc_text_decoder_decode_to_latin1(&td, NULL, &sl, NULL, &dl, false) == WENC_OK &&
              sl == 0 && dl == 0,
          "NULL with 0, no room: decode() with no input");
    sl = 2;
    dl = 0;
    CHECK(wenc_text_decoder_decode_to_latin1(&td, (const uint8_t *)"ab", &sl, NULL, &dl,
                                             false) == WENC_OUTPUT_FULL && dl == 0,
          "no room: WENC_OUTPUT_FULL");
    size_t rest = 2 - sl;
    dl = 4;
    CHECK(wenc_text_decoder_decode_to_latin1(&td, (const uint8_t *)"ab" + sl, &rest, out, &dl,
                                             false) == WENC_OK && dl == 2 && out[0] == 'a' &&
              out[1] == 'b',
          "then the same call goes on: 61 62");
    wenc_text_decoder_destroy(&td);
    /* A text decoder of an encoding left out (zeroed by init). */
    wenc_text_decoder zero;
    memset(&zero, 0, sizeof zero);
    sl = 1;
    dl = 4;
    CHECK(wenc_text_decoder_decode_to_latin1(&zero, (const uint8_t *)"a", &sl, out, &dl,
                                             false) == WENC_INVALID_ARGUMENT,
          "a zeroed text decoder: WENC_INVALID_ARGUMENT");
}

int main(void)
{
    for (size_t i = 0; i < LEN(vectors); i++)
        run_vector(&vectors[i]);
    error_offsets();
    arguments();
    return check_done();
}
