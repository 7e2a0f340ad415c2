#if Night
  import Glibc

  /// A thread of its own for a loop that blocks in `read`, which must not hold one of the few
  /// threads Swift's concurrency and NIO share.
  enum OwnThread {
    private final class Body: @unchecked Sendable {
      let run: () -> Void
      init(_ run: @escaping () -> Void) { self.run = run }
    }

    static func start(_ run: @escaping @Sendable () -> Void) {
      let body = Unmanaged.passRetained(Body(run)).toOpaque()
      var thread = pthread_t()
      let status = pthread_create(
        &thread, nil,
        { raw in
          Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
          return nil
        }, body)
      precondition(status == 0, "pthread_create: \(status)")
      pthread_detach(thread)
    }
  }
#endif
