/* test_files.c -- libxml2's own encoding test files through the hook (issue
** 40).  Run in an unpacked libxml2 source tree (the argument): each file
** under test/ is parsed as runtest does it (xmlCtxtReadFile() or
** htmlCtxtReadFile(), then serialized by xmlDocDumpMemory() or
** htmlDocDumpMemory()), with wenc_libxml2_install_report() on the context,
** and compared with libxml2's expected output under result/: the serialized
** document, and the errors (line and message) of the .err file.  HTML files
** are parsed again through wenc_libxml2_html_read_memory().  Each
** difference must be one listed below with the standard's reason; TAP. */
#include <wenc/libxml2.h>

#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int t_count, t_failed;

static void t_ok(int ok, const char *text)
{
    t_count++;
    if (!ok)
        t_failed++;
    printf("%s %d - %s\n", ok ? "ok" : "not ok", t_count, text);
}

typedef struct errlist {
    char text[65536];
    size_t len;
} errlist;

static void collect(void *ctx, const xmlError *e)
{
    errlist *l = ctx;
    char line[8300];
    char msg[8192];
    snprintf(msg, sizeof msg, "%s", e->message ? e->message : "");
    size_t n = strlen(msg);
    while (n > 0 && msg[n - 1] == '\n')
        msg[--n] = 0;
    int k = snprintf(line, sizeof line, "%d: %s\n", e->line, msg);
    if (k > 0 && l->len + (size_t)k < sizeof l->text) {
        memcpy(l->text + l->len, line, (size_t)k + 1);
        l->len += (size_t)k;
    }
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc((size_t)n + 1);
    if (p == NULL || fread(p, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(p);
        return NULL;
    }
    fclose(f);
    p[n] = 0;
    *len = (size_t)n;
    return p;
}

/* The .err file's errors as "LINE: MESSAGE" lines (the file name and the
** domain dropped, and the context lines that follow each). */
static void err_file(const char *path, errlist *l)
{
    size_t n;
    char *p = slurp(path, &n);
    l->len = 0;
    l->text[0] = 0;
    if (p == NULL)
        return;
    for (char *s = strtok(p, "\n"); s != NULL; s = strtok(NULL, "\n")) {
        if (strncmp(s, "./test/", 7) != 0)
            continue;
        char *c = strchr(s, ':');
        if (c == NULL)
            continue;
        int line = atoi(c + 1);
        char *m = strstr(c, " : ");
        if (m == NULL)
            continue;
        int k = snprintf(l->text + l->len, sizeof l->text - l->len, "%d: %s\n", line, m + 3);
        if (k > 0 && l->len + (size_t)k < sizeof l->text)
            l->len += (size_t)k;
    }
    free(p);
}

/* A known difference: FILE (how it was parsed: "read" or "sniff"), what
** differs, and why. */
typedef struct known {
    const char *file, *how, *what, *why;
} known;

static const known knowns[] = {
    {"./test/HTML/encoding-error.html", "sniff", "errors",
     "no error: wenc decodes the byte 0x80 (not UTF-8) as U+FFFD, as the Encoding Standard's "
     "UTF-8 decoder in replacement mode does, and the HTML Standard's tokenizer has no parse "
     "error for it; libxml2's own UTF-8 reader reports \"Invalid bytes in character "
     "encoding\". The document (with U+FFFD) is the same"},
    {NULL, NULL, NULL, NULL},
};

static const char *known_why(const char *file, const char *how, const char *what)
{
    for (const known *k = knowns; k->file != NULL; k++)
        if (strcmp(k->file, file) == 0 && strcmp(k->how, how) == 0 && strcmp(k->what, what) == 0)
            return k->why;
    return NULL;
}

/* TEXT as TAP comment lines under HEAD: a line of libxml2's error text
** that did not start with '#' would be read as a broken TAP line. */
static void print_comment(const char *head, const char *text)
{
    printf("# %s\n", head);
    while (*text) {
        size_t n = strcspn(text, "\n");
        printf("#   %.*s\n", (int)n, text);
        text += n + (text[n] == '\n');
    }
}

static void check(const char *file, const char *how, const char *what, bool equal,
                  const char *hook)
{
    const char *why = equal ? NULL : known_why(file, how, what);
    char text[400];
    snprintf(text, sizeof text, "%s %s %s: %s (%s)", file, how, what,
             equal ? "equal to result/" : why != NULL ? "differs, explained" : "differs from result/",
             hook);
    t_ok(equal || why != NULL, text);
    if (why != NULL)
        printf("#   why: %s\n", why);
}

static void run(const char *file, bool html, const char *result, const char *err,
                const char *needs)
{
    if (needs != NULL && !wenc_encoding_is_built_in(wenc_encoding_for_label_cstr(needs))) {
        char text[300];
        snprintf(text, sizeof text, "%s # SKIP needs %s (not built in, -Dencodings)", file,
                 needs);
        t_ok(1, text);
        return;
    }
    if (access(file, R_OK) != 0) {
        char text[300];
        snprintf(text, sizeof text, "%s # SKIP not in this version", file);
        t_ok(1, text);
        return;
    }
    if (result != NULL && access(result, R_OK) != 0)
        result = NULL;
    if (err != NULL && access(err, R_OK) != 0)
        err = NULL;
    errlist got = {{0}, 0}, want;
    wenc_libxml2_report r;
    for (int pass = 0; pass < (html ? 2 : 1); pass++) {
        const char *how = pass == 0 ? "read" : "sniff";
        got.len = 0;
        got.text[0] = 0;
        xmlParserCtxtPtr c = html ? htmlNewParserCtxt() : xmlNewParserCtxt();
        xmlCtxtSetErrorHandler(c, collect, &got);
        xmlDocPtr d;
        if (pass == 0) {
            wenc_libxml2_install_report(c, &r);
            d = html ? htmlCtxtReadFile(c, file, NULL, 0) : xmlCtxtReadFile(c, file, NULL, 0);
        } else {
            size_t n;
            char *bytes = slurp(file, &n);
            d = wenc_libxml2_html_read_memory(c, bytes, (int)n, file, NULL, NULL, 0, &r, NULL);
            free(bytes);
        }
        char hook[120];
        snprintf(hook, sizeof hook, "%s%s",
                 r.encoding ? "through the hook: " : "no decoder from the hook",
                 r.encoding ? wenc_encoding_name(r.encoding) : "");
        if (result != NULL) {
            xmlChar *mem = NULL;
            int len = 0;
            if (d != NULL) {
                if (html)
                    htmlDocDumpMemory(d, &mem, &len);
                else
                    xmlDocDumpMemory(d, &mem, &len);
            }
            size_t wl;
            char *w = slurp(result, &wl);
            bool eq = w != NULL && mem != NULL && (size_t)len == wl && memcmp(mem, w, wl) == 0;
            if (!eq && getenv("WENC_TEST_VERBOSE"))
                printf("# got:\n%s\n# want:\n%s\n", mem ? (char *)mem : "(none)",
                       w ? w : "(none)");
            check(file, how, "document", eq, hook);
            free(w);
            xmlFree(mem);
        }
        if (err != NULL) {
            err_file(err, &want);
            bool eq = strcmp(want.text, got.text) == 0;
            if (!eq) {
                print_comment("errors got:", got.text);
                print_comment("errors want:", want.text);
            }
            check(file, how, "errors", eq, hook);
        }
        xmlFreeDoc(d);
        xmlFreeParserCtxt(c);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2 || chdir(argv[1]) != 0) {
        printf("1..0 # SKIP no libxml2 source tree given\n");
        return 0;
    }
    printf("# libxml2 %s, files of %s\n", LIBXML_DOTTED_VERSION, argv[1]);
    run("./test/icu_parse_test.xml", false, "result/icu_parse_test.xml", NULL, "EUC-JP");
    run("./test/iso-8859-5.xml", false, "result/iso-8859-5.xml", NULL, "ISO-8859-5");
    run("./test/errors/759398.xml", false, NULL, "result/errors/759398.xml.err", "ISO-8859-5");
    run("./test/errors/unsupported-encoding.xml", false, NULL,
        "result/errors/unsupported-encoding.xml.err", NULL);
    run("./test/HTML/html5_enc.html", true, "result/HTML/html5_enc.html", NULL, NULL);
    run("./test/HTML/encoding-error.html", true, "result/HTML/encoding-error.html",
        "result/HTML/encoding-error.html.err", NULL);
    /* Files whose encodings libxml2 decodes itself (UTF-16, UTF-8): the
    ** hook must change nothing there. */
    run("./test/utf16bom.xml", false, "result/utf16bom.xml", NULL, NULL);
    run("./test/utf16lebom.xml", false, "result/utf16lebom.xml", NULL, NULL);
    run("./test/utf16bebom.xml", false, "result/utf16bebom.xml", NULL, NULL);
    run("./test/errors/truncated-utf16.xml", false, NULL,
        "result/errors/truncated-utf16.xml.err", NULL);
    run("./test/HTML/doc2.htm", true, "result/HTML/doc2.htm", "result/HTML/doc2.htm.err", NULL);
    run("./test/HTML/issue318.html", true, "result/HTML/issue318.html",
        "result/HTML/issue318.html.err", NULL);
    printf("1..%d\n", t_count);
    return t_failed != 0;
}
