import Foundation
import Glibc
import ProcessSpawn
import Synchronization
import Testing
import TriviaLink

/// A private XDG_RUNTIME_DIR for one test, removed with it.
final class RuntimeFolder {
  let path: String

  init() throws {
    var template = Array("/tmp/trivia-link-XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw LinkError("mkdtemp failed")
    }
    path = String(cString: made)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  var environment: [String: String] { ["XDG_RUNTIME_DIR": path] }

  func location() throws -> LinkLocation { try LinkLocation.resolve(environment: environment) }

  /// A server that must claim the socket.
  func server(_ limits: LinkServer.Limits = .init()) throws -> LinkServer {
    let claim = try LinkServer.claim(location(), limits: limits)
    guard case .claimed(let server) = claim else { throw LinkError("not claimed: \(claim)") }
    return server
  }
}

extension LinkServer {
  /// Turns the server as the game's loop would, until `done` or `limit`, handing each link to
  /// `onRequest`. Poll wakes at least every 10 ms to ask `done`.
  func run(
    for limit: Duration = .seconds(10), until done: () -> Bool, onRequest: (LinkRequest) -> Void = { _ in }
  ) {
    let end = ContinuousClock.now + limit
    while !done() && ContinuousClock.now < end {
      var entries = descriptors
      let timeout = pollTimeout()
      _ = poll(&entries, nfds_t(entries.count), timeout < 0 ? 10 : min(timeout, 10))
      for request in handle(entries) { onRequest(request) }
    }
  }

  /// Turns the server without replying; a link arriving is a failure.
  func runExpectingNoLink(until done: () -> Bool) {
    run(until: done) { request in Issue.record("a link surfaced: \(request.link)") }
  }
}

/// Work on a thread of its own, so a blocking sender runs while the test turns the server.
final class Background<Value: Sendable>: Sendable {
  private let box = Mutex<Value?>(nil)

  init(_ work: @escaping @Sendable () -> Value) {
    Thread.detachNewThread { [self] in
      let value = work()
      box.withLock { $0 = value }
    }
  }

  var isDone: Bool { box.withLock { $0 != nil } }
  var value: Value? { box.withLock { $0 } }
}

/// A sender that writes whatever bytes it is given, as a hostile one would.
final class RawSender {
  let descriptor: Int32

  init(_ location: LinkLocation) throws {
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(location.socketPath.utf8)) }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else { throw LinkError("connect: \(String(cString: strerror(errno)))") }
    // A test that goes wrong fails instead of hanging.
    var limit = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(descriptor) }

  func write(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  func finishWriting() { shutdown(descriptor, Int32(SHUT_WR)) }

  /// Whether the game closed its end.
  var isHungUp: Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLHUP) != 0
  }

  /// All the game wrote, up to its close.
  func readAll() -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      guard count > 0 else { break }
      bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// A Python 3 helper process, as another program (or another user) would connect.
enum Python {
  /// The system's Python, which the user nobody may run.
  static let path = "/usr/bin/python3"

  /// Starts `script`; a socket call of it that waits 5 s fails, so a test that goes wrong
  /// fails instead of hanging.
  static func start(_ script: String, _ arguments: [String], asNobody: Bool = false) throws -> Child {
    let command = [path, "-c", "import socket\nsocket.setdefaulttimeout(5)\n" + script] + arguments
    return try Child(
      asNobody ? "/usr/sbin/runuser" : path,
      arguments: asNobody ? ["-u", "nobody", "--"] + command : Array(command.dropFirst()))
  }

  /// What it printed, once it has exited (ended now if it has not).
  static func output(_ process: Child) -> String {
    process.terminate()
    return process.finish(timeout: .seconds(10)).outputText
  }
}

/// This process's descriptors open on sockets at `path`: the listener and the connections
/// it accepted, which the kernel lists under the listener's path (/proc/net/unix). Counting
/// these rather than all of /proc/self/fd keeps other tests' files out of the count.
/// What `socketDescriptors` counts, for a message: each descriptor and the socket it is, and
/// the table's rows for `path`.
func socketDescriptorTargets(at path: String) throws -> String {
  let rows = try String(contentsOfFile: "/proc/net/unix", encoding: .utf8).split(separator: "\n").filter {
    $0.hasSuffix(" " + path)
  }
  let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { name in
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")).map { "\(name) → \($0)" }
  }.filter { $0.contains("socket:[") }
  return "rows: \(rows.joined(separator: "; ")); this process's sockets: \(descriptors.joined(separator: ", "))"
}

func socketDescriptors(at path: String) throws -> Int {
  let table = try String(contentsOfFile: "/proc/net/unix", encoding: .utf8)
  let inodes = Set(
    table.split(separator: "\n").dropFirst().compactMap { row -> String? in
      let fields = row.split(separator: " ", omittingEmptySubsequences: true)
      return fields.count >= 8 && fields[7] == path ? String(fields[6]) : nil
    })
  let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
  return descriptors.filter { name in
    guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)") else {
      return false
    }
    return target.hasPrefix("socket:[") && inodes.contains(String(target.dropFirst(8).dropLast()))
  }.count
}
