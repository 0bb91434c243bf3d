"""wenc: the WHATWG Encoding Standard for Python, over the wenc C library.

Importing it registers a codec search function: every label of the
standard, prefixed with "whatwg-", is a codec, so that
``data.decode("whatwg-shift_jis")`` and ``text.encode("whatwg-latin1")``
(windows-1252, as the standard says) decode and encode exactly as browsers
do.  Error handlers: "replace" is the standard's replacement mode (one
U+FFFD per error, where the standard puts it); "strict" raises
UnicodeDecodeError / UnicodeEncodeError whose start and end are the
standard's error offsets; for encoding, "xmlcharrefreplace" is the
standard's html mode; every other handler works as usual.

Also here: lookup() (the standard's "get an encoding"), decode() (its
"decode": BOM sniffing), Decoder (streaming, with replacement counts),
TextDecoder and TextEncoder, sniff_html() and
sniff_xml() (HTML's encoding sniffing and XML's encoding detection).
wenc.webencodings is a drop-in for the webencodings package.
"""
import codecs as _pycodecs

from . import _wenc
from ._codecs import build as _build, normalise as _normalise

__all__ = ['Encoding', 'lookup', 'decode', 'encode', 'Decoder', 'TextDecoder', 'TextEncoder',
           'sniff_html', 'sniff_xml', 'content_type_encoding', 'ENCODINGS', 'LABELS']

C_VERSION = _wenc.C_VERSION


class Encoding:
    """One encoding of the standard.

    name: as the standard spells it ("Shift_JIS"); lower: lowercased, as
    TextDecoder.encoding gives it; codec_name: the Python codec
    ("whatwg-shift_jis"); labels: the standard's labels; has_encoder;
    output_encoding (the standard's "get an output encoding");
    ascii_compatible; codec_info: the codecs.CodecInfo.
    """

    __slots__ = ('index', 'name', 'lower', 'labels', 'has_encoder', '_output',
                 'ascii_compatible', 'built_in', '_codec_info')

    def __init__(self, index):
        (self.name, self.lower, labels, self.has_encoder, self._output,
         self.ascii_compatible, self.built_in) = _wenc.encoding_info(index)
        self.index = index
        self.labels = tuple(labels)
        self._codec_info = None

    @property
    def codec_name(self):
        return 'whatwg-' + self.lower

    @property
    def codec_info(self):
        if self._codec_info is None:
            self._codec_info = _build(self.index)
        return self._codec_info

    @property
    def output_encoding(self):
        return ENCODINGS[self._output]

    def __repr__(self):
        return '<wenc.Encoding %s>' % self.name


#: Every encoding, in the standard's order.
ENCODINGS = tuple(Encoding(i) for i in range(_wenc.ENCODING_COUNT))
#: label -> Encoding, for every label of the standard.
LABELS = {label: e for e in ENCODINGS for label in e.labels}

# The codec search function's table: "whatwg-" + label, normalised as
# Python normalises codec names.
_CODECS = {}
for _e in ENCODINGS:
    for _label in _e.labels:
        _CODECS[_normalise('whatwg-' + _label)] = _e
del _e, _label


def _search(name):
    e = _CODECS.get(_normalise(name))
    return None if e is None else e.codec_info


_pycodecs.register(_search)


def lookup(label):
    """The standard's "get an encoding": the Encoding LABEL names (ASCII
    whitespace around it and ASCII case do not matter), or None."""
    i = _wenc.lookup(label)
    return None if i is None else ENCODINGS[i]


def _get(encoding):
    if isinstance(encoding, Encoding):
        return encoding
    e = lookup(encoding)
    if e is None:
        raise LookupError('unknown encoding label: %r' % (encoding,))
    return e


def decode(data, fallback='utf-8'):
    """The standard's "decode": a BOM (UTF-8, UTF-16BE, UTF-16LE) decides
    the encoding and is dropped; else FALLBACK (an Encoding or a label).
    Errors become U+FFFD.  Returns (text, Encoding used)."""
    d = _wenc.Decoder(_get(fallback).index, 'replace', _wenc.BOM_SNIFF)
    text = d.decode(data, True)
    return text, ENCODINGS[d.encoding]


