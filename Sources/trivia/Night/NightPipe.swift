import Glibc
import NightRelay
import TriviaApp

/// `trivia-night`, run as a child with a pipe each way: the network lives in its process
/// (Hummingbird and NIO would cost every plain `trivia` its start-up and its build), and its
/// events reach the game through the terminal's event loop, the one place that waits.
@MainActor
final class NightPipe: NightLine {
  private let process: pid_t
  private let input: Int32
  private let output: Int32
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
    _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
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
    guard !isEnded else { return }
    RelayLines.write(command, to: input)
  }

  /// Sends `commands` in one write.
  func send(contentsOf commands: [RelayCommand]) {
    guard !isEnded, !commands.isEmpty else { return }
    var bytes: [UInt8] = []
    for command in commands { RelayLines.encode(command, into: &bytes) }
    RelayLines.write(bytes: bytes, to: input)
  }

  /// The events read so far, oldest first.
  func take() -> [RelayEvent] {
    defer { arrived.removeAll() }
    return arrived
  }

  var descriptors: [pollfd] { isEnded ? [] : [pollfd(fd: output, events: Int16(POLLIN), revents: 0)] }
  func service(_ polled: [pollfd]) -> Bool {
    guard let entry = polled.first, entry.revents != 0 else { return !arrived.isEmpty }
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
        // Unannounced: it crashed or was killed.
        if !stopped, !announcedEnd { arrived.append(.failed("trivia-night ended unexpectedly.")) }
      }
      break
    }
    for event in RelayLines.events(&buffer) {
      if case .failed = event { announcedEnd = true }
      arrived.append(event)
    }
    return !arrived.isEmpty
  }

  /// Asks `trivia-night` to close everything, and waits for it (at most a second) so that
  /// players hear the end before the game does.
  func stop() {
    guard !stopped else { return }
    stopped = true
    send(.stop)
    close(input)
    var status: Int32 = 0
    for _ in 0..<100 {
      if waitpid(process, &status, WNOHANG) != 0 { break }
      usleep(10_000)
    }
    if waitpid(process, &status, WNOHANG) == 0 {
      kill(process, SIGKILL)
      waitpid(process, &status, 0)
    }
    close(output)
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
