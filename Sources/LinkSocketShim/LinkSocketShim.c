#define _GNU_SOURCE
#include "LinkSocketShim.h"

#include <sys/socket.h>

int trivia_link_accept(int listener) {
  return accept4(listener, 0, 0, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int trivia_link_peer(int descriptor, int *pid, unsigned int *uid) {
  struct ucred credentials;
  socklen_t length = sizeof credentials;
  if (getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
  *pid = credentials.pid;
  *uid = credentials.uid;
  return 0;
}
