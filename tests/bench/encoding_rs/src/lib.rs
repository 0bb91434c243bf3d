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

/// The output of a call: true when it converted all of SRC and fit in DST.
fn whole(result: CoderResult, read: usize, src_len: usize) -> bool {
    result == CoderResult::InputEmpty && read == src_len
}

/// Decodes SRC_LEN bytes of ENC into DST (UTF-8 bytes when UTF16 is false,
/// host-order UTF-16 units otherwise), DST_LEN units; *WRITTEN = units
/// written.  BOM_REMOVAL: TextDecoder's (strip the encoding's own BOM);
/// otherwise the standard's decode without BOM handling, as
/// wenc_decoder_init().
///
/// # Safety
/// SRC and DST are valid for their lengths; DST is 2-byte aligned when UTF16.
#[no_mangle]
pub unsafe extern "C" fn encrs_decode(
    enc: *const Encoding,
    utf16: bool,
    bom_removal: bool,
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    written: *mut usize,
) -> bool {
    let e: &'static Encoding = &*enc;
    let mut d = if bom_removal {
        e.new_decoder_with_bom_removal()
    } else {
        e.new_decoder_without_bom_handling()
    };
    let src = slice::from_raw_parts(src, src_len);
    let (result, read, n) = if utf16 {
        let dst = slice::from_raw_parts_mut(dst as *mut u16, dst_len);
        let (r, read, n, _) = d.decode_to_utf16(src, dst, true);
        (r, read, n)
    } else {
        let dst = slice::from_raw_parts_mut(dst, dst_len);
        let (r, read, n, _) = d.decode_to_utf8(src, dst, true);
        (r, read, n)
    };
    *written = n;
    whole(result, read, src_len)
}

/// Encodes SRC_LEN units of SRC (UTF-8 bytes when UTF16 is false,
/// host-order UTF-16 units otherwise) into DST_LEN bytes of ENC; *WRITTEN =
/// bytes written; false also when UTF-8 input is not valid UTF-8.
/// encoding_rs encodes from a &str, valid by its type: the pass checks the
/// bytes with str::from_utf8(), as a C caller holding bytes must (and as
/// Gecko's glue does), since wenc's encoders take any bytes.
///
/// # Safety
/// As encrs_decode().
#[no_mangle]
pub unsafe extern "C" fn encrs_encode(
    enc: *const Encoding,
    utf16: bool,
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
    written: *mut usize,
) -> bool {
    let e: &'static Encoding = &*enc;
    let mut c = e.new_encoder();
    let dst = slice::from_raw_parts_mut(dst, dst_len);
    let (result, read, n) = if utf16 {
        let src = slice::from_raw_parts(src as *const u16, src_len);
        let (r, read, n, _) = c.encode_from_utf16(src, dst, true);
        (r, read, n)
    } else {
        let src = match std::str::from_utf8(slice::from_raw_parts(src, src_len)) {
            Ok(s) => s,
            Err(_) => return false,
        };
        let (r, read, n, _) = c.encode_from_utf8(src, dst, true);
        (r, read, n)
    };
    *written = n;
    whole(result, read, src_len)
}
