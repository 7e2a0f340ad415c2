import Dispatch
import Foundation
import Glibc
import ProcessSpawn
import Synchronization

/// The binary running headless with its standard input held open, so a test can type a
/// line, wait for the answer, look at files or send a signal while it waits for more.
///
/// Started by `Spawn`, as `PseudoTerminal` is, so the child starts as from a shell.
final class LiveProcess {
  let pid: pid_t
  /// The write end of the child's standard input; -1 once closed.
  private var input: Int32
  private let output = Gathered()
  private let drained = DispatchGroup()
  private var status: Int32?
  /// Where the next `expect` starts looking, in bytes.
  private var cursor = 0

  init(_ sandbox: Sandbox, arguments: [String]) throws {
    // Writing to a child that has exited must fail with EPIPE, not end the test runner.
    _ = signal(SIGPIPE, SIG_IGN)
    var stdinPipe: [Int32] = []
    var stdoutPipe: [Int32] = []
    let child: pid_t
    do throws(Spawn.Failure) {
      stdinPipe = try Spawn.pipe()
      stdoutPipe = try Spawn.pipe()
      child = try Spawn.start(
        TriviaBinary.path, arguments: arguments, environment: sandbox.environment, directory: sandbox.home
      ) { [stdinPipe, stdoutPipe] actions in
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 2)
      }
    } catch {
      for descriptor in stdinPipe + stdoutPipe { close(descriptor) }
      throw ProcessFailure(description: error.description)
    }
    close(stdinPipe[0])
    close(stdoutPipe[1])
    pid = child
    input = stdinPipe[1]

    let reader = stdoutPipe[0]
    let output = self.output
    DispatchQueue.global().async(group: drained) {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(reader, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        output.bytes.withLock { $0 += buffer[..<count] }
      }
      close(reader)
    }
  }

  deinit {
    if status == nil {
      kill(pid, SIGKILL)
      var raw: Int32 = 0
      waitpid(pid, &raw, 0)
    }
    if input >= 0 { close(input) }
  }

  /// Everything printed so far, standard error included.
  var text: String { String(decoding: output.bytes.withLock { $0 }, as: UTF8.self) }

  /// Types one line.
  func send(_ line: String) throws {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw ProcessFailure(description: "write to trivia: errno \(errno)")
      }
      offset += written
    }
  }

  /// Closes standard input: the end of the script.
  func closeInput() {
    if input >= 0 { close(input) }
    input = -1
  }

  /// Waits until `needle` appears after what earlier expectations matched, and moves past it.
  /// Returns the output from the previous match to the end of this one.
  @discardableResult
  func expect(_ needle: String, timeout: Duration = .seconds(5)) throws -> String {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    let wanted = Array(needle.utf8)
    while true {
      let bytes = output.bytes.withLock { $0 }
      if let end = Self.end(of: wanted, in: bytes, from: cursor) {
        let seen = String(decoding: bytes[cursor..<end], as: UTF8.self)
        cursor = end
        return seen
      }
      guard clock.now < deadline, !reap() else {
        let rest = String(decoding: bytes[cursor...], as: UTF8.self)
        throw ProcessFailure(description: "expected \(needle.debugDescription); got \(rest.debugDescription)")
      }
      usleep(5_000)
    }
  }

  private static func end(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, haystack.count - start >= needle.count else { return nil }
    for index in start...(haystack.count - needle.count)
    where haystack[index..<(index + needle.count)].elementsEqual(needle) {
      return index + needle.count
    }
    return nil
  }

  func send(signal: Int32) {
    kill(pid, signal)
  }

  /// Collects the child's status; true once it has ended.
  @discardableResult
  private func reap() -> Bool {
    if status != nil { return true }
    var raw: Int32 = 0
    guard waitpid(pid, &raw, WNOHANG) == pid else { return false }
    status = Spawn.shellStatus(raw)
    return true
  }

  /// Waits for the child to end and returns its exit status (128 + the signal when one
  /// ended it), or nil if it is still running after `timeout`.
  func waitForExit(timeout: Duration) -> Int32? {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !reap() {
      guard clock.now < deadline else { return nil }
      usleep(2_000)
    }
    // The last output is on its way once the child has gone.
    _ = drained.wait(timeout: .now() + .seconds(2))
    return status
  }
}

/// Bytes gathered on another thread.
private final class Gathered: Sendable {
  let bytes = Mutex<[UInt8]>([])
}
