import Glibc
import NightRelay
import TriviaApp

/// `trivia-night`, run as a child with a pipe each way: the network lives in its process
/// (Hummingbird and NIO would cost every plain `trivia` its start-up and its build), and its
/// events reach the game through the terminal's event loop, the one place that waits.
@MainActor
final class NightPipe: NightLine {
  private let process: pid_t
  private var input: Int32
  private let output: Int32
  /// What the game says to `trivia-night`, written as it reads: the game never waits on it,
  /// so the keyboard and signals are heard whatever it does (issue 35).
  private var outbox: PipeOutbox
  /// Whether it read none of the outbox's limit and was ended for it.
  private var stuck = false
  private var buffer: [UInt8] = []
  private var arrived: [RelayEvent] = []
  private(set) var isEnded = false
  /// Whether the app closed it: its end is then no news.
  private var stopped = false
  /// Whether it said why it ends (a host that cannot be reached, a port in use).
  private var announcedEnd = false

  /// Starts `trivia-night` with `arguments` (`serve …` or `connect URL`).
  init(arguments: [String]) throws(NightPipeError) {
    guard let program = Self.program() else { throw NightPipeError.missing }
    var toChild: [Int32] = [0, 0]
    var fromChild: [Int32] = [0, 0]
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
      throw NightPipeError.cannotStart(String(cString: strerror(errno)))
    }
    // Ours alone: a program the game starts later must not hold the night's pipes open.
    for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDOUT_FILENO)
    // Its logs would scribble over the game's screen; what matters comes as events.
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, program, &actions, nil, argv, environ)
    close(toChild[0])
    close(fromChild[1])
    guard status == 0 else {
      close(toChild[1])
      close(fromChild[0])
      throw NightPipeError.cannotStart(String(cString: strerror(status)))
    }
    // A child that died must not kill the game with SIGPIPE on the next write.
    signal(SIGPIPE, SIG_IGN)
    process = pid
    input = toChild[1]
    output = fromChild[0]
    outbox = PipeOutbox(descriptor: input)
    _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
  }

  /// This program's own path, for `trivia-night` to run as an SSH session's player.
  nonisolated static func ownProgram() -> String? {
    var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &path, path.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `trivia-night` beside this program (as built, or installed), else on the PATH.
  nonisolated static func program() -> String? {
    var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &path, path.count - 1)
    if length > 0 {
      let own = String(decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let beside = own.prefix(upTo: own.lastIndex(of: "/") ?? own.startIndex) + "/trivia-night"
      if access(String(beside), X_OK) == 0 { return String(beside) }
    }
    let folders = (getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin").split(separator: ":")
    return folders.map { "\($0)/trivia-night" }.first { access($0, X_OK) == 0 }
  }

  func send(_ command: RelayCommand) {
    send(contentsOf: [command])
  }

  /// Sends `commands` in one write, or queues them until `trivia-night` has room for them.
  func send(contentsOf commands: [RelayCommand]) {
    guard !isEnded, !stopped, !stuck, !commands.isEmpty else { return }
    var bytes: [UInt8] = []
    for command in commands { RelayLines.encode(command, into: &bytes) }
    guard !outbox.send(bytes), outbox.state == .stuck else { return }
    // It has read nothing for the outbox's limit: waiting on it would freeze the game with it.
    // Its end comes through `service`, which says why.
    stuck = true
    kill(process, SIGKILL)
  }

  /// The events read so far, oldest first.
  func take() -> [RelayEvent] {
    defer { arrived.removeAll() }
    return arrived
  }

  /// Its output, and its input while what the game said waits for room.
  var descriptors: [pollfd] {
    guard !isEnded else { return [] }
    return [pollfd(fd: output, events: Int16(POLLIN), revents: 0)] + (outbox.waiting.map { [$0] } ?? [])
  }

  func service(_ polled: [pollfd]) -> Bool {
    if polled.contains(where: { $0.fd == input && $0.revents != 0 }) { outbox.flush() }
    guard polled.contains(where: { $0.fd == output && $0.revents != 0 }) else { return !arrived.isEmpty }
    readAll()
    return !arrived.isEmpty
  }

  /// Reads what `trivia-night` said until its pipe is empty, or ends.
  private func readAll() {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let got = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if got > 0 {
        buffer += chunk.prefix(got)
        continue
      }
      if got < 0, errno == EINTR { continue }
      if got == 0 {
        // trivia-night ended: whatever it said last is all there is.
        isEnded = true
        if stuck {
          // Killed for it: its status is collected here, as nothing will stop it.
          waitpid(process, nil, 0)
          let megabytes = outbox.limit >> 20
          let sentence = "trivia-night read none of the last \(megabytes) MiB sent to it: it was taken to be stuck."
          arrived.append(.failed(sentence))
        } else if !stopped, !announcedEnd {
          // Unannounced: it crashed or was killed, which its status tells.
          arrived.append(.failed("trivia-night ended unexpectedly\(endedBy().map { " (\($0))" } ?? "")."))
        }
      }
      break
    }
    for event in RelayLines.events(&buffer) {
      if case .failed = event { announcedEnd = true }
      arrived.append(event)
    }
  }

  /// How the child ended, once its output has closed: "exit status 2", "signal 11,
  /// Segmentation fault"; nil if it has not ended within a tenth of a second. Once collected
  /// here, `stop` finds no child to wait for or to kill.
  private func endedBy() -> String? {
    var status: Int32 = 0
    for _ in 0..<20 {
      if waitpid(process, &status, WNOHANG) == process {
        let signal = status & 0x7F
        guard signal != 0 else { return "exit status \((status >> 8) & 0xFF)" }
        return "signal \(signal), " + String(cString: strsignal(signal))
      }
      usleep(5_000)
    }
    return nil
  }

  /// Asks `trivia-night` to close everything, and waits for it (at most a second) so that
  /// players hear the end before the game does. What it says meanwhile is read and let go, so
  /// that it is never left waiting to say it; what the game said is written within the second
  /// or not at all.
  func stop() {
    guard !stopped else { return }
    if !stuck, !isEnded { outbox.send(RelayLines.encode(.stop)) }
    stopped = true
    let kept = arrived.count
    let deadline = ContinuousClock.now + .seconds(1)
    var status: Int32 = 0
    var exited = false
    while !exited, ContinuousClock.now < deadline {
      var waits = [pollfd(fd: isEnded ? -1 : output, events: Int16(POLLIN), revents: 0)]
      if let waiting = outbox.waiting { waits.append(waiting) }
      _ = poll(&waits, nfds_t(waits.count), 10)
      if waits.count > 1, waits[1].revents != 0 { outbox.flush() }
      if outbox.unsent == 0, input >= 0 {
        // All said: its end of input tells it the game is done, should `stop` not.
        close(input)
        input = -1
      }
      if waits[0].revents != 0, !isEnded { readAll() }
      exited = waitpid(process, &status, WNOHANG) != 0
    }
    if !exited {
      kill(process, SIGKILL)
      waitpid(process, &status, 0)
    }
    if input >= 0 { close(input) }
    close(output)
    arrived.removeSubrange(kept...)
    isEnded = true
  }
}

/// Why a night could not start, in a sentence for the player.
enum NightPipeError: Error {
  case missing
  case cannotStart(String)

  var message: String {
    switch self {
    case .missing:
      "A night needs trivia-night, which is not beside this trivia or on the PATH: `make night` builds it, "
        + "`make install` installs it."
    case .cannotStart(let reason): "trivia-night could not start: \(reason)."
    }
  }
}
