/* labels.c -- fuzz target for label lookup and the encoding registry
** (wenc.h): the whole input is a label.
**
** Invariants checked, beyond "no crash, no read past the label":
** - wenc_encoding_for_label() agrees with a naive transcription of the
**   standard's "get an encoding" (strip ASCII whitespace, ASCII
**   case-insensitive match) run over the labels the registry lists through
**   wenc_encoding_label();
** - with the reference model (fuzz.h), it also agrees with the model's
**   "get an encoding" over encodings.json (labels without NUL bytes);
** - the _no_replacement variant is the same except for replacement;
** - what the registry says about the encoding found is consistent: its
**   lowercase name is its name ASCII-lowercased and is itself a label of it,
**   its output encoding is itself or UTF-8, and so on. */
#include "fuzz.h"
#include "ref.h"

#include <stdlib.h>
#include <string.h>

static bool is_ws(uint8_t c)
{
    return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20;
}

static uint8_t lower(uint8_t c)
{
    return c >= 'A' && c <= 'Z' ? (uint8_t)(c + ('a' - 'A')) : c;
}

static bool ascii_ci_equal(const uint8_t *a, size_t n, const char *label)
{
    size_t m = strlen(label);
    if (m != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (lower(a[i]) != lower((uint8_t)label[i]))
            return false;
    return true;
}

/* The standard's "get an encoding", over the registry's own label lists. */
static const wenc_encoding *naive_lookup(const uint8_t *p, size_t n)
{
    while (n > 0 && is_ws(p[0])) {
        p++;
        n--;
    }
    while (n > 0 && is_ws(p[n - 1]))
        n--;
    const wenc_encoding *found = NULL;
    for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
        const wenc_encoding *e = wenc_encoding_at(i);
        const char *l;
        for (size_t j = 0; (l = wenc_encoding_label(e, j)) != NULL; j++) {
            if (ascii_ci_equal(p, n, l)) {
                FUZZ_ASSERT(found == NULL, "label \"%s\" listed twice", l);
                found = e;
            }
        }
    }
    return found;
}

static void check_encoding(const wenc_encoding *e)
{
    const char *name = wenc_encoding_name(e);
    const char *lname = wenc_encoding_lowercase_name(e);
    FUZZ_ASSERT(name != NULL && lname != NULL && strlen(name) == strlen(lname), "names");
    for (size_t i = 0; name[i] != '\0'; i++)
        FUZZ_ASSERT(lower((uint8_t)name[i]) == (uint8_t)lname[i], "lowercase name of %s",
                    name);
    /* The standard notes that every name, lowercased, is one of its labels. */
    FUZZ_ASSERT(wenc_encoding_for_label(lname, strlen(lname)) == e, "%s by its name", name);
    FUZZ_ASSERT(wenc_encoding_for_label(name, strlen(name)) == e, "%s by its name", name);
    const wenc_encoding *out = wenc_encoding_output_encoding(e);
    bool has = wenc_encoding_has_encoder(e);
    FUZZ_ASSERT(out == (has ? e : WENC_UTF_8), "output encoding of %s", name);
    FUZZ_ASSERT(has == (e != WENC_REPLACEMENT && e != WENC_UTF_16BE && e != WENC_UTF_16LE),
                "has_encoder(%s)", name);
    FUZZ_ASSERT(!wenc_encoding_is_ascii_compatible(e) ==
                    (e == WENC_REPLACEMENT || e == WENC_UTF_16BE || e == WENC_UTF_16LE ||
                     e == WENC_ISO_2022_JP),
                "is_ascii_compatible(%s)", name);
    const char *prev = NULL, *l;
    size_t j;
    for (j = 0; (l = wenc_encoding_label(e, j)) != NULL; j++) {
        FUZZ_ASSERT(prev == NULL || strcmp(prev, l) < 0, "labels of %s not in ASCII order",
                    name);
        for (size_t i = 0; l[i] != '\0'; i++)
            FUZZ_ASSERT(lower((uint8_t)l[i]) == (uint8_t)l[i] && (uint8_t)l[i] < 0x80 &&
                            !is_ws((uint8_t)l[i]),
                        "label \"%s\" is not lowercase ASCII without whitespace", l);
        FUZZ_ASSERT(wenc_encoding_for_label(l, strlen(l)) == e, "label \"%s\"", l);
        prev = l;
    }
    FUZZ_ASSERT(j > 0, "%s has no label", name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    fuzz_set_context("label of %zu bytes", size);
    /* An exact-size copy, so a read past the label is caught even when the
    ** fuzzer's buffer is larger. */
    char *label = fuzz_exact_copy(data, size);
    const wenc_encoding *want = naive_lookup(data, size);
    const wenc_encoding *got = wenc_encoding_for_label(label, size);
    FUZZ_ASSERT(got == want, "wenc_encoding_for_label gives %s, the standard %s",
                got ? wenc_encoding_name(got) : "failure",
                want ? wenc_encoding_name(want) : "failure");
    if (fuzz_have_ref() && memchr(data, 0, size) == NULL) {
        char *z = fuzz_xmalloc(size + 1);
        memcpy(z, data, size);
        z[size] = '\0';
        const char *name = ref_get_encoding(z);
        FUZZ_ASSERT(name == NULL ? got == NULL
                                 : got != NULL && strcmp(name, wenc_encoding_name(got)) == 0,
                    "wenc_encoding_for_label gives %s, the reference model %s",
                    got ? wenc_encoding_name(got) : "failure", name ? name : "failure");
        free(z);
    }
    const wenc_encoding *nr = wenc_encoding_for_label_no_replacement(label, size);
    FUZZ_ASSERT(nr == (want == WENC_REPLACEMENT ? NULL : want), "no_replacement variant");
    /* Every prefix too (labels are short, so this stays cheap). */
    for (size_t k = 0; k < size && k < 64; k++)
        FUZZ_ASSERT(wenc_encoding_for_label(label, k) == naive_lookup(data, k),
                    "prefix of %zu bytes", k);
    if (got != NULL)
        check_encoding(got);
    free(label);

    /* The registry as a whole, once per process. */
    static bool registry_checked;
    if (!registry_checked) {
        registry_checked = true;
        FUZZ_ASSERT(wenc_encoding_at(WENC_ENCODING_COUNT) == NULL, "past the end");
        for (size_t i = 0; i < WENC_ENCODING_COUNT; i++) {
            const wenc_encoding *e = wenc_encoding_at(i);
            FUZZ_ASSERT(e != NULL, "encoding %zu", i);
            for (size_t k = 0; k < i; k++)
                FUZZ_ASSERT(wenc_encoding_at(k) != e &&
                                strcmp(wenc_encoding_name(wenc_encoding_at(k)),
                                       wenc_encoding_name(e)) != 0,
                            "encodings %zu and %zu", k, i);
            check_encoding(e);
        }
    }
    return 0;
}
