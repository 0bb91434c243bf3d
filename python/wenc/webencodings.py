"""A drop-in for the webencodings package, backed by the standard's codecs.

The same names and behaviour as webencodings 0.5.1 (lookup, decode, encode,
iter_decode, iter_encode, IncrementalDecoder, IncrementalEncoder, Encoding,
UTF8, LABELS, ascii_lower), but each Encoding's codec_info is wenc's codec,
so what webencodings' users decode and encode follows the Encoding Standard
instead of CPython's codecs of similar names.  To switch html5lib, tinycss2
or cssselect2 over without touching them, before they are imported:

    import sys, wenc.webencodings
    sys.modules['webencodings'] = wenc.webencodings

or put a module webencodings.py holding ``from wenc.webencodings import *``
first on sys.path.  LABELS holds the labels of the standard wenc
implements (a few more than webencodings 0.5.1 knows, e.g. the replacement
encoding's).
"""
import wenc as _wenc

__all__ = ['lookup', 'decode', 'encode', 'iter_decode', 'iter_encode',
           'IncrementalDecoder', 'IncrementalEncoder', 'Encoding', 'UTF8', 'LABELS',
           'ascii_lower', 'VERSION']

VERSION = '0.5.1'

#: label -> the encoding's name (lowercase, as webencodings has it).
LABELS = {label: e.lower for label, e in _wenc.LABELS.items()}


def ascii_lower(string):
    """Lowercases ASCII letters only (A-Z to a-z): the standard's ASCII
    case-insensitive matching, also used for CSS keywords."""
    return string.encode('utf-8', 'surrogatepass').lower().decode('utf-8', 'surrogatepass')


class Encoding:
    """An encoding: .name (lowercase, e.g. 'shift_jis') and .codec_info
    (a codecs.CodecInfo of the standard's decoder and encoder)."""

    def __init__(self, name, codec_info):
        self.name = name
        self.codec_info = codec_info

    def __repr__(self):
        return '<Encoding %s>' % self.name


_CACHE = {}


def _encoding(e):
    r = _CACHE.get(e.index)
    if r is None:
        r = _CACHE[e.index] = Encoding(e.lower, e.codec_info)
    return r


def lookup(label):
    """The standard's "get an encoding": an Encoding, or None for a label
    the standard does not have."""
    e = _wenc.lookup(label)
    return None if e is None else _encoding(e)


def _get_encoding(encoding_or_label):
    if hasattr(encoding_or_label, 'codec_info'):
        return encoding_or_label
    e = lookup(encoding_or_label)
    if e is None:
        raise LookupError('Unknown encoding label: %r' % (encoding_or_label,))
    return e


UTF8 = lookup('utf-8')
_UTF16LE = lookup('utf-16le')
_UTF16BE = lookup('utf-16be')


def _bom(data):
    """The standard's BOM sniff: (Encoding or None, the BOM's length)."""
    if data[:3] == b'\xef\xbb\xbf':
        return UTF8, 3
    if data[:2] == b'\xfe\xff':
        return _UTF16BE, 2
    if data[:2] == b'\xff\xfe':
        return _UTF16LE, 2
    return None, 0


def decode(input, fallback_encoding, errors='replace'):
    """Decodes the bytes INPUT: a BOM decides the encoding, else
    FALLBACK_ENCODING (an Encoding or a label).  Returns (text, Encoding)."""
    fallback = _get_encoding(fallback_encoding)
    bom, n = _bom(input)
    encoding = bom or fallback
    if n:
        input = memoryview(input)[n:]
    return encoding.codec_info.decode(input, errors)[0], encoding


def encode(input, encoding=UTF8, errors='strict'):
    """Encodes the str INPUT with ENCODING (an Encoding or a label)."""
    return _get_encoding(encoding).codec_info.encode(input, errors)[0]


def iter_decode(input, fallback_encoding, errors='replace'):
    """Pull decoding of an iterable of bytes: returns (an iterator of str,
    the Encoding), reading just enough of INPUT to find a BOM first."""
    decoder = IncrementalDecoder(fallback_encoding, errors)
    chunks = _iter_decode(iter(input), decoder)
    return chunks, next(chunks)


def _iter_decode(input, decoder):
    # First yields the Encoding (once known), then the text pieces.
    announced = False
    for chunk in input:
        text = decoder.decode(chunk)
        if text:
            if not announced:
                announced = True
                yield decoder.encoding
            yield text
    text = decoder.decode(b'', final=True)
    if not announced:
        yield decoder.encoding
    if text:
        yield text


def iter_encode(input, encoding=UTF8, errors='strict'):
    """Pull encoding of an iterable of str: an iterator of bytes."""
    encode = IncrementalEncoder(encoding, errors).encode
    return _iter_encode(input, encode)


def _iter_encode(input, encode):
    for chunk in input:
        data = encode(chunk)
        if data:
            yield data
    data = encode('', final=True)
    if data:
        yield data


class IncrementalDecoder:
    """Push decoding: decode(chunk, final=False) -> str.  .encoding is None
    until the first bytes tell whether there is a BOM."""

    def __init__(self, fallback_encoding, errors='replace'):
        self._fallback = _get_encoding(fallback_encoding)
        self._errors = errors
        self._pending = b''
        self._decode = None
        self.encoding = None

    def decode(self, input, final=False):
        if self._decode is not None:
            return self._decode(input, final)
        data = self._pending + bytes(input)
        bom, n = _bom(data)
        if bom is None:
            # Three bytes decide (or the end); fewer could still be a BOM.
            if len(data) < 3 and not final:
                self._pending = data
                return ''
            encoding = self._fallback
        else:
            encoding = bom
            data = data[n:]
        self._pending = b''
        self.encoding = encoding
        self._decode = encoding.codec_info.incrementaldecoder(self._errors).decode
        return self._decode(data, final)


class IncrementalEncoder:
    """Push encoding: encode(text, final=False) -> bytes."""

    def __init__(self, encoding=UTF8, errors='strict'):
        self.encode = _get_encoding(encoding).codec_info.incrementalencoder(errors).encode
