/// What the landing and options screens show: the next round's options, where its
/// questions come from, and whether a saved round waits. Read fresh each time they draw.
public struct Setup: Equatable, Sendable {
  public var options: GameOptions
  public var source: String
  public var canResume: Bool

  public init(options: GameOptions, source: String, canResume: Bool = false) {
    self.options = options
    self.source = source
    self.canResume = canResume
  }
}
