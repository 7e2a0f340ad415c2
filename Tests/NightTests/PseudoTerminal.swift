import Foundation
import Glibc
import ProcessSpawn
import Synchronization

/// `trivia` on a pseudo-terminal of its own: interactive, so the night's time is real. The
/// child gets a new session whose controlling terminal is the pty's slave side on fds 0, 1
/// and 2; the test types on the master side, which a thread of its own reads all the time,
/// so the host never waits on a full terminal while the test's task waits its turn.
/// Killed when the test lets go of it.
final class PseudoTerminal {
  let pid: pid_t
  private let master: Int32
  private let output = Gathered()
  /// Where the next `expect` starts looking.
  private var cursor = 0

  init(_ arguments: [String], in sandbox: Sandbox) throws {
    let posixOpenpt = try Spawn.libc("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    let grantpt = try Spawn.libc("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    let unlockpt = try Spawn.libc("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    let ptsnameR = try Spawn.libc(
      "ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
    let master = posixOpenpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw Failure("posix_openpt: errno \(errno)") }
    var name = [CChar](repeating: 0, count: 256)
    var size = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    guard grantpt(master) == 0, unlockpt(master) == 0, ptsnameR(master, &name, name.count) == 0,
      ioctl(master, UInt(TIOCSWINSZ), &size) == 0
    else {
      close(master)
      throw Failure("setting up the pty: errno \(errno)")
    }
    let slave = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    do throws(Spawn.Failure) {
      pid = try Spawn.start(Binary.trivia, arguments: arguments, environment: sandbox.environment, newSession: true) {
        // Opened after setsid and without O_NOCTTY, the slave becomes the controlling terminal.
        posix_spawn_file_actions_addopen(&$0, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&$0, 0, 1)
        posix_spawn_file_actions_adddup2(&$0, 0, 2)
      }
    } catch {
      close(master)
      throw Failure(error.description)
    }
    self.master = master
    let output = output
    Thread.detachNewThread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        // EIO once every slave descriptor is closed: the child is gone.
        guard count > 0 else { break }
        output.append(buffer[..<count])
      }
      close(master)
    }
  }

  deinit {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
  }

  var text: String { String(decoding: output.bytes.withLock { $0 }, as: UTF8.self) }

  /// Types a line and presses Enter.
  func type(_ line: String) throws {
    try press(line + "\r")
  }

  /// Presses `keys`, and nothing more.
  func press(_ keys: String) throws {
    let bytes = Array(keys.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      guard written >= 0 || errno == EINTR else { throw Failure("typing: errno \(errno)") }
      offset += max(written, 0)
    }
  }

  /// Waits until `needle` appears after what earlier expectations matched, and moves past it.
  func expect(_ needle: String, timeout: Duration = .seconds(30)) async throws {
    let wanted = Array(needle.utf8)
    let deadline = ContinuousClock.now + timeout
    while true {
      let bytes = output.bytes.withLock { $0 }
      if let end = Self.end(of: wanted, in: bytes, from: cursor) {
        cursor = end
        return
      }
      guard ContinuousClock.now < deadline else {
        let rest = String(decoding: bytes[cursor...], as: UTF8.self)
        throw Failure("expected \(needle.debugDescription) on the terminal; got \(rest.debugDescription)")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// The address of the `Join:` line for loopback.
  func joinURL() async throws -> String {
    try await expect("Join: http://127.0.0.1:")
    try await expect("\n")
    for line in text.split(separator: "\n") {
      guard let join = line.firstRange(of: "Join: http://127.0.0.1:") else { continue }
      return String(line[line.index(join.lowerBound, offsetBy: 6)...].prefix { !$0.isWhitespace })
    }
    throw Failure("no Join: line in \(text.debugDescription)")
  }

  private static func end(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard haystack.count - start >= needle.count else { return nil }
    for index in start...(haystack.count - needle.count)
    where haystack[index..<(index + needle.count)].elementsEqual(needle) {
      return index + needle.count
    }
    return nil
  }
}
