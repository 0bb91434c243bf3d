/* platform.c -- platform_init() and -o's file operations (platform.h). */
#ifndef _WIN32
#define _XOPEN_SOURCE 700 /* realpath */
#endif
#include "platform.h"

#ifdef _WIN32
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <windows.h>
#else
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#endif

#ifdef _WIN32
char *platform_realpath(const char *path)
{
    return _fullpath(NULL, path, 0);
}

int platform_fchmod(int fd, unsigned mode)
{
    /* Windows keeps no POSIX permission bits: the new file has the
    ** folder's default rights, as any file a program creates there. */
    (void)fd;
    (void)mode;
    return 0;
}

int platform_replace(const char *from, const char *to)
{
    if (MoveFileExA(from, to, MOVEFILE_REPLACE_EXISTING))
        return 0;
    errno = EACCES;
    return -1;
}
#else
char *platform_realpath(const char *path)
{
    return realpath(path, NULL);
}

int platform_fchmod(int fd, unsigned mode)
{
    return fchmod(fd, (mode_t)mode);
}

int platform_replace(const char *from, const char *to)
{
    return rename(from, to);
}
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
