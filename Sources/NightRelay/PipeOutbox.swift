import Glibc

/// One end of the pipe between `trivia` and `trivia-night`, as its writer holds it: what is
/// said waits here, in order, and is written as the pipe takes it, never waited for. Each side
/// also reads the other's pipe in the same loop, so a writer that blocked while its reader
/// blocked writing back would freeze both (issue 35: 50 names of 4 KiB made each welcome larger
/// than the pipe, and neither the host nor its signals could move again).
///
/// The owner polls `waiting` (POLLOUT) with its other descriptors and calls `flush` when it is
/// ready. The policy for a slow reader: everything is kept for as long as the reader takes
/// anything at all, up to `limit` (64 MiB) unread; past that the reader is taken to be stuck,
/// `send` refuses, and the owner ends its part, saying so: `trivia-night` says `.failed` and
/// ends (its players hear the last words), `trivia` stops the night with that reason. 64 MiB
/// is about five times what one question of a 200,000-player room puts on the pipe at once (an
/// answer each, about 60 bytes, or a `yours` row each), so a reader that is only busy (a host
/// loading its questions, a scripted host waiting for its next line) is not taken for a stuck
/// one; and it is memory a machine running such a night has to spare.
public struct PipeOutbox {
  public enum State: Equatable, Sendable {
    /// The reader takes what is written, or may yet.
    case open
    /// More than `limit` bytes wait unread.
    case stuck
    /// The reader has gone (EPIPE): nothing will be read again.
    case gone
  }

  /// Unread bytes past which a reader is taken to be stuck.
  public static let limit = 64 << 20

  public let descriptor: Int32
  public let limit: Int
  public private(set) var state = State.open
  /// Bytes said and not yet written.
  public private(set) var unsent = 0
  /// What waits, a send's frames a chunk; `chunks[first]` is being written, `written` of it.
  private var chunks: [[UInt8]] = []
  private var first = 0
  private var written = 0

  /// Writes to `descriptor`, which is made non-blocking (its pipe's other end is not).
  public init(descriptor: Int32, limit: Int = Self.limit) {
    self.descriptor = descriptor
    self.limit = limit
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
  }

  /// Queues `bytes` (whole frames) and writes what the pipe takes now. False once the reader is
  /// stuck or gone, when nothing more is queued.
  @discardableResult
  public mutating func send(_ bytes: [UInt8]) -> Bool {
    guard state == .open else { return false }
    guard !bytes.isEmpty else { return true }
    guard unsent == 0 || unsent + bytes.count <= limit else {
      state = .stuck
      return false
    }
    // Small frames said one after another are written together, once the pipe has room.
    if chunks.count > first + 1, chunks[chunks.count - 1].count < 65_536 {
      chunks[chunks.count - 1] += bytes
    } else {
      chunks.append(bytes)
    }
    unsent += bytes.count
    flush()
    return state == .open
  }

  /// The descriptor to poll for room (POLLOUT) while bytes wait.
  public var waiting: pollfd? {
    unsent > 0 && state != .gone ? pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0) : nil
  }

  /// Writes what the pipe takes now, without waiting.
  public mutating func flush() {
    while first < chunks.count {
      let chunk = chunks[first]
      let count = chunk.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK { break }
        // EPIPE (SIGPIPE is ignored where a pipe is written): what waits will never be read.
        state = .gone
        chunks = []
        (first, written, unsent) = (0, 0, 0)
        return
      }
      written += count
      unsent -= count
      if written == chunk.count {
        first += 1
        written = 0
      }
    }
    if first == chunks.count {
      chunks.removeAll(keepingCapacity: true)
      first = 0
    } else if first >= 64, first * 2 >= chunks.count {
      chunks.removeFirst(first)
      first = 0
    }
  }

  /// Waits at most `timeout` for what is queued to be written: for a side that ends, whose
  /// reader may still be there. True when all of it was.
  @discardableResult
  public mutating func drain(within timeout: Duration) -> Bool {
    let deadline = ContinuousClock.now + timeout
    flush()
    while unsent > 0, state != .gone {
      let left = deadline - .now
      guard left > .zero else { return false }
      var wait = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      _ = poll(&wait, 1, Int32(clamping: Int((left / .milliseconds(1)).rounded(.up))))
      flush()
    }
    return unsent == 0
  }

  /// Gives up what waits unwritten (a stuck reader will not read it), but for the rest of the
  /// frame being written, so that `last` (a `.failed` event) follows whole; then waits at most
  /// `timeout` for it to be written.
  public mutating func end(with last: [UInt8], within timeout: Duration) {
    if first < chunks.count {
      chunks = written > 0 ? [Array(chunks[first][written...])] : []
      first = 0
      written = 0
      unsent = chunks.first?.count ?? 0
    }
    guard state != .gone else { return }
    chunks.append(last)
    unsent += last.count
    state = .open
    drain(within: timeout)
  }
}
