import Glibc
import Synchronization

/// Events from NIO's threads for the main thread: a list behind a lock, and a pipe that is
/// readable exactly while the list is not empty, so the terminal's poll can wait on it.
public final class EventQueue<Event: Sendable>: Sendable {
  private struct State {
    var events: [Event] = []
  }

  private let state = Mutex(State())
  private let readEnd: Int32
  private let writeEnd: Int32

  public init() {
    var ends: [Int32] = [-1, -1]
    // Glibc's module does not declare pipe2 (it wants _GNU_SOURCE).
    guard pipe(&ends) == 0 else { fatalError("pipe: \(errno)") }
    for end in ends {
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    Glibc.close(readEnd)
    Glibc.close(writeEnd)
  }

  /// Readable when events wait.
  public var descriptor: Int32 { readEnd }

  public func post(_ event: Event) {
    state.withLock { state in
      // Written under the lock, so the byte and the list cannot disagree.
      if state.events.isEmpty {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
      }
      state.events.append(event)
    }
  }

  /// Everything waiting, oldest first; never blocks.
  public func drain() -> [Event] {
    state.withLock { state in
      var bytes = [UInt8](repeating: 0, count: 64)
      while read(readEnd, &bytes, bytes.count) > 0 {}
      defer { state.events.removeAll(keepingCapacity: true) }
      return state.events
    }
  }
}
