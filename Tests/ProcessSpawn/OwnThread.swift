import Foundation

/// Runs `body`, which blocks (waits on a child, sleeps between keys), on a thread of its own and
/// awaits it. A test that blocks where it runs holds one of the few threads Swift Testing's
/// tasks share (two on a machine of two cores); for a minute and more, it starves the other
/// tests' tasks, whose timing then fails (a night's keys typed after the question closed).
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread {
      continuation.resume(with: Result { try body() })
    }
  }
}
