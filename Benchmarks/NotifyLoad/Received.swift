import Glibc
import Synchronization

/// Nanoseconds on the monotonic clock: the sender writes them into each payload and the
/// listeners, in the same process, subtract them from their own.
func monotonicNanos() -> Int64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

/// What one listener connection was delivered: counted and timed as each notification
/// arrives, read by the run once the senders are done.
final class Received: Sendable {
  private let state = Mutex(State())

  struct State {
    var count = 0
    var bytes = 0
    /// Sender's stamp to this listener's receipt, per notification.
    var latencies: [Int64] = []
    var malformed = 0
    /// When the last one arrived, on `monotonicNanos()`.
    var last: Int64 = 0
  }

  /// A payload is "SEQ STAMP " and padding: only the stamp is read.
  func note(_ payload: String) {
    let now = monotonicNanos()
    let fields = payload.utf8.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: true)
    let stamp = fields.count >= 2 ? Int64(String(decoding: fields[1], as: UTF8.self)) : nil
    state.withLock { state in
      state.count += 1
      state.bytes += payload.utf8.count
      state.last = now
      if let stamp {
        state.latencies.append(now - stamp)
      } else {
        state.malformed += 1
      }
    }
  }

  var snapshot: State { state.withLock { $0 } }
  var count: Int { state.withLock { $0.count } }
}

/// The p-th percentile (0...1) of some nanosecond durations, in milliseconds.
func percentileMs(_ sorted: [Int64], _ p: Double) -> Double {
  guard !sorted.isEmpty else { return .nan }
  let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))
  return Double(sorted[index]) / 1_000_000
}

/// Counters and a peak shared by a run's tasks.
final class Tally: Sendable {
  let count = Atomic<Int>(0)
  private let peak = Mutex(0.0)

  func raise(to value: Double) { peak.withLock { $0 = max($0, value) } }
  var highest: Double { peak.withLock { $0 } }
}
