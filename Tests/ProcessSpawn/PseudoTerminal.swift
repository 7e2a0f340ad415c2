import Foundation
import Glibc
import Synchronization

/// A child on a pseudo-terminal of its own, typed to as a person would: the end-to-end tests'
/// interactive game, and a night's host or player, whose time is real.
///
/// The child gets a new session whose controlling terminal is the pty's slave side on fds 0,
/// 1 and 2; the test types on the master side, which a thread of its own reads all the time,
/// so the child never waits on a full terminal while the test waits its turn. Killed when the
/// test lets go of it.
public final class PseudoTerminal {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// How a finished child ended.
  public enum Exit: Equatable, Sendable {
    case status(Int32)
    case signal(Int32)
  }

  public let pid: pid_t
  private let master: Int32
  private let received = Received()
  /// Where the next `expect` starts looking.
  private var cursor = 0
  private var exit: Exit?

  /// Starts `executable` on a terminal of `rows` by `columns`.
  public init(
    _ executable: String, arguments: [String], environment: [String: String], rows: UInt16 = 24,
    columns: UInt16 = 80
  ) throws(Failure) {
    let master = try Self.openMaster(rows: rows, columns: columns)
    do throws(Failure) {
      let slave = try Self.slavePath(of: master)
      do throws(Spawn.Failure) {
        pid = try Spawn.start(executable, arguments: arguments, environment: environment, newSession: true) {
          // Opened after setsid and without O_NOCTTY, the slave becomes the controlling terminal.
          posix_spawn_file_actions_addopen(&$0, 0, slave, O_RDWR, 0)
          posix_spawn_file_actions_adddup2(&$0, 0, 1)
          posix_spawn_file_actions_adddup2(&$0, 0, 2)
        }
      } catch {
        throw Failure(description: error.description)
      }
    } catch {
      close(master)
      throw error
    }
    self.master = master
    let received = received
    Thread.detachNewThread { received.read(master) }
  }

  deinit {
    if exit == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    received.letGo(of: master)
  }

  /// Everything read from the terminal so far.
  public var output: [UInt8] { received.state.withLock { $0.bytes } }

  /// The output so far as text.
  public var text: String { String(decoding: output, as: UTF8.self) }

  // MARK: Typing

