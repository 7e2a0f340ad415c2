#!/usr/bin/env python3
"""What the kernel alone charges for one small WebSocket-sized message on loopback TCP, the
yardstick for figure 8's CPU an answer (#40): N connected pairs, a child process draining the
client ends with epoll, the parent sending SIZE bytes to each server end once a round, five
rounds. Prints the parent's CPU a message (the sender's system call, which on loopback also
delivers to the reader and wakes it) and the reader's (epoll and recv).

    python3 Benchmarks/loopback_floor.py [N=5000] [SIZE=390]
"""
import os
import resource
import select
import socket
import sys
import time

n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
size = int(sys.argv[2]) if len(sys.argv) > 2 else 390
rounds = 5
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
wanted = 2 * n + 64
try:
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(wanted, soft), max(wanted, hard)))
except (ValueError, OSError):
    if wanted > hard:
        sys.exit(f"loopback_floor: {n} pairs need {wanted} descriptors; this machine allows {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(4096)
clients, servers = [], []
for _ in range(n):
    client = socket.create_connection(listener.getsockname())
    server, _ = listener.accept()
    for end in (client, server):
        end.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    clients.append(client)
    servers.append(server)
report, told = os.pipe()
child = os.fork()
if child == 0:
    for server in servers:
        server.close()
    poller = select.epoll()
    ends = {}
    for client in clients:
        client.setblocking(False)
        poller.register(client.fileno(), select.EPOLLIN)
        ends[client.fileno()] = client
    got, start = 0, time.process_time()
    while got < n * rounds * size:
        for fd, _ in poller.poll(-1, 1024):
            got += len(ends[fd].recv(65536))
    os.write(told, f"{(time.process_time() - start) / (n * rounds) * 1e6:.1f}".encode())
    os._exit(0)
for client in clients:
    client.close()
message = b"x" * size
spent = 0.0
for _ in range(rounds):
    start = time.process_time()
    for server in servers:
        server.send(message)
    spent += time.process_time() - start
    time.sleep(0.5)
os.waitpid(child, 0)
reader = os.read(report, 64).decode()
print(f"{n} sockets, {size} bytes: sender {spent / (n * rounds) * 1e6:.1f} µs a message, reader {reader} µs a message")
