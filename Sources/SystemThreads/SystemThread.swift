import Glibc

/// A thread of its own, not one of the few that Swift's tasks share: for work that blocks for
/// a while (a web load, a check of the history file, a workbook inflated beside its reading),
/// started the one careful way.
public enum SystemThread {
  /// Starts `body` on a new thread, to be detached or joined; nil, and `body` not run, when
  /// the system has no thread to give.
  public static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    final class Body: Sendable {
      let run: @Sendable () -> Void
      init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    guard created == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return nil
    }
    return thread
  }
}
