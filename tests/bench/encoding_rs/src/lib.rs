//! wenc-bench's encoding_rs peer: one whole conversion per call, as
//! bench.c's wenc, iconv and ICU passes do, through encoding_rs's streaming
//! Decoder and Encoder (the API Gecko uses).  Decoding replaces malformed
//! input with U+FFFD (wenc's WENC_DECODER_REPLACEMENT); encoding writes
//! unmappable characters as HTML numeric character references (wenc's
//! WENC_ENCODER_HTML).  Output is checked once per row by bench.c against
//! the standard's, never by a test.

use encoding_rs::{CoderResult, Encoding};
use std::slice;

/// The encoding for LABEL (the standard's "get an encoding"), or null.
///
/// # Safety
/// LABEL points to LEN readable bytes.
#[no_mangle]
pub unsafe extern "C" fn encrs_for_label(label: *const u8, len: usize) -> *const Encoding {
    match Encoding::for_label(slice::from_raw_parts(label, len)) {
        Some(e) => e,
        None => std::ptr::null(),
    }
}

/// Whether ENC has an encoder of its own (UTF-16BE/LE and replacement
/// encode as UTF-8: the standard's "get an output encoding").
///
/// # Safety
/// ENC comes from encrs_for_label().
#[no_mangle]
pub unsafe extern "C" fn encrs_has_encoder(enc: *const Encoding) -> bool {
    let e: &'static Encoding = &*enc;
    e.output_encoding() == e
}

/// Converts SRC_LEN units of SRC into DST, DST_LEN units; *WRITTEN =
/// units written; true when it converted all of SRC and the output fit.
/// DECODE: SRC is bytes of ENC, DST UTF-8 bytes or (UTF16) host-order UTF-16
/// units, with TextDecoder's removal of ENC's BOM when BOM_REMOVAL, else
/// without BOM handling as wenc_decoder_init().  Otherwise the reverse:
/// SRC is UTF-8 or UTF-16, DST bytes of ENC.  encoding_rs encodes from a
/// &str, valid UTF-8 by its type: the pass checks the bytes with
/// str::from_utf8() (false if invalid), as a C caller holding bytes must and
/// Gecko's glue does, since wenc's encoders take any bytes.
///
/// # Safety
/// ENC comes from encrs_for_label(); SRC and DST are valid for their
/// lengths and 2-byte aligned where they hold UTF-16.
#[no_mangle]
pub unsafe extern "C" fn encrs_convert(
    enc: *const Encoding,
    decode: bool,
    utf16: bool,
    bom_removal: bool,
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    written: *mut usize,
) -> bool {
    let e: &'static Encoding = &*enc;
    let bytes = |p: *const u8, n| slice::from_raw_parts(p, n);
    let (result, read, n, _) = match (decode, utf16) {
        (true, _) => {
            let mut d = if bom_removal {
                e.new_decoder_with_bom_removal()
            } else {
                e.new_decoder_without_bom_handling()
            };
            if utf16 {
                let dst = slice::from_raw_parts_mut(dst as *mut u16, dst_len);
                d.decode_to_utf16(bytes(src, src_len), dst, true)
            } else {
                d.decode_to_utf8(
                    bytes(src, src_len),
                    slice::from_raw_parts_mut(dst, dst_len),
                    true,
                )
            }
        }
        (false, true) => e.new_encoder().encode_from_utf16(
            slice::from_raw_parts(src as *const u16, src_len),
            slice::from_raw_parts_mut(dst, dst_len),
            true,
        ),
        (false, false) => match std::str::from_utf8(bytes(src, src_len)) {
            Ok(text) => e.new_encoder().encode_from_utf8(
                text,
                slice::from_raw_parts_mut(dst, dst_len),
                true,
            ),
            Err(_) => return false,
        },
    };
    *written = n;
    result == CoderResult::InputEmpty && read == src_len
}

