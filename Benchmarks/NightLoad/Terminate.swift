#if Night
  import Glibc

  /// Ends a child NightLoad started: SIGTERM, a grace to go by itself, then SIGKILL; reaped either way.
  enum Terminate {
    static func child(_ pid: pid_t, grace: Duration) {
      kill(pid, SIGTERM)
      var status: Int32 = 0
      let until = ContinuousClock.now + grace
      while ContinuousClock.now < until {
        if waitpid(pid, &status, WNOHANG) != 0 { return }
        usleep(10_000)
      }
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
    }
  }
#endif
