#define _GNU_SOURCE
#include "PseudoTerminalShim.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int trivia_pty_resize(int master, unsigned short rows, unsigned short columns) {
  struct winsize size = {.ws_row = rows, .ws_col = columns};
  return ioctl(master, TIOCSWINSZ, &size) == 0 ? 0 : errno;
}

int trivia_pty_spawn(
    const char *path, char *const argv[], char *const envp[], unsigned short rows, unsigned short columns,
    int *master, pid_t *pid) {
  // posix_openpt rather than openpty: close-on-exec from the start, so a player spawned by
  // another session meanwhile cannot inherit this one's master, and no slave fd here at all.
  int fd = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return errno;
  char slave[128];
  int failure = 0;
  if (grantpt(fd) != 0 || unlockpt(fd) != 0) failure = errno;
  if (failure == 0) failure = ptsname_r(fd, slave, sizeof slave);
  if (failure == 0) failure = trivia_pty_resize(fd, rows, columns);
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  if (failure == 0) {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    // Opened after setsid and without O_NOCTTY, the slave becomes the controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0);
    posix_spawn_file_actions_adddup2(&actions, 0, 1);
    posix_spawn_file_actions_adddup2(&actions, 0, 2);
    // Nothing of trivia-night's but the terminal: its pipes to the game, other players' sockets.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    sigset_t signals;
    sigemptyset(&signals);
    posix_spawnattr_setsigmask(&attributes, &signals);
    sigfillset(&signals);
    posix_spawnattr_setsigdefault(&attributes, &signals);
    posix_spawnattr_setflags(
        &attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    failure = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
  if (failure != 0) {
    close(fd);
    return failure;
  }
  *master = fd;
  return 0;
}
