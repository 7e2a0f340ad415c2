// A player on a pseudo-terminal of its own, for an SSH session (#39): posix_spawn's new session
// (POSIX_SPAWN_SETSID) needs _GNU_SOURCE, and TIOCSWINSZ's ioctl is variadic, which Swift does
// not call.
#ifndef PSEUDO_TERMINAL_SHIM_H
#define PSEUDO_TERMINAL_SHIM_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` on a new pseudo-terminal of `rows` by `columns`, in a
/// session of its own whose controlling terminal it is, on fds 0, 1 and 2. The master side,
/// non-blocking and close-on-exec, goes to `master`, the child's id to `pid`. 0, or an errno.
int trivia_pty_spawn(
    const char *path, char *const argv[], char *const envp[], unsigned short rows, unsigned short columns,
    int *master, pid_t *pid);

/// Tells the terminal behind `master` its new size; its session gets SIGWINCH. 0, or an errno.
int trivia_pty_resize(int master, unsigned short rows, unsigned short columns);

#endif
