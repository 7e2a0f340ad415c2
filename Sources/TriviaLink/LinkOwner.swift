/// The game that owns the link socket, as a second game or a sender sees it.
public struct LinkOwner: Equatable, Sendable, CustomStringConvertible {
  /// Its process id, from the socket's peer credentials; nil when it was too busy to connect
  /// to (its queue of connections full), which still proves it runs.
  public let pid: Int32?

  public init(pid: Int32?) {
    self.pid = pid
  }

  public var description: String {
    pid.map { "links go to the game with pid \($0)" } ?? "links go to another game, busy just now"
  }
}
