import ScreenKit

/// The host's lobby: the night's code, where players join, and who is in. It reads its
/// state each time it is drawn, since players arrive while it shows. Starting, sending a
/// player away and ending are the app's commands, not the lobby's.
public final class LobbyScreen: TerminalView {
  public struct State: Equatable, Sendable {
    /// The night's name.
    public var title: String
    public var code: String
    /// Where players can join, and what the host listens on, shown as given.
    public var joinLines: [String]
    /// In the order they joined (a big night's newest only).
    public var players: [String]
    /// How many are in; nil: as many as `players` names.
    public var count: Int?
    public var maxPlayers: Int
    /// The night starts by itself once this many players are in.
    public var startWhen: Int?

    public init(
      title: String, code: String, joinLines: [String], players: [String] = [], count: Int? = nil,
      maxPlayers: Int, startWhen: Int? = nil
    ) {
      self.count = count
      self.title = title
      self.code = code
      self.joinLines = joinLines
      self.players = players
      self.maxPlayers = maxPlayers
      self.startWhen = startWhen
    }
  }

  private let read: () -> State
  public var state: State { read() }
  public var onBack: (() -> Void)?

  public init(state: @escaping () -> State) {
    read = state
  }

  public convenience init(state: State) {
    self.init { state }
  }

  /// Who is in, as they join, without drawing the lobby again.
  public var prompt: String { "lobby · \(PlayerList.counted(state.count ?? state.players.count)) in" }

  public func render() -> [Line] {
    let state = state
    // Spaced, so the code reads aloud letter by letter across a room.
    let code = state.code.map(String.init).joined(separator: " ")
    let limit =
      "Room for \(NumberText.grouped(state.maxPlayers)) players."
      + (state.startWhen.map { " Starts by itself when \(NumberText.grouped($0)) are in." } ?? "")
    return [
      "",
      Line(state.title, style: .title),
      Line("  Code  ", style: .dim) + Line(code, style: .title),
      "",
    ]
      + state.joinLines.map { Line("  " + $0) }
      + ["", PlayerList.line(state.players, total: state.count), Line(limit, style: .dim)]
      + [Line("Type start when everyone is in, kick NAME to send a player away, end to close the night.", style: .dim)]
  }

  public var commands: CommandTable { CommandTable() }
}