  public func send(_ bytes: [UInt8]) throws(Failure) {
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

  public func send(_ text: String) throws(Failure) {
    try send(Array(text.utf8))
  }

  /// Types a line and presses Enter.
  public func type(_ line: String) throws(Failure) {
    try send(line + "\r")
  }

  /// Resizes the terminal, as a person dragging its window would: its program gets SIGWINCH.
  public func resize(rows: UInt16, columns: UInt16) throws(Failure) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
      throw Failure(description: "TIOCSWINSZ: \(Self.lastError)")
    }
  }

  // MARK: Reading

  /// Waits until `text` appears after what earlier expectations matched, and moves past it.
  /// Returns the output from the previous match up to the end of this one.
  @discardableResult
  public func expect(_ text: String, timeout: Duration = .seconds(5)) throws(Failure) -> String {
    let deadline = ContinuousClock.now + timeout
    while true {
      if let seen = try take(text, by: deadline) { return seen }
      usleep(2_000)
    }
  }

  /// `expect` for an async test: its task sleeps while it waits, and holds no thread that the
  /// test's other tasks (a night's players) need meanwhile.
  @discardableResult
  public func waitFor(_ text: String, timeout: Duration = .seconds(30)) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while true {
      if let seen = try take(text, by: deadline) { return seen }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// What `expect` returns, the cursor moved past `text`; nil while `text` may yet come.
  private func take(_ text: String, by deadline: ContinuousClock.Instant) throws(Failure) -> String? {
    // Read together: once the terminal has closed, the bytes are all there will be.
    let (output, closed) = received.state.withLock { ($0.bytes, $0.closed) }
    if let range = Self.find(Array(text.utf8), in: output, from: cursor) {
      defer { cursor = range.upperBound }
      return String(decoding: output[cursor..<range.upperBound], as: UTF8.self)
    }
    guard ContinuousClock.now < deadline, !closed else {
      let rest = String(decoding: output[cursor...], as: UTF8.self)
      throw Failure(description: "expected \(text.debugDescription); got \(rest.debugDescription)")
    }
    return nil
  }

  /// Whether the terminal is in its own line mode (canonical) rather than the line editor's.
  public var isCanonical: Bool {
    var settings = termios()
    return tcgetattr(master, &settings) == 0 && settings.c_lflag & tcflag_t(ICANON) != 0
  }

  /// Waits until the line editor has the terminal in raw mode (ICANON off).
  ///
  /// libedit can draw the prompt a moment before it leaves canonical mode; a key sent in
  /// that moment is handled by the kernel's line discipline instead (Ctrl-D becomes a NUL,
  /// Ctrl-C a flushed line), which is not what a person at the keyboard sees.
  public func waitForLineEditor(timeout: Duration = .seconds(5)) throws(Failure) {
    let deadline = ContinuousClock.now + timeout
    var settings = termios()
    while ContinuousClock.now < deadline {
      guard tcgetattr(master, &settings) == 0 else {
        throw Failure(description: "tcgetattr: \(Self.lastError)")
      }
      if settings.c_lflag & tcflag_t(ICANON) == 0 { return }
      usleep(2_000)
    }
    throw Failure(description: "the terminal never left canonical mode")
  }

  // MARK: The child

  /// Whether the child has not exited.
  public var isRunning: Bool {
    reap()
    return exit == nil
  }

  /// Waits for the child to end, and for its last output, and returns how it ended; nil if it
  /// is still running at the deadline.
  public func waitForExit(timeout: Duration = .seconds(5)) -> Exit? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline, !reap() { usleep(5_000) }
    // The last output, if any is still on its way.
    let end = ContinuousClock.now + .milliseconds(200)
    while exit != nil, ContinuousClock.now < end, !received.state.withLock({ $0.closed }) { usleep(5_000) }
    return exit
  }

  /// Collects the child's status; true if it has ended.
  @discardableResult
  private func reap() -> Bool {
    if exit != nil { return true }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return false }
    let signal = status & 0x7F
    exit = signal == 0 ? .status((status >> 8) & 0xFF) : .signal(signal)
    return true
  }

  // MARK: Setting up

  /// A pty's master side, its window `rows` by `columns`, its slave side ready to open.
  private static func openMaster(rows: UInt16, columns: UInt16) throws(Failure) -> Int32 {
    let posixOpenpt = try libc("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    let grantpt = try libc("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    let unlockpt = try libc("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    let master = posixOpenpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw Failure(description: "posix_openpt: \(lastError)") }
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard grantpt(master) == 0, unlockpt(master) == 0, ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
      let error = Failure(description: "grantpt, unlockpt or TIOCSWINSZ: \(lastError)")
      close(master)
      throw error
    }
    return master
  }

  private static func slavePath(of master: Int32) throws(Failure) -> String {
    let ptsnameR = try libc(
      "ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
    var name = [CChar](repeating: 0, count: 256)
    guard ptsnameR(master, &name, name.count) == 0 else { throw Failure(description: "ptsname_r: \(lastError)") }
    return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func libc<Function>(_ name: String, as type: Function.Type) throws(Failure) -> Function {
    do throws(Spawn.Failure) {
      return try Spawn.libc(name, as: type)
    } catch {
      throw Failure(description: error.description)
    }
  }

  private static var lastError: String { String(cString: strerror(errno)) }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
    guard !needle.isEmpty, haystack.count - start >= needle.count else { return nil }
    for index in start...(haystack.count - needle.count)
    where haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
      return index..<(index + needle.count)
    }
    return nil
  }
}

/// What a terminal's reading thread has read, shared with the test that reads it.
private final class Received: Sendable {
  struct State {
    var bytes: [UInt8] = []
    /// Every slave descriptor is closed: the child, and any child of its own, is gone.
    var closed = false
    /// The test has let go of the terminal.
    var letGo = false
  }

  let state = Mutex(State())

  /// Reads `master` until it closes or the test lets go; the later of the two closes it, so
  /// that the test never writes to a descriptor number used again for another file.
  func read(_ master: Int32) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !state.withLock({ $0.letGo }) {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      // Not for ever: a child's child may hold the terminal after the test has let go.
      guard poll(&descriptor, 1, 50) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
      if count > 0 {
        state.withLock { $0.bytes += buffer[..<count] }
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        break  // EIO: every slave descriptor is closed.
      }
    }
    state.withLock {
      $0.closed = true
      if $0.letGo { close(master) }
    }
  }

  func letGo(of master: Int32) {
    state.withLock {
      $0.letGo = true
      if $0.closed { close(master) }
    }
  }
}
