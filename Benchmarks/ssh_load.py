#!/usr/bin/env python3
"""What SSH players (#39) cost the host: N stock OpenSSH clients join a `trivia host --ssh` night on
loopback, each typing a name, then answer one question. Prints trivia-night's RSS and CPU before
and after, and the players' own processes (`trivia join` and its `trivia-night connect`, run on the
host for each session) by their proportional set size. Loopback only; it stops by itself.

    python3 Benchmarks/ssh_load.py --bin .build/debug --players 20 50
"""
import argparse
import os
import pty
import re
import select
import signal
import subprocess
import sys
import tempfile
import time

TICK = os.sysconf("SC_CLK_TCK")


class Terminal:
    """A child on a pseudo-terminal of its own, read as it writes."""

    def __init__(self, argv, env, rows=40, columns=100):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(argv[0], argv, env)
        import fcntl, struct, termios
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.out = b""

    def pump(self, timeout=0.0):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return False
            self.out += data
            return bool(data)
        return False

    def type(self, text):
        os.write(self.fd, text.encode() + b"\r")

    def kill(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(self.fd)


def pump_all(terminals, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        fds = {t.fd: t for t in terminals}
        ready, _, _ = select.select(list(fds), [], [], max(0, end - time.monotonic()))
        for fd in ready:
            fds[fd].pump()
        if not ready:
            break


def wait_all(terminals, needle, seconds, others=()):
    """Pumps every terminal until each shows `needle` (bytes) or `seconds` pass."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if all(needle in t.out for t in terminals):
            return True
        pump_all(list(terminals) + list(others), 0.05)
    return all(needle in t.out for t in terminals)


def children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        if int(stat[stat.rindex(")") + 2:].split()[1]) == pid:
            found.append(int(entry))
    return found


def descendants(pid):
    return [d for c in children(pid) for d in [c] + descendants(c)]


def arguments(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return [a.decode() for a in f.read().split(b"\0") if a]
    except OSError:
        return []


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def pss_kb(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            return int(re.search(r"Pss:\s+(\d+)", f.read()).group(1))
    except (OSError, AttributeError):
        return 0


def cpu_s(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK
    except OSError:
        return 0.0


def run(binaries, players, folder):
    env = {
        "HOME": folder + "/home", "XDG_CONFIG_HOME": folder + "/config", "XDG_STATE_HOME": folder + "/state",
        "XDG_RUNTIME_DIR": folder + "/runtime", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
    }
    for name in ("home", "config", "state", "runtime", "keys"):
        os.makedirs(f"{folder}/{name}", mode=0o700, exist_ok=True)
    host = Terminal(
        [binaries + "/trivia", "host", "--port", "0", "--bind", "127.0.0.1", "--ssh", "0", "--no-history",
         "--no-color", "--count", "1", "--time", "120", "--seed", "3", "--max-players", str(players + 10),
         "--ssh-players", str(max(players, 1))],
        env, rows=50, columns=160)
    if not wait_all([host], b"Key: SHA256:", 30):
        raise SystemExit("no SSH line from the host:\n" + host.out.decode(errors="replace"))
    match = re.search(rb"ssh -p (\d+) (\w+)@", host.out)
    port, code = match.group(1).decode(), match.group(2).decode()
    night = next(p for p in children(host.pid) if "serve" in arguments(p))
    time.sleep(1)
    before = (rss_kb(night), cpu_s(night))
    clients = []
    start = time.monotonic()
    for number in range(players):
        key = f"{folder}/keys/id{number}"
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
        clients.append(Terminal(
            ["/usr/bin/ssh", "-tt", "-p", port, "-F", "/dev/null", "-o", "StrictHostKeyChecking=no",
             "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes", "-i", key,
             f"{code}@127.0.0.1"], env, rows=40, columns=100))
    named = set()
    end = time.monotonic() + 60 + players
    while len(named) < players and time.monotonic() < end:
        pump_all(clients + [host], 0.05)
        for number, client in enumerate(clients):
            if number not in named and b"Your name in the night" in client.out:
                time.sleep(0.05)
                client.type(f"P{number}")
                named.add(number)
    joined = wait_all(clients, b"You are in as", 60, [host])
    joined_in = time.monotonic() - start
    pump_all(clients + [host], 2)
    after = (rss_kb(night), cpu_s(night))
    sessions = [p for p in descendants(night) if arguments(p)[1:2] == ["join"]]
    helpers = [d for s in sessions for d in descendants(s)]
    players_pss = sum(pss_kb(p) for p in sessions + helpers)
    players_rss = sum(rss_kb(p) for p in sessions + helpers)
    # One question, every player answering by typing.
    players_cpu_before = sum(cpu_s(p) for p in sessions + helpers)
    host.type("start")
    started = time.monotonic()
    asked = wait_all(clients, b"Question 1 of 1", 60, [host])
    asked_in = time.monotonic() - started
    question_start = (cpu_s(night), time.monotonic())
    time.sleep(0.5)
    for client in clients:
        client.type("2")
    answered = wait_all([host], b"the answers", 60, clients)
    pump_all(clients + [host], 1)
    question = cpu_s(night) - question_start[0]
    players_cpu = sum(cpu_s(p) for p in sessions + helpers) - players_cpu_before
    result = {
        "players": players, "joined": joined and len(sessions) == players, "asked": asked, "answered": answered,
        "joined_in_s": round(joined_in, 1),
        "night_rss_mb": (round(before[0] / 1024, 1), round(after[0] / 1024, 1)),
        "night_rss_per_player_kb": round((after[0] - before[0]) / players),
        "night_cpu_join_s": round(after[1] - before[1], 2),
        "night_cpu_question_s": round(question, 2),
        "question_on_every_terminal_s": round(asked_in, 2),
        "player_processes": len(sessions) + len(helpers),
        "players_pss_mb": round(players_pss / 1024, 1), "players_rss_mb": round(players_rss / 1024, 1),
        "players_cpu_question_s": round(players_cpu, 2),
    }
    # Everything this run started ends with it: the clients, the host, its trivia-night and
    # every player trivia-night ran.
    left = [night] + descendants(night)
    for client in clients:
        client.kill()
    host.kill()
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    time.sleep(1)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=".build/debug")
    parser.add_argument("--players", type=int, nargs="+", default=[20, 50])
    options = parser.parse_args()
    signal.alarm(600)
    for players in options.players:
        with tempfile.TemporaryDirectory(prefix="ssh-load-", ignore_cleanup_errors=True) as folder:
            print(run(os.path.abspath(options.bin), players, folder), flush=True)


if __name__ == "__main__":
    main()