// encoding_rs::mem, for latin1_bench.c's rows (issue 41): one call each,
// over raw pointers; the caller gives the room each function requires.

/// convert_latin1_to_utf8: DST has room for 2 * LEN bytes; returns the
/// bytes written.
///
/// # Safety
/// SRC and DST are valid for their lengths.
#[no_mangle]
pub unsafe extern "C" fn encrs_mem_latin1_to_utf8(src: *const u8, len: usize, dst: *mut u8) -> usize {
    encoding_rs::mem::convert_latin1_to_utf8(
        slice::from_raw_parts(src, len),
        slice::from_raw_parts_mut(dst, 2 * len),
    )
}

/// convert_latin1_to_utf16: DST has room for LEN units.
///
/// # Safety
/// SRC and DST are valid for their lengths, DST 2-byte aligned.
#[no_mangle]
pub unsafe extern "C" fn encrs_mem_latin1_to_utf16(src: *const u8, len: usize, dst: *mut u16) {
    encoding_rs::mem::convert_latin1_to_utf16(
        slice::from_raw_parts(src, len),
        slice::from_raw_parts_mut(dst, len),
    )
}

/// UTF-8 to Latin-1 as Gecko checks then converts: utf8_latin1_up_to,
/// then convert_utf8_to_latin1_lossy over that prefix (the lossy call
/// alone does not validate).  Returns the bytes written.
///
/// # Safety
/// SRC and DST are valid for LEN bytes.
#[no_mangle]
pub unsafe extern "C" fn encrs_mem_utf8_to_latin1(src: *const u8, len: usize, dst: *mut u8) -> usize {
    let s = slice::from_raw_parts(src, len);
    let n = encoding_rs::mem::utf8_latin1_up_to(s);
    encoding_rs::mem::convert_utf8_to_latin1_lossy(&s[..n], slice::from_raw_parts_mut(dst, len))
}

/// UTF-16 to Latin-1 as Gecko: is_utf16_latin1, then
/// convert_utf16_to_latin1_lossy; returns whether it converted.
///
/// # Safety
/// SRC and DST are valid for LEN units, SRC 2-byte aligned.
#[no_mangle]
pub unsafe extern "C" fn encrs_mem_utf16_to_latin1(src: *const u16, len: usize, dst: *mut u8) -> bool {
    let s = slice::from_raw_parts(src, len);
    if !encoding_rs::mem::is_utf16_latin1(s) {
        return false;
    }
    encoding_rs::mem::convert_utf16_to_latin1_lossy(s, slice::from_raw_parts_mut(dst, len));
    true
}

/// utf16_valid_up_to.
///
/// # Safety
/// SRC is valid for LEN units, 2-byte aligned.
#[no_mangle]
pub unsafe extern "C" fn encrs_mem_utf16_valid_up_to(src: *const u16, len: usize) -> usize {
    encoding_rs::mem::utf16_valid_up_to(slice::from_raw_parts(src, len))
}

/// Encoding::ascii_valid_up_to: the length of the ASCII prefix.
///
/// # Safety
/// SRC is valid for LEN bytes.
#[no_mangle]
pub unsafe extern "C" fn encrs_mem_ascii_valid_up_to(src: *const u8, len: usize) -> usize {
    Encoding::ascii_valid_up_to(slice::from_raw_parts(src, len))
}

/// A well-formed copy as Gecko makes one: the copy, then
/// ensure_utf16_validity in place (lone surrogates become U+FFFD).
///
/// # Safety
/// SRC and DST are valid for LEN units, 2-byte aligned, and do not overlap.
#[no_mangle]
pub unsafe extern "C" fn encrs_mem_utf16_to_well_formed(src: *const u16, len: usize, dst: *mut u16) {
    let d = slice::from_raw_parts_mut(dst, len);
    d.copy_from_slice(slice::from_raw_parts(src, len));
    encoding_rs::mem::ensure_utf16_validity(d);
}
