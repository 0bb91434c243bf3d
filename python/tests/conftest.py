"""Fixtures of the wenc package's tests: the repository's root, the standard's
files in ../shared (tests that need them skip without), and a reference
route to the C library that does not go through the extension: libwenc
built from tools/amalgamate by the C compiler and called through ctypes."""
import ctypes
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(os.path.dirname(ROOT), 'shared')
INDEX_DIR = os.environ.get('WENC_INDEX_DIR') or os.path.join(SHARED, 'whatwg-encoding')


@pytest.fixture(scope='session')
def index_dir():
    if not os.path.exists(os.path.join(INDEX_DIR, 'encodings.json')):
        pytest.skip('the standard\'s files are not at %s (set WENC_INDEX_DIR)' % INDEX_DIR)
    return INDEX_DIR


class Ref:
    """The C library through ctypes: decode and encode with the streaming
    calls, errors listed as the fatal mode reports them."""

    def __init__(self, path):
        lib = self.lib = ctypes.CDLL(path)
        P, S, U64 = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint64
        lib.wenc_encoding_at.restype = P
        lib.wenc_encoding_at.argtypes = [S]
        lib.wenc_encoding_lowercase_name.restype = ctypes.c_char_p
        lib.wenc_encoding_lowercase_name.argtypes = [P]
        lib.wenc_encoding_output_encoding.restype = P
        lib.wenc_encoding_output_encoding.argtypes = [P]
        lib.wenc_encoding_has_encoder.restype = ctypes.c_bool
        lib.wenc_encoding_has_encoder.argtypes = [P]
        lib.wenc_encoding_for_label.restype = P
        lib.wenc_encoding_for_label.argtypes = [ctypes.c_char_p, S]
        for f in ('wenc_decoder_init', 'wenc_encoder_init'):
            getattr(lib, f).restype = ctypes.c_int
            getattr(lib, f).argtypes = [P, P, ctypes.c_uint]
        lib.wenc_decoder_decode_to_utf32.restype = ctypes.c_int
        lib.wenc_decoder_decode_to_utf32.argtypes = [P, P, ctypes.POINTER(S), P,
                                                     ctypes.POINTER(S), ctypes.c_bool]
        lib.wenc_encoder_encode_from_utf32.restype = ctypes.c_int
        lib.wenc_encoder_encode_from_utf32.argtypes = [P, P, ctypes.POINTER(S), P,
                                                       ctypes.POINTER(S), ctypes.c_bool]
        lib.wenc_decoder_error_offset.restype = U64
        lib.wenc_decoder_error_offset.argtypes = [P]
        lib.wenc_decoder_error_length.restype = S
        lib.wenc_decoder_error_length.argtypes = [P]
        lib.wenc_encoder_error_offset.restype = U64
        lib.wenc_encoder_error_offset.argtypes = [P]

    def name(self, i):
        return self.lib.wenc_encoding_lowercase_name(self.lib.wenc_encoding_at(i)).decode()

    def label(self, label):
        p = self.lib.wenc_encoding_for_label(label, len(label))
        return None if p is None else self.lib.wenc_encoding_lowercase_name(p).decode()

    def decode(self, i, data, fatal):
        """(text, [(start, end) of each error]); in fatal mode the text
        leaves the errors out, in replacement mode they are U+FFFD."""
        lib = self.lib
        d = ctypes.create_string_buffer(512)
        assert lib.wenc_decoder_init(d, lib.wenc_encoding_at(i), 1 if fatal else 0) == 0
        src = ctypes.create_string_buffer(bytes(data), len(data) + 1)
        out = (ctypes.c_uint32 * (4 * len(data) + 16))()
        pos, text, errors = 0, [], []
        while True:
            n = ctypes.c_size_t(len(data) - pos)
            m = ctypes.c_size_t(len(out))
            st = lib.wenc_decoder_decode_to_utf32(d, ctypes.addressof(src) + pos,
                                                  ctypes.byref(n), out, ctypes.byref(m), True)
            text.extend(out[:m.value])
            pos += n.value
            if st == 0:
                break
            assert st == 2, st
            o = lib.wenc_decoder_error_offset(d)
            errors.append((o, o + lib.wenc_decoder_error_length(d)))
        return ''.join(map(chr, text)), errors

    def encode(self, i, text, html):
        """(bytes, [index of each unmappable code point]) into encoding I's
        output encoding; in fatal mode the bytes leave them out."""
        lib = self.lib
        e = ctypes.create_string_buffer(512)
        enc = lib.wenc_encoding_at(i)
        if not lib.wenc_encoding_has_encoder(enc):
            enc = lib.wenc_encoding_output_encoding(enc)
        assert lib.wenc_encoder_init(e, enc, 1 if html else 0) == 0
        units = (ctypes.c_uint32 * (len(text) + 1))(*map(ord, text))
        out = ctypes.create_string_buffer(16 * len(text) + 16)
        pos, data, errors = 0, b'', []
        while True:
            n = ctypes.c_size_t(len(text) - pos)
            m = ctypes.c_size_t(len(out))
            st = lib.wenc_encoder_encode_from_utf32(e, ctypes.addressof(units) + 4 * pos,
                                                    ctypes.byref(n), out, ctypes.byref(m), True)
            data += out.raw[:m.value]
            pos += n.value
            if st == 0:
                break
            assert st == 3, st
            errors.append(lib.wenc_encoder_error_offset(e))
        return data, errors


@pytest.fixture(scope='session')
def ref():
    """WENC_LIB names a built libwenc.so; else tools/amalgamate's wenc.c is
    compiled here (a C compiler is needed, or the tests skip)."""
    path = os.environ.get('WENC_LIB')
    if path:
        return Ref(path)
    cc = os.environ.get('CC') or shutil.which('cc') or shutil.which('gcc')
    amalgamate = os.path.join(ROOT, 'tools', 'amalgamate')
    if not cc or not os.path.exists(amalgamate):
        pytest.skip('no C compiler or no tools/amalgamate: set WENC_LIB to a libwenc.so')
    tmp = tempfile.mkdtemp(prefix='wenc-py-ref-')
    subprocess.run([sys.executable, amalgamate, tmp], check=True)
    lib = os.path.join(tmp, 'libwenc.so')
    subprocess.run([cc, '-std=c11', '-O1', '-fPIC', '-shared', '-o', lib,
                    os.path.join(tmp, 'wenc.c')], check=True)
    return Ref(lib)
