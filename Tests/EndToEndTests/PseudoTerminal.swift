import Foundation
import Glibc
import ProcessSpawn

/// The binary on a pseudo-terminal of its own, driven by keystrokes as a person would.
///
/// The child gets a new session whose controlling terminal is the pty's slave side on
/// fds 0, 1 and 2; the test reads and writes the master side.
final class PseudoTerminal {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// How a finished child ended.
  enum Exit: Equatable {
    case status(Int32)
    case signal(Int32)
  }

  let pid: pid_t
  private let master: Int32
  /// Everything read from the terminal so far.
  private(set) var output: [UInt8] = []
  /// Where the next `expect` starts looking.
  private var cursor = 0
  private var exit: Exit?
  private var closed = false

  init(
    arguments: [String], environment: [String: String], executable: String = TriviaBinary.path,
    rows: UInt16 = 24, columns: UInt16 = 80
  ) throws {
    let posixOpenpt = try Spawn.libc("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    let grantpt = try Spawn.libc("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    let unlockpt = try Spawn.libc("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    let ptsnameR = try Spawn.libc(
      "ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)

    let master = posixOpenpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw Failure(description: "posix_openpt: \(Self.lastError)") }
    guard grantpt(master) == 0, unlockpt(master) == 0 else {
      close(master)
      throw Failure(description: "grantpt/unlockpt: \(Self.lastError)")
    }
    var name = [CChar](repeating: 0, count: 256)
    guard ptsnameR(master, &name, name.count) == 0 else {
      close(master)
      throw Failure(description: "ptsname_r: \(Self.lastError)")
    }
    let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
      close(master)
      throw Failure(description: "TIOCSWINSZ: \(Self.lastError)")
    }

    let child: pid_t
    do throws(Spawn.Failure) {
      child = try Spawn.start(executable, arguments: arguments, environment: environment, newSession: true) {
        actions in
        // Opened after setsid and without O_NOCTTY, the slave becomes the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
      }
    } catch {
      close(master)
      throw Failure(description: error.description)
    }
    self.master = master
    self.pid = child
  }

  deinit {
    if exit == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
  }

  private static var lastError: String { String(cString: strerror(errno)) }

  /// The output so far as text.
  var text: String { String(decoding: output, as: UTF8.self) }

  // MARK: Typing

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw Failure(description: "write to the terminal: \(Self.lastError)")
      }
      offset += written
    }
  }

  func send(_ text: String) throws {
    try send(Array(text.utf8))
  }

  /// Types a line and presses Enter.
  func type(_ line: String) throws {
    try send(line + "\r")
  }

  // MARK: Reading

  /// Reads what is available within `milliseconds`; false once the terminal has closed.
  @discardableResult
  private func pump(milliseconds: Int32) -> Bool {
    guard !closed else { return false }
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, milliseconds)
    guard ready > 0 else { return true }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
    if count > 0 {
      output.append(contentsOf: buffer[..<count])
      return true
    }
    if count < 0, errno == EINTR || errno == EAGAIN { return true }
    // EIO: every slave descriptor is closed, the child is gone.
    closed = true
    return false
  }

  /// Waits until `text` appears after what earlier expectations matched, and moves past it.
  /// Returns the output from the previous match up to the end of this one.
  @discardableResult
  func expect(_ text: String, timeout: Duration = .seconds(5)) throws -> String {
    let needle = Array(text.utf8)
    let deadline = ContinuousClock.now + timeout
    while true {
      if let range = Self.find(needle, in: output, from: cursor) {
        let seen = String(decoding: output[cursor..<range.upperBound], as: UTF8.self)
        cursor = range.upperBound
        return seen
      }
      let left = deadline - ContinuousClock.now
      guard left > .zero, !closed else {
        let rest = String(decoding: output[cursor...], as: UTF8.self)
        throw Failure(description: "expected \(text.debugDescription); got \(rest.debugDescription)")
      }
      pump(milliseconds: Self.milliseconds(left))
    }
  }

  /// Waits until the line editor has the terminal in raw mode (ICANON off).
  ///
  /// libedit can draw the prompt a moment before it leaves canonical mode; a key sent in
  /// that moment is handled by the kernel's line discipline instead (Ctrl-D becomes a NUL,
  /// Ctrl-C a flushed line), which is not what a person at the keyboard sees.
  /// Whether the terminal is in its own line mode (canonical) rather than the line editor's.
  var isCanonical: Bool {
    var settings = termios()
    return tcgetattr(master, &settings) == 0 && settings.c_lflag & tcflag_t(ICANON) != 0
  }

  func waitForLineEditor(timeout: Duration = .seconds(5)) throws {
    let deadline = ContinuousClock.now + timeout
    var settings = termios()
    while ContinuousClock.now < deadline {
      guard tcgetattr(master, &settings) == 0 else {
        throw Failure(description: "tcgetattr: \(Self.lastError)")
      }
      if settings.c_lflag & tcflag_t(ICANON) == 0 { return }
      pump(milliseconds: 2)
    }
    throw Failure(description: "the terminal never left canonical mode")
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
    guard !needle.isEmpty, haystack.count - start >= needle.count else { return nil }
    for index in start...(haystack.count - needle.count)
    where haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
      return index..<(index + needle.count)
    }
    return nil
  }

  private static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
  }

  // MARK: The child

  /// Whether the child has not exited.
  var isRunning: Bool {
    reap(blocking: false)
    return exit == nil
  }

  /// Waits for the child to end, reading its last output, and returns how it ended; nil
  /// if it is still running at the deadline.
  func waitForExit(timeout: Duration = .seconds(5)) -> Exit? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline, !reap(blocking: false) {
      // Once the terminal has closed there is nothing to read, only the exit to wait for.
      if !pump(milliseconds: 20) { usleep(5_000) }
    }
    // The last output, if any is still on its way.
    let end = ContinuousClock.now + .milliseconds(200)
    while exit != nil, ContinuousClock.now < end, pump(milliseconds: 20) {}
    return exit
  }

  /// Collects the child's status; true if it has ended.
  @discardableResult
  private func reap(blocking: Bool) -> Bool {
    if exit != nil { return true }
    var status: Int32 = 0
    let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
    guard result == pid else { return false }
    let signal = status & 0x7F
    exit = signal == 0 ? .status((status >> 8) & 0xFF) : .signal(signal)
    return true
  }
}
