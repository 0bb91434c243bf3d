/* platform.c -- platform_init() (platform.h). */
#include "platform.h"

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#else
#include <signal.h>
#endif

void platform_init(void)
{
#ifdef _WIN32
    /* Text mode is the C runtime's default for the standard streams and
    ** for open() without O_BINARY: _fmode makes open() binary, _setmode the
    ** three descriptors already open (stderr too, so that messages end in
    ** LF as on every other platform and in the manual). */
    _fmode = _O_BINARY;
    _setmode(0, _O_BINARY);
    _setmode(1, _O_BINARY);
    _setmode(2, _O_BINARY);
#else
    /* A closed pipe is reported as a write error (EPIPE), like a full disk,
    ** rather than killing the process silently. */
    signal(SIGPIPE, SIG_IGN);
#endif
}