def encode(text, encoding='utf-8', errors='xmlcharrefreplace'):
    """The standard's "encode" (html mode by default: what the encoding
    cannot represent becomes "&#N;"), into the output encoding of ENCODING
    (UTF-8 for replacement, UTF-16BE and UTF-16LE)."""
    e = _get(encoding).output_encoding
    return _pycodecs.encode(text, e.codec_name, errors)


class Decoder:
    """A streaming decoder of ENCODING (an Encoding or a label):
    decode(data, final=False) -> str, any chunking giving the one-shot
    result.  errors as for the codecs ("replace": the standard's
    replacement mode).  bom_sniff=True does what the standard's "decode"
    does: a BOM at the start decides the encoding and is dropped.
    replacement_count and first_replacement_offset (None without any) tell
    what "replace" replaced; encoding is the Encoding in use (the BOM's once
    found); position the bytes consumed."""

    __slots__ = ('_d',)

    def __init__(self, encoding='utf-8', errors='replace', bom_sniff=False):
        self._d = _wenc.Decoder(_get(encoding).index, errors,
                                _wenc.BOM_SNIFF if bom_sniff else 0)

    def decode(self, data, final=False):
        return self._d.decode(data, final)

    def reset(self):
        self._d.reset()

    @property
    def encoding(self):
        return ENCODINGS[self._d.encoding]

    @property
    def replacement_count(self):
        return self._d.replacement_count

    @property
    def first_replacement_offset(self):
        return self._d.first_replacement_offset

    @property
    def position(self):
        return self._d.position


TextDecoder = _wenc.TextDecoder


class TextEncoder:
    """The standard's TextEncoder: UTF-8, lone surrogates as U+FFFD."""

    encoding = 'utf-8'

    def encode(self, input=''):
        return _wenc.text_encode(input)


def _index(e):
    return None if e is None else _get(e).index


def sniff_html(data, transport=None, *, override=None, transport_label=None,
               prescan_limit=0, prescan=True, detect_utf8=False, parent=None,
               likely=None, fallback=None, locale=None):
    """HTML's encoding sniffing algorithm (13.2.3.2) over DATA, the
    document's first bytes (1024 are enough without detect_utf8).
    TRANSPORT is the transport layer's encoding (an Encoding or label, e.g.
    the charset of Content-Type; see content_type_encoding()).  Returns
    (Encoding, confidence), confidence 'certain' or 'tentative'."""
    r = sniff_html_details(data, transport, override=override,
                           transport_label=transport_label,
                           prescan_limit=prescan_limit, prescan=prescan,
                           detect_utf8=detect_utf8, parent=parent, likely=likely,
                           fallback=fallback, locale=locale)
    return r[0], r[1]


def sniff_html_details(data, transport=None, *, override=None, transport_label=None,
                       prescan_limit=0, prescan=True, detect_utf8=False, parent=None,
                       likely=None, fallback=None, locale=None):
    """As sniff_html(), returning (Encoding, confidence, source, bom_length):
    source names the step that decided ("BOM", "META", "TRANSPORT",
    "DEFAULT", ...), bom_length the BOM's bytes to skip."""
    i, source, certain, bom = _wenc.sniff_html(
        data, _index(override), transport_label, _index(transport), prescan_limit,
        not prescan, detect_utf8, _index(parent), _index(likely), _index(fallback),
        locale)
    return ENCODINGS[i], 'certain' if certain else 'tentative', source, bom


def sniff_xml(data):
    """XML's encoding from the first bytes of a document: BOM, UTF-16 '<?x',
    the XML declaration, else UTF-8.  Returns (Encoding, source,
    bom_length)."""
    i, source, bom = _wenc.sniff_xml(data)
    return ENCODINGS[i], source, bom


def content_type_encoding(value):
    """The Encoding a Content-Type header value's charset names, or None."""
    i = _wenc.content_type_encoding(value)
    return None if i is None else ENCODINGS[i]
