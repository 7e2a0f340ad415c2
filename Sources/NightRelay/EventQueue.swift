import Glibc
import Synchronization

/// Events from NIO's threads for the main thread: a list behind a lock, and a pipe that is
/// readable whenever the list is not empty, so the terminal's poll can wait on it. The pipe is
/// written and read outside the lock, so a poster never waits on another thread's system call
/// (that wait was the relay's largest cost once each message was posted from its event loop,
/// #40); the price is, now and then, a wake-up that finds nothing.
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
    let first = state.withLock { state in
      state.events.append(event)
      return state.events.count == 1
    }
    // After the append: a drain that reads this byte finds the event.
    if first {
      var byte: UInt8 = 1
      _ = write(writeEnd, &byte, 1)
    }
  }

  /// Everything waiting, oldest first; never blocks.
  public func drain() -> [Event] {
    // Before the list is taken: a byte read here was written after its event was listed, and
    // an event listed after the take writes a byte of its own.
    var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    while withUnsafeMutableBytes(of: &bytes, { read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
    return state.withLock { state in
      defer { state.events.removeAll(keepingCapacity: true) }
      return state.events
    }
  }
}
