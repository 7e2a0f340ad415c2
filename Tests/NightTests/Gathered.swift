#if Night
  import Synchronization

  /// Bytes gathered on a thread of their own, and when each part came on that thread's clock,
  /// which goes on while the test's tasks wait for a turn on a busy machine.
  final class Gathered: Sendable {
    let bytes = Mutex<[UInt8]>([])
    private let marks = Mutex<[(end: Int, at: ContinuousClock.Instant)]>([])

    func append(_ part: ArraySlice<UInt8>) {
      let now = ContinuousClock.now
      let end = bytes.withLock {
        $0 += part
        return $0.count
      }
      marks.withLock { $0.append((end, now)) }
    }

    /// When `needle` had first come whole.
    func arrival(of needle: String) -> ContinuousClock.Instant? {
      let wanted = Array(needle.utf8)
      let haystack = bytes.withLock { $0 }
      guard !wanted.isEmpty, haystack.count >= wanted.count else { return nil }
      guard
        let start = (0...(haystack.count - wanted.count)).first(where: {
          haystack[$0..<($0 + wanted.count)].elementsEqual(wanted)
        })
      else { return nil }
      return marks.withLock { marks in marks.first { $0.end >= start + wanted.count }?.at }
    }
  }
#endif
