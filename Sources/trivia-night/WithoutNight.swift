#if !Night
  import Glibc
  import NightRelay

  /// Built without the package trait Night, as a plain `swift build` builds every target: its
  /// network's packages were not even fetched, so it says how to build it and stops. Run by
  /// `trivia host` or `trivia join`, it says so as a real one says why it ends, so the game
  /// shows the reason rather than an unexplained end.
  @main
  enum WithoutNight {
    static func main() {
      let how = "built without the package trait Night; build it with `make night` (swift build --traits Night)."
      let line = "trivia-night: \(how)\n"
      _ = write(STDERR_FILENO, line, line.utf8.count)
      if isatty(STDOUT_FILENO) == 0 {
        let event = RelayLines.encode(RelayEvent.failed("trivia-night was \(how)"))
        _ = event.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
      }
      exit(2)
    }
  }
#endif
