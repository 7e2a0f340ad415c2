import ScreenKit

/// A player's waiting room: the night it joined and who else is in, until the host starts.
/// It reads its state each time it is drawn, since players arrive while it shows.
public final class WaitingRoomScreen: ReadingView<WaitingRoomScreen.State>, TerminalView {
  public struct State: Equatable, Sendable {
    /// The night's name.
    public var title: String
    /// The name this player joined with.
    public var you: String
    /// In the order they joined (a big night's newest only).
    public var players: [String]
    /// How many are in; nil: as many as `players` names.
    public var count: Int?
    /// The host's address, as the player typed it.
    public var host: String

    public init(title: String, you: String, players: [String], count: Int? = nil, host: String) {
      self.count = count
      self.title = title
      self.you = you
      self.players = players
      self.host = host
    }
  }

  public var onBack: (() -> Void)?

  /// Drawn again at every join (who is in is what it shows): in place, as the host's lobby is,
  /// so a terminal shows it once, not once a join under the last (issue 37).
  public var drawsInPlace: Bool { true }

  /// Who is in, as they join.
  public var prompt: String { "waiting · \(PlayerList.counted(state.count ?? state.players.count)) in" }

  public func render() -> [Line] {
    let state = state
    return [
      "",
      Line(state.title, style: .title),
      Line("You are in as ") + Line(state.you, style: .emphasis) + Line(", at \(state.host)."),
      PlayerList.line(state.players, total: state.count, after: "Waiting for the host to start. "),
    ]
  }

  public var commands: CommandTable { CommandTable() }
}
