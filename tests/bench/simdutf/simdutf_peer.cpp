// simdutf_peer.cpp -- wenc-bench's simdutf peer (tests/bench/README.md,
// "simdutf"): a C shim over simdutf's single-header amalgamation, found at
// configure time (-Dsimdutf_dir, default ../shared/peers/simdutf) and
// compiled into this one translation unit, for the benchmark program only.
// It is never part of the library or its tests.  One whole conversion per
// call, through the kernel simdutf made active (bench.c chooses it with
// SIMDUTF_FORCE_IMPLEMENTATION before the first call, to match WENC_SIMD).
// simdutf rejects malformed UTF-8 instead of replacing it, so the passes
// are only comparable to wenc's on valid input, which the corpus is; the
// output is checked once per row by bench.c.
#include "simdutf.cpp"

#include <cstring>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

extern "C" {

// Whether simdutf has a kernel called NAME compiled in that this CPU can
// run (forcing one it cannot run dies of an illegal instruction).  Does
// not choose the active kernel.
bool wb_simdutf_kernel_runs(const char *name)
{
    const simdutf::implementation *k = simdutf::get_available_implementations()[name];
    return k != nullptr && k->supported_by_runtime_system();
}

// The name of the active kernel; the first call makes simdutf choose it
// (reading SIMDUTF_FORCE_IMPLEMENTATION).  "unsupported" when the variable
// names no kernel: every call would fail.
const char *wb_simdutf_active(void)
{
    static char name[32];
    std::string_view n = simdutf::get_active_implementation()->name();
    size_t len = n.size() < sizeof name - 1 ? n.size() : sizeof name - 1;
    std::memcpy(name, n.data(), len);
    name[len] = 0;
    return name;
}

const char *wb_simdutf_version(void)
{
    return SIMDUTF_VERSION;
}

#if defined(__x86_64__) || defined(__i386__)
// simdutf's haswell kernel returns with the upper halves of the YMM
// registers dirty (no vzeroupper), and the SSE2 code wenc's AVX2 set shares
// (utf16_to_ascii, not VEX-encoded) then paid the transition on every
// instruction: the UTF-16 -> UTF-8 ascii row ran at 25.6 GB/s with the peer
// in the process and 62.4 GB/s without it (issue 43).  A compiled AVX
// function leaves them clean; so does each pass here.
__attribute__((target("avx"))) static void clean_upper(void)
{
    _mm256_zeroupper();
}
static const bool has_avx = __builtin_cpu_supports("avx");
#endif

static bool done(bool ok)
{
#if defined(__x86_64__) || defined(__i386__)
    if (has_avx)
        clean_upper();
#endif
    return ok;
}

// The conversions, as bench.c's enum simdutf_op numbers them.
enum {
    WB_VALIDATE_UTF8,   // validate_utf8; DST unused
    WB_UTF8_COPY,       // validate_utf8, then memcpy: UTF-8 -> UTF-8
    WB_UTF8_TO_UTF16LE, // convert_utf8_to_utf16le
    WB_UTF16LE_TO_UTF8, // convert_utf16le_to_utf8
    WB_UTF16BE_TO_UTF8, // convert_utf16be_to_utf8
    WB_UTF16LE_TO_LE,   // to_well_formed_utf16le: UTF-16LE bytes -> UTF-16 (x86 order)
    WB_UTF16BE_TO_LE    // change_endianness_utf16, then to_well_formed_utf16le in place
};

// Converts SRC_LEN units of SRC (bytes for UTF-8, 16-bit units for UTF-16)
// into DST (DST_LEN units of the output); *WRITTEN = units written.  False
// when simdutf reports invalid input (or the output cannot fit).
bool wb_simdutf_convert(int op, const void *src, size_t src_len, void *dst, size_t dst_len,
                        size_t *written)
{
    const char *s8 = static_cast<const char *>(src);
    const char16_t *s16 = static_cast<const char16_t *>(src);
    size_t n = 0;
    switch (op) {
    case WB_VALIDATE_UTF8:
        *written = src_len;
        return done(simdutf::validate_utf8(s8, src_len));
    case WB_UTF8_COPY:
        if (src_len > dst_len || !done(simdutf::validate_utf8(s8, src_len)))
            return false;
        std::memcpy(dst, src, src_len);
        *written = src_len;
        return true;
    case WB_UTF8_TO_UTF16LE:
        if (dst_len < src_len)
            return false; // simdutf writes at most one unit per byte
        n = simdutf::convert_utf8_to_utf16le(s8, src_len, static_cast<char16_t *>(dst));
        break;
    case WB_UTF16LE_TO_UTF8:
    case WB_UTF16BE_TO_UTF8:
        if (dst_len < 3 * src_len)
            return false;
        n = op == WB_UTF16LE_TO_UTF8
                ? simdutf::convert_utf16le_to_utf8(s16, src_len, static_cast<char *>(dst))
                : simdutf::convert_utf16be_to_utf8(s16, src_len, static_cast<char *>(dst));
        break;
    case WB_UTF16LE_TO_LE:
    case WB_UTF16BE_TO_LE: {
        if (dst_len < src_len)
            return false;
        char16_t *d = static_cast<char16_t *>(dst);
        if (op == WB_UTF16BE_TO_LE) {
            simdutf::change_endianness_utf16(s16, src_len, d);
            simdutf::to_well_formed_utf16le(d, src_len, d);
        } else {
            simdutf::to_well_formed_utf16le(s16, src_len, d);
        }
        *written = src_len;
        return done(true);
    }
    default:
        return false;
    }
    *written = n;
    return done(n != 0 || src_len == 0);
}

// latin1_bench.c's rows (wenc/latin1.h, issue 41), as its enum op numbers
// them: one call each; the caller gives the room each needs.  Returns what
// the wenc call it is timed against returns (units or bytes written, the
// length of a prefix: simdutf's conversions return 0 for input they
// reject, and its validations a bool, given here as LEN or 0).
enum {
    WB_L1_TO_UTF8,       // convert_latin1_to_utf8
    WB_L1_TO_UTF16LE,    // convert_latin1_to_utf16le
    WB_UTF8_TO_L1,       // convert_utf8_to_latin1
    WB_UTF16LE_TO_L1,    // convert_utf16le_to_latin1
    WB_UTF16LE_VALID,    // validate_utf16le_with_errors: the index of the first lone surrogate
    WB_UTF8_LEN_FROM_L1, // utf8_length_from_latin1
    WB_ASCII,            // validate_ascii_with_errors: the ASCII prefix
    WB_TO_WELL_FORMED    // to_well_formed_utf16le
};

size_t wb_simdutf_latin1(int op, const void *src, size_t len, void *dst)
{
    const char *s8 = static_cast<const char *>(src);
    const char16_t *s16 = static_cast<const char16_t *>(src);
    size_t n = 0;
    switch (op) {
    case WB_L1_TO_UTF8:
        n = simdutf::convert_latin1_to_utf8(s8, len, static_cast<char *>(dst));
        break;
    case WB_L1_TO_UTF16LE:
        n = simdutf::convert_latin1_to_utf16le(s8, len, static_cast<char16_t *>(dst));
        break;
    case WB_UTF8_TO_L1:
        n = simdutf::convert_utf8_to_latin1(s8, len, static_cast<char *>(dst));
        break;
    case WB_UTF16LE_TO_L1:
        n = simdutf::convert_utf16le_to_latin1(s16, len, static_cast<char *>(dst));
        break;
    case WB_UTF16LE_VALID:
        n = simdutf::validate_utf16le_with_errors(s16, len).count;
        break;
    case WB_UTF8_LEN_FROM_L1:
        n = simdutf::utf8_length_from_latin1(s8, len);
        break;
    case WB_ASCII:
        n = simdutf::validate_ascii_with_errors(s8, len).count;
        break;
    case WB_TO_WELL_FORMED:
        simdutf::to_well_formed_utf16le(s16, len, static_cast<char16_t *>(dst));
        n = len;
        break;
    default:
        break;
    }
    done(true);
    return n;
}

} // extern "C"
