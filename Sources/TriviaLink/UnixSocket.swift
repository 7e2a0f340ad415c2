import Glibc
import LinkSocketShim

/// The socket calls the game and the sender both make, close to the system's own.
enum UnixSocket {
  /// What connecting to a path found.
  enum Probe {
    case owner(LinkOwner)
    /// Nothing listens; the errno says why (ENOENT: no socket, ECONNREFUSED: a dead one).
    case none(Int32)
  }

  /// A stream socket, close-on-exec so a process the game spawns never holds it.
  static func make(nonBlocking: Bool) throws(LinkError) -> Int32 {
    var type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    if nonBlocking { type |= Int32(SOCK_NONBLOCK.rawValue) }
    let descriptor = socket(AF_UNIX, type, 0)
    guard descriptor >= 0 else { throw .system("Cannot make a socket") }
    return descriptor
  }

  /// Runs `call` (bind, connect) with the address of `path`: its result, errno set on failure.
  static func withAddress(_ path: String, _ call: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      errno = ENAMETOOLONG
      return -1
    }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
  }

  /// Connects `descriptor` to `path`: 0, or the errno.
  static func connect(_ descriptor: Int32, to path: String) -> Int32 {
    withAddress(path) { Glibc.connect(descriptor, $0, $1) } == 0 ? 0 : errno
  }

  /// Who is at the other end, as the kernel saw it connect (or listen).
  static func peer(of descriptor: Int32) -> (pid: Int32, uid: uid_t)? {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    return trivia_link_peer(descriptor, &pid, &uid) == 0 ? (pid, uid) : nil
  }

  /// Writes all of `bytes`, never raising SIGPIPE; false when they did not all go.
  @discardableResult
  static func send(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  /// Poll's timeout for `duration`: milliseconds rounded up, so a wake is never early.
  static func pollTimeout(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = max(duration, .zero).components
    return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
  }

  /// Connects to `path` without waiting and without a word: the listener closes a connection
  /// that sends nothing silently. Its peer credentials name the game that listens.
  static func probe(_ path: String) -> Probe {
    guard let descriptor = try? make(nonBlocking: true) else { return .none(errno) }
    defer { close(descriptor) }
    switch connect(descriptor, to: path) {
    case 0: return .owner(LinkOwner(pid: peer(of: descriptor)?.pid))
    // Its queue of connections is full: someone listens, too busy to say who.
    case EAGAIN: return .owner(LinkOwner(pid: nil))
    case let code: return .none(code)
    }
  }
}
