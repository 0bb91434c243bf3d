/* platform.h -- what the tool needs from the operating system beyond C11
** and POSIX, in one place: Windows (mingw-w64's C runtime) lacks
** SIGPIPE, poll(2) and binary-mode standard streams, which Linux, the BSDs
** and macOS have. */
#ifndef WENC_TOOLS_PLATFORM_H
#define WENC_TOOLS_PLATFORM_H

#ifdef _WIN32
/* The C runtime's descriptors are never non-blocking: read() and write()
** never fail with EAGAIN, so cli.c's wait_for() is only reached on POSIX
** systems.  This stand-in lets it compile unchanged. */
struct pollfd {
    int fd;
    short events, revents;
};
#define POLLIN  0x1
#define POLLOUT 0x4
static inline int poll(struct pollfd *fds, unsigned long nfds, int timeout)
{
    (void)timeout;
    for (unsigned long i = 0; i < nfds; i++)
        fds[i].revents = fds[i].events;
    return (int)nfds;
}
#else
#include <poll.h>
#endif

/* -o's file operations (cli.c): the absolute path of an existing PATH in
** a new allocation, as realpath(PATH, NULL) (symbolic links followed);
** FD's permission bits set to MODE, as fchmod(); and FROM renamed to TO,
** replacing TO in one step, as rename(2) does on POSIX (Windows' rename()
** refuses an existing TO).  Each returns as the POSIX call does, with
** errno set. */
char *platform_realpath(const char *path);
int platform_fchmod(int fd, unsigned mode);
int platform_replace(const char *from, const char *to);

/* Called first in main(): binary mode for standard input and output and
** for every file the tool opens (Windows would otherwise turn CR LF into
** LF, LF into CR LF, and stop reading at a 0x1A byte), and a write to a
** closed pipe reported as EPIPE instead of killing the process (POSIX). */
void platform_init(void);

#endif /* WENC_TOOLS_PLATFORM_H */
