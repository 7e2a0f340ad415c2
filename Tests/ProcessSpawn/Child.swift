import Glibc

/// A child with pipes on its standard streams: a run a test waits for to its end, or a helper
/// (a file server, a flood of senders) it reads from while it does other things.
///
/// Not Foundation's `Process`: on Linux its `run()` copies a whole `d_name` out of each entry
/// of /proc/self/fd and, now and then, reads past the end of a page and takes the test runner
/// down with it (swift-corelibs-foundation #5472), the more often the more descriptors the
/// suite has open.
public final class Child {
  /// How one run ended.
  public struct Finished: Sendable {
    /// The exit status, or 128 + the signal number when a signal ended it.
    public var status: Int32
    public var output: [UInt8]
    public var errors: [UInt8]
    /// Whether it outlived its timeout and was killed.
    public var timedOut: Bool
    /// Whether its output and errors came to their end; not when a child of its own still
    /// held them 5 s after the timeout.
    public var outputEnded: Bool

    public var outputText: String { String(decoding: output, as: UTF8.self) }
    public var errorText: String { String(decoding: errors, as: UTF8.self) }
  }

  public let pid: pid_t
  /// The write end of the child's standard input; -1 once closed.
  private var input: Int32
  private var output: Int32
  /// -1 when standard error goes with standard output.
  private var errors: Int32
  /// Read from `output` by `readLine` and not returned yet.
  private var pending: [UInt8] = []
  private var status: Int32?

  /// Starts `executable` in `directory`, with `environment` (this process's when nil);
  /// `mergeErrors` sends its standard error down its standard output.
  public init(
    _ executable: String, arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
    mergeErrors: Bool = false
  ) throws(Spawn.Failure) {
    // Writing to a child that has exited must fail with EPIPE, not end the test runner.
    _ = signal(SIGPIPE, SIG_IGN)
    var pipes: [[Int32]] = []
    do throws(Spawn.Failure) {
      for _ in 0..<(mergeErrors ? 2 : 3) { pipes.append(try Spawn.pipe()) }
      let errorEnd = mergeErrors ? pipes[1][1] : pipes[2][1]
      pid = try Spawn.start(
        executable, arguments: arguments, environment: environment ?? Spawn.inherited, directory: directory
      ) { actions in
        posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorEnd, 2)
      }
    } catch {
      for descriptor in pipes.joined() { close(descriptor) }
      throw error
    }
    close(pipes[0][0])
    close(pipes[1][1])
    if !mergeErrors { close(pipes[2][1]) }
    input = pipes[0][1]
    output = pipes[1][0]
    errors = mergeErrors ? -1 : pipes[2][0]
  }

  deinit {
    if status == nil {
      kill(pid, SIGKILL)
      _ = reap(blocking: true)
    }
    for descriptor in [input, output, errors] where descriptor >= 0 { close(descriptor) }
  }

  /// Runs `executable` to its end: `input` on its standard input, killed after `timeout`.
  public static func run(
    _ executable: String, arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
    input: [UInt8] = [], timeout: Duration = .seconds(60), mergeErrors: Bool = false
  ) throws(Spawn.Failure) -> Finished {
    try Child(
      executable, arguments: arguments, environment: environment, directory: directory, mergeErrors: mergeErrors
    ).finish(input: input, timeout: timeout)
  }

  /// The next line of standard output, without its newline; nil at its end.
  public func readLine() -> String? {
    while !pending.contains(UInt8(ascii: "\n")) {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      pending += buffer[..<count]
    }
    guard let end = pending.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    defer { pending.removeSubrange(...end) }
    return String(decoding: pending[..<end], as: UTF8.self)
  }

  public var isRunning: Bool { reap(blocking: false) == nil }

  /// Sends SIGTERM, if it is still running.
  public func terminate() {
    if isRunning { kill(pid, SIGTERM) }
  }

  /// Writes `bytes` to its standard input and closes it, reads its output and errors to their
  /// end and waits for it: killed once `timeout` has passed, and its pipes given up 5 s after
  /// that (a child of its own may hold them).
  public func finish(input bytes: [UInt8] = [], timeout: Duration) -> Finished {
    let deadline = ContinuousClock.now + timeout
    // Set once the deadline has passed: 5 s more for the pipes.
    var giveUp: ContinuousClock.Instant?
    var timedOut = false
    var outputBytes = pending
    var errorBytes: [UInt8] = []
    pending = []
    var written = 0
    if input >= 0 { _ = fcntl(input, F_SETFL, O_NONBLOCK) }
    while output >= 0 || errors >= 0 {
      if input >= 0, written == bytes.count { closing(&input) }
      let now = ContinuousClock.now
      if now >= deadline, giveUp == nil {
        timedOut = isRunning
        if timedOut { kill(pid, SIGKILL) }
        giveUp = now + .seconds(5)
      }
      if let giveUp, now >= giveUp { break }
      var watched = [input, output, errors].filter { $0 >= 0 }.map {
        pollfd(fd: $0, events: Int16($0 == input ? POLLOUT : POLLIN), revents: 0)
      }
      let wait = min((giveUp ?? deadline) - now, .milliseconds(100))
      let milliseconds = Int32(wait.components.attoseconds / 1_000_000_000_000_000) + 1
      if poll(&watched, nfds_t(watched.count), milliseconds) < 0, errno != EINTR { break }
      for entry in watched where entry.revents != 0 {
        if entry.fd == input {
          let count = bytes[written...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
          if count > 0 {
            written += count
          } else if count < 0, errno != EAGAIN, errno != EINTR {
            written = bytes.count  // It closed its input (EPIPE): nothing more goes in.
          }
          continue
        }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count > 0 {
          if entry.fd == output { outputBytes += buffer[..<count] } else { errorBytes += buffer[..<count] }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          if entry.fd == output { closing(&output) } else { closing(&errors) }
        }
      }
    }
    let outputEnded = output < 0 && errors < 0
    closing(&input)
    while reap(blocking: false) == nil {
      if ContinuousClock.now >= deadline, !timedOut {
        timedOut = true
        kill(pid, SIGKILL)
      }
      usleep(5_000)
    }
    return Finished(
      status: status ?? -1, output: outputBytes, errors: errorBytes, timedOut: timedOut, outputEnded: outputEnded)
  }

  private func closing(_ descriptor: inout Int32) {
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
  }

  /// Its status once it has ended (waiting for that when `blocking`), decoded as a shell does.
  @discardableResult
  private func reap(blocking: Bool) -> Int32? {
    if let status { return status }
    var raw: Int32 = 0
    var reaped: pid_t
    repeat { reaped = waitpid(pid, &raw, blocking ? 0 : WNOHANG) } while reaped < 0 && errno == EINTR
    guard reaped == pid else { return nil }
    status = Spawn.shellStatus(raw)
    return status
  }
}
