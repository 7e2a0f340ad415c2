import Foundation
import SystemThreads

/// A part's pieces handed from the thread that unpacks them to the one that reads them: at most
/// `capacity` wait, so a part's megabytes are never in memory at once. Reading one piece while
/// the next is inflated hides most of zlib's time behind the XML's.
final class PieceQueue: @unchecked Sendable {
  // Guards every property below it.
  private let condition = NSCondition()
  private let capacity: Int
  private var pieces: [Data] = []
  private var ended = false
  private var failure: SheetError?
  private var closed = false

  private init(capacity: Int) {
    self.capacity = capacity
  }

  /// A queue that `fill` fills on a thread of its own, a piece each time it calls `put`; nil,
  /// and `fill` not run, when the system has no thread to give.
  static func filled(
    capacity: Int = 4,
    by fill: @escaping @Sendable (_ put: (Data) throws(SheetError) -> Void) throws(SheetError) -> Void
  ) -> PieceQueue? {
    let queue = PieceQueue(capacity: capacity)
    let thread = SystemThread.start {
      do throws(SheetError) {
        try fill(queue.put)
        queue.end(nil)
      } catch {
        queue.end(error)
      }
    }
    guard let thread else { return nil }
    pthread_detach(thread)
    return queue
  }

  /// Waits for room; throws once the reader has stopped, so that the unpacking stops too.
  func put(_ piece: Data) throws(SheetError) {
    condition.lock()
    defer { condition.unlock() }
    while pieces.count >= capacity && !closed { condition.wait() }
    guard !closed else { throw SheetError("the reader stopped") }
    pieces.append(piece)
    condition.broadcast()
  }

  /// The unpacking is over, with `failure` if it failed: the last call the unpacking thread makes.
  func end(_ failure: SheetError?) {
    condition.lock()
    defer { condition.unlock() }
    (ended, self.failure) = (true, failure)
    condition.broadcast()
  }

  /// The next piece; nil once the part is over; the unpacking's error if it failed.
  func take() throws(SheetError) -> Data? {
    condition.lock()
    defer { condition.unlock() }
    while pieces.isEmpty && !ended { condition.wait() }
    guard pieces.isEmpty else {
      condition.broadcast()
      return pieces.removeFirst()
    }
    if let failure { throw failure }
    return nil
  }

  /// Stops the unpacking and waits for its thread to end: it reads bytes lent for the call.
  func close() {
    condition.lock()
    defer { condition.unlock() }
    closed = true
    condition.broadcast()
    while !ended { condition.wait() }
  }
}
