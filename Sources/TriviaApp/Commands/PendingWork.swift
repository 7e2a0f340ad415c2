/// Work an event asked for that waits on a load: queued as the event is handled, run by
/// the game's loop after it, where Ctrl-C can cancel it.
@MainActor
public final class PendingWork {
  private var queue: [@MainActor () async -> Void] = []

  public init() {}

  public var isEmpty: Bool { queue.isEmpty }

  public func add(_ work: @escaping @MainActor () async -> Void) {
    queue.append(work)
  }

  /// Runs the queue, and what it adds meanwhile, in order.
  public func run() async {
    while !queue.isEmpty {
      await queue.removeFirst()()
    }
  }
}
