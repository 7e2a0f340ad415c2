#if !Night
  import Glibc

  /// Built without the package trait Night, as a plain `swift build` builds every target: its
  /// network's packages were not even fetched, so it says how to build it and stops.
  @main
  enum WithoutNight {
    static func main() {
      let message =
        "trivia-night: built without the package trait Night; build it with `make night`"
        + " (swift build --traits Night).\n"
      _ = write(STDERR_FILENO, message, message.utf8.count)
      exit(2)
    }
  }
#endif
