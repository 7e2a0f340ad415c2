import CurlShim
import FoundationEssentials
import Glibc
import Synchronization
import SystemThreads

/// Runs `body` on a thread of its own, so a call that blocks for seconds does not hold one
/// of the few threads Swift's tasks share.
private func detachThread(_ body: @escaping @Sendable () -> Void) {
  if let thread = SystemThread.start(body) {
    pthread_detach(thread)
  } else {
    // No thread to be had: run here rather than never.
    body()
  }
}

/// One GET through libcurl, which CurlShim opens on first use: linking it, as
/// FoundationNetworking does, would load it and its ~35 libraries at every start-up.
enum Fetch {
  /// Fetches `url` on a thread of its own, since the call blocks; a cancelled task gets
  /// `.cancelled` at once, and the transfer stops within a second.
  static func run(url: URL, timeout: Double, limit: Int) async -> FetchOutcome {
    let handoff = Handoff()
    let address = url.absoluteString
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        guard handoff.begin(continuation) else { return }
        detachThread {
          handoff.end(perform(url: address, timeout: timeout, limit: limit, cancel: handoff.flag))
        }
      }
    } onCancel: {
      handoff.cancel()
    }
  }

  /// Fetches `url`, blocking until it ends: `timeout` seconds at most, or about a second
  /// after `cancel` is set.
  static func perform(url: String, timeout: Double, limit: Int, cancel: CancelFlag) -> FetchOutcome {
    let milliseconds = CLong(min(max((timeout * 1000).rounded(.up), 1), Double(Int32.max)))
    var result = trivia_fetch_result()
    defer { trivia_fetch_result_free(&result) }
    trivia_fetch(url, milliseconds, max(limit, 0), cancel.pointer, &result)
    let detail = result.message.map { String(cString: $0) } ?? ""
    switch Int(result.outcome) {
    case TRIVIA_FETCH_FINISHED:
      let body = result.body.map { [UInt8](UnsafeBufferPointer(start: $0, count: result.length)) } ?? []
      return .finished(status: Int(result.status), body: body)
    case TRIVIA_FETCH_TOO_LARGE: return .tooLarge
    case TRIVIA_FETCH_TIMED_OUT: return .timedOut
    case TRIVIA_FETCH_CANCELLED: return .cancelled
    case TRIVIA_FETCH_UNAVAILABLE: return .unavailable(detail)
    default: return .failed(code: Int(result.curl_code), detail: detail)
    }
  }

  /// Why `library` cannot serve as libcurl, or nil when it can.
  static func libcurlProblem(loading library: String) -> String? {
    var error = [CChar](repeating: 0, count: 512)
    let size = error.count
    guard trivia_curl_probe(library, &error, size) == 0 else { return nil }
    return error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }
}

/// The flag a running fetch watches; C reads and sets it atomically, hence unchecked.
final class CancelFlag: @unchecked Sendable {
  fileprivate let pointer = UnsafeMutablePointer<CInt>.allocate(capacity: 1)

  init() { pointer.initialize(to: 0) }
  deinit { pointer.deallocate() }

  func set() { trivia_fetch_cancel(pointer) }
}

/// Hands the waiting task exactly one outcome: the fetch's, or `.cancelled` as soon as the
/// task is cancelled, whichever comes first.
private final class Handoff: Sendable {
  private enum State {
    case waiting
    case running(CheckedContinuation<FetchOutcome, Never>)
    case ended
  }

  let flag = CancelFlag()
  private let state = Mutex(State.waiting)

  /// Whether to start fetching: false when the task was cancelled before it began.
  func begin(_ continuation: CheckedContinuation<FetchOutcome, Never>) -> Bool {
    let cancelled = state.withLock { state in
      if case .ended = state { return true }
      state = .running(continuation)
      return false
    }
    if cancelled { continuation.resume(returning: .cancelled) }
    return !cancelled
  }

  func end(_ outcome: FetchOutcome) { take()?.resume(returning: outcome) }

  func cancel() {
    flag.set()
    take()?.resume(returning: .cancelled)
  }

  private func take() -> CheckedContinuation<FetchOutcome, Never>? {
    state.withLock { state in
      defer { state = .ended }
      if case .running(let continuation) = state { return continuation }
      return nil
    }
  }
}
