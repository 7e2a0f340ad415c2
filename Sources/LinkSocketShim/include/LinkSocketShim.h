// The two socket calls Swift's Glibc module does not offer: they need _GNU_SOURCE, which a
// header Swift imports cannot turn on for the system headers it shares.
#ifndef LINK_SOCKET_SHIM_H
#define LINK_SOCKET_SHIM_H

/// Accepts a connection already non-blocking and close-on-exec, with no moment in which a
/// process spawned meanwhile could inherit it (accept4). -1 and errno on failure.
int trivia_link_accept(int listener);

/// The process id and user id of the other end of a connected Unix socket (SO_PEERCRED):
/// the connecting process for a server, the listening one for a client. -1 and errno on failure.
int trivia_link_peer(int descriptor, int *pid, unsigned int *uid);

#endif
