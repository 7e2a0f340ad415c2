#if Night
  import Dispatch
  import Foundation
  import Glibc
  import ProcessSpawn
  import Synchronization

  /// `trivia host` or `trivia join` running headless (standard input at /dev/null, as a script
  /// drives it), its output gathered as it comes so a test can wait for a line while it runs.
  /// Killed when the test lets go of it.
  final class NightProcess: Sendable {
    let pid: pid_t
    private let output = Gathered()
    private let status = Mutex<Int32?>(nil)
    private let drained = DispatchGroup()

    /// Runs `trivia` with `arguments`, or `launcher` (such as `ip netns exec NS`) in front of it.
    init(_ arguments: [String], in sandbox: Sandbox, launcher: [String] = []) throws {
      _ = signal(SIGPIPE, SIG_IGN)
      var pipe: [Int32] = []
      let command = launcher + [Binary.trivia] + arguments
      do throws(Spawn.Failure) {
        pipe = try Spawn.pipe()
        pid = try Spawn.start(command[0], arguments: Array(command.dropFirst()), environment: sandbox.environment) {
          posix_spawn_file_actions_addopen(&$0, 0, "/dev/null", O_RDONLY, 0)
          posix_spawn_file_actions_adddup2(&$0, pipe[1], 1)
          posix_spawn_file_actions_adddup2(&$0, pipe[1], 2)
        }
      } catch {
        for descriptor in pipe { close(descriptor) }
        throw Failure(error.description)
      }
      close(pipe[1])
      let reader = pipe[0]
      let output = output
      // A thread of its own: Dispatch's pool grows slowly when its threads block reading.
      drained.enter()
      let drained = drained
      Thread.detachNewThread {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
          let count = buffer.withUnsafeMutableBytes { Glibc.read(reader, $0.baseAddress, $0.count) }
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { break }
          output.append(buffer[..<count])
        }
        close(reader)
        drained.leave()
      }
    }

    deinit {
      if status.withLock({ $0 }) == nil {
        Glibc.kill(pid, SIGKILL)
        var raw: Int32 = 0
        waitpid(pid, &raw, 0)
      }
    }

    /// When `needle` was first printed (nil if it has not been).
    func arrival(of needle: String) -> ContinuousClock.Instant? { output.arrival(of: needle) }

    /// Everything printed so far, standard error included.
    var text: String { String(decoding: output.bytes.withLock { $0 }, as: UTF8.self) }

    /// Waits until `needle` is anywhere in the output; throws with what was printed if it
    /// does not come within `timeout` or the process ends first.
    func waitFor(_ needle: String, timeout: Duration = .seconds(30)) async throws {
      let deadline = ContinuousClock.now + timeout
      while !text.contains(needle) {
        if ended {
          // Its last output is on its way once it has gone.
          _ = drained.wait(timeout: .now() + .seconds(2))
          if text.contains(needle) { return }
        }
        guard ContinuousClock.now < deadline, !ended else {
          throw Failure("expected \(needle.debugDescription) from trivia \(pid); got:\n\(text)")
        }
        try await Task.sleep(for: .milliseconds(10))
      }
    }

    /// The `Join:` addresses the host printed once it listens, loopback last.
    func joinURLs(timeout: Duration = .seconds(30)) async throws -> [String] {
      try await waitFor("Listening on", timeout: timeout)
      return text.split(separator: "\n").compactMap { line in
        line.firstRange(of: "Join: ").map { String(line[$0.upperBound...]).trimmingSpaces }
      }
    }

    /// Waits for the end and returns the exit status (128 + the signal when one ended it).
    func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32 {
      let deadline = ContinuousClock.now + timeout
      while !ended {
        guard ContinuousClock.now < deadline else { throw Failure("trivia \(pid) still runs; printed:\n\(text)") }
        try await Task.sleep(for: .milliseconds(10))
      }
      // Its last output is on its way once it has gone.
      _ = drained.wait(timeout: .now() + .seconds(2))
      return status.withLock { $0 } ?? -1
    }

    func kill(_ signal: Int32 = SIGKILL) {
      Glibc.kill(pid, signal)
    }

    /// Collects the status; true once the process has ended.
    private var ended: Bool {
      status.withLock { status in
        if status != nil { return true }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return false }
        status = Spawn.shellStatus(raw)
        return true
      }
    }
  }

  extension StringProtocol {
    var trimmingSpaces: String {
      String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
  }
#endif
