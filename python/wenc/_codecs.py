"""The Encoding Standard's encodings as Python codecs (CodecInfo objects).

One CodecInfo per encoding, built on wenc._wenc: the stateless functions
are C calls; the incremental decoder and encoder hold a C streaming object;
the stream reader and writer use those, so that a stream decodes exactly as
one call would (the reader flushes at the end of its stream: an incomplete
sequence there is an error, as the standard says).
"""
import codecs
import re

from . import _wenc

# Python's codec registry hands the search function a normalised name:
# lowercase, and every run of characters other than letters, digits and '.'
# turned into one '_' (3.9 and later; before, only lowercase).  Labels are
# keyed the same way.
_NORMALISE = re.compile(r'[^a-z0-9.]+')


def normalise(name):
    return _NORMALISE.sub('_', name.lower()).strip('_')


def _utf16_encoder(python_codec):
    """UTF-16BE/LE have no encoder in the standard (its "get an output
    encoding" gives UTF-8 for forms and URLs); a codec named utf-16le that
    wrote UTF-8 would surprise every Python caller, so these encode to what
    the name says, with Python's UTF-16 codec."""
    info = codecs.lookup(python_codec)
    return info


def build(index):
    """The CodecInfo of the encoding _wenc numbers INDEX."""
    name, lower, labels, has_encoder, output, ascii_compatible, built_in = \
        _wenc.encoding_info(index)
    codec = _wenc.Codec(index)
    codec_name = 'whatwg-' + lower
    utf16 = None
    if lower in ('utf-16be', 'utf-16le'):
        utf16 = _utf16_encoder(lower)

    class IncrementalDecoder(codecs.IncrementalDecoder):
        # errors is the C decoder's: a new value takes effect from the next
        # call, as with CPython's incremental codecs.
        errors = property(lambda self: self._decoder.errors,
                          lambda self, value: setattr(self._decoder, 'errors', value))

        def __init__(self, errors='strict'):
            self._decoder = _wenc.Decoder(index, errors)
            codecs.IncrementalDecoder.__init__(self, errors)

        def decode(self, input, final=False):
            return self._decoder.decode(input, final)

        def reset(self):
            self._decoder.reset()

        def getstate(self):
            # (bytes pending, flag), exact (see Decoder.getstate in _wenc.c).
            return self._decoder.getstate()

        def setstate(self, state):
            self._decoder.setstate(state)

    if utf16 is not None:
        IncrementalEncoder = utf16.incrementalencoder
        StreamWriterBase = utf16.streamwriter
        encode = utf16.encode
    else:
        class IncrementalEncoder(codecs.IncrementalEncoder):
            # As the decoder's: a new value takes effect from the next call.
            errors = property(lambda self: self._encoder.errors,
                              lambda self, value: setattr(self._encoder, 'errors', value))

            def __init__(self, errors='strict'):
                self._encoder = _wenc.Encoder(index, errors)
                codecs.IncrementalEncoder.__init__(self, errors)

            def encode(self, input, final=False):
                return self._encoder.encode(input, final)

            def reset(self):
                self._encoder.reset()

        class StreamWriterBase(codecs.StreamWriter):
            def __init__(self, stream, errors='strict'):
                codecs.StreamWriter.__init__(self, stream, errors)
                self._encoder = _wenc.Encoder(index, errors)

            def encode(self, input, errors='strict'):
                return self._encoder.encode(input, False), len(input)

            def reset(self):
                # The end of the stream: ISO-2022-JP returns to ASCII.
                tail = self._encoder.encode('', True)
                if tail:
                    self.stream.write(tail)
                self._encoder.reset()

        encode = codec.encode

    class StreamReader(codecs.StreamReader):
        def __init__(self, stream, errors='strict'):
            codecs.StreamReader.__init__(self, stream, errors)
            self._decoder = _wenc.Decoder(index, errors)
            self._eof = False

        def decode(self, input, errors='strict'):
            return self._decoder.decode(input, False), len(input)

        def read(self, size=-1, chars=-1, firstline=False):
            # As codecs.StreamReader.read, but the decoder keeps every byte
            # it has not decoded yet, and is flushed once the stream ends.
            if self.linebuffer:
                self.charbuffer = ''.join(self.linebuffer)
                self.linebuffer = None
            if chars < 0:
                chars = size
            while not self._eof and (chars < 0 or len(self.charbuffer) < chars):
                data = self.stream.read() if size < 0 else self.stream.read(size)
                if not data:
                    self.charbuffer += self._decoder.decode(b'', True)
                    self._eof = True
                    break
                self.charbuffer += self._decoder.decode(data, False)
                if size < 0:
                    continue
            if chars < 0:
                result, self.charbuffer = self.charbuffer, ''
            else:
                result, self.charbuffer = self.charbuffer[:chars], self.charbuffer[chars:]
            return result

        def reset(self):
            codecs.StreamReader.reset(self)
            self._decoder.reset()
            self._eof = False

    StreamWriter = StreamWriterBase
    for cls in (IncrementalDecoder, StreamReader):
        cls.__qualname__ = cls.__name__ = '%s_%s' % (cls.__name__, lower.replace('-', '_'))

    return codecs.CodecInfo(
        name=codec_name,
        encode=encode,
        decode=codec.decode,
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
        streamreader=StreamReader,
        streamwriter=StreamWriter,
    )
