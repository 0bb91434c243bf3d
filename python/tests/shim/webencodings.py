# A one-line webencodings shim for other projects' test suites: put this folder
# first on PYTHONPATH and "import webencodings" gives wenc.webencodings.
import sys, wenc.webencodings; sys.modules[__name__] = wenc.webencodings  # noqa: E401,E702
