/// This person's part in a night, if any: one value, so a night is hosted or joined, never
/// both and never half.
@MainActor
enum NightRole {
  case none
  case hosting(HostFlow)
  case playing(PlayerFlow)

  var host: HostFlow? {
    if case .hosting(let flow) = self { return flow }
    return nil
  }

  var isNone: Bool {
    if case .none = self { return true }
    return false
  }

  /// When the night next needs waking: a deadline, `--auto`, a countdown's next second.
  var nextWake: Duration? {
    switch self {
    case .none: nil
    case .hosting(let flow): flow.nextWake
    case .playing(let flow): flow.nextWake
    }
  }

  /// Whether a script's next line is for the night: always, but where it moves on without one.
  var wantsLine: Bool {
    switch self {
    case .none: true
    case .hosting(let flow): flow.wantsLine
    case .playing(let flow): flow.wantsLine
    }
  }

  /// The game ends: players hear so from a host, and the connections close.
  func stop() {
    switch self {
    case .none: break
    case .hosting(let flow): flow.stop()
    case .playing(let flow): flow.stop()
    }
  }
}
