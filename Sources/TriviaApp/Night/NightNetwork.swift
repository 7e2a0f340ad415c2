import NightRelay

/// The network of a night as the app sees it: lines to `trivia-night`, which the program
/// opens (the app knows nothing of processes or sockets). What arrives on them reaches
/// the coordinator through `AppCoordinator.received`.
@MainActor
public protocol NightNetwork: AnyObject {
  /// Listens for players as `plan` says (its port, 0: any free one, on its `bind` or every
  /// interface; or through its PostgreSQL's edges), for the night with `code`; at most
  /// `maxConnections` at once.
  func host(_ plan: HostPlan, code: String, maxConnections: Int) throws(NightError) -> any NightLine
  /// Connects to a host as a player. `comingBack`: the player has a place, and this replaces
  /// a connection that ended: a first try that does not open is tried again, as a drop is.
  func join(_ address: NightAddress, comingBack: Bool) throws(NightError) -> any NightLine
}

/// One connection's line to `trivia-night`.
@MainActor
public protocol NightLine: AnyObject {
  func send(_ command: RelayCommand)
  /// Sends `commands` in order, at once where the line can (one write for all).
  func send(contentsOf commands: [RelayCommand])
  /// Closes it for good, telling its connections.
  func stop()
}

extension NightLine {
  public func send(contentsOf commands: [RelayCommand]) {
    for command in commands { send(command) }
  }
}

/// Why a night could not start or go on, in one sentence.
public struct NightError: Error, Equatable, Sendable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }
}
