import ScreenKit

/// The host's lobby: the night's code, where players join, and who is in. It reads its
/// state each time it is drawn, since players arrive while it shows. Starting, sending a
/// player away and ending are the app's commands, not the lobby's.
public final class LobbyScreen: ReadingView<LobbyScreen.State>, TerminalView {
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
    /// The first join line's address as a QR code, for phones; nil: none.
    public var qr: QRBlocks?
    /// The terminal the lobby must fit, code and all; nil: not a terminal, anything fits.
    public var terminal: TerminalSize?

    public init(
      title: String, code: String, joinLines: [String], players: [String] = [], count: Int? = nil,
      maxPlayers: Int, startWhen: Int? = nil, qr: QRBlocks? = nil, terminal: TerminalSize? = nil
    ) {
      self.qr = qr
      self.terminal = terminal
      self.count = count
      self.title = title
      self.code = code
      self.joinLines = joinLines
      self.players = players
      self.maxPlayers = maxPlayers
      self.startWhen = startWhen
    }
  }

  public var onBack: (() -> Void)?

  /// Who is in, as they join, without drawing the lobby again.
  public var prompt: String { "lobby · \(PlayerList.counted(state.count ?? state.players.count)) in" }

  public func render() -> [Line] {
    let state = state
    guard let qr = state.qr else { return Self.listed(state) }
    let drawn = qr.lines.map { Line($0, style: .code) }
    let side = Self.side(state)
    let body: [Line]
    // Beside the code when every line there fits; under it when the terminal is narrow.
    let room = state.terminal.map { $0.columns - qr.width - 2 }
    if let room, side.contains(where: { Self.columns($0.text) > room }) {
      body = drawn + Self.listed(state)
    } else {
      let blank = Line(String(repeating: " ", count: qr.width))
      body =
        (0..<max(drawn.count, side.count)).map { row in
          let left = row < drawn.count ? drawn[row] : blank
          return row < side.count && !side[row].spans.isEmpty ? left + Line("  ") + side[row] : left
        } + ["", PlayerList.line(state.players, total: state.count)]
    }
    // The prompt goes under it: with the top of the code scrolled away, no phone reads it.
    if let terminal = state.terminal, qr.width > terminal.columns || body.count + 1 > terminal.rows {
      return Self.listed(state, note: "The terminal is too small for the QR code: type the address.")
    }
    return [""] + body
  }

  /// The lobby as lines one under the other, as it is without a code.
  private static func listed(_ state: State, note: String? = nil) -> [Line] {
    [
      "",
      Line(state.title, style: .title),
      Line("  Code  ", style: .dim) + Line(spaced(state.code), style: .title),
      "",
    ]
      + state.joinLines.map { Line("  " + $0) }
      + (note.map { [Line("  " + $0, style: .dim)] } ?? [])
      + [
        "", PlayerList.line(state.players, total: state.count), Line(limit(state).joined(separator: " "), style: .dim),
      ]
      + [Line("Type start when everyone is in, kick NAME to send a player away, end to close the night.", style: .dim)]
  }

  /// What goes beside the code: short lines, so that they fit there on 80 columns.
  private static func side(_ state: State) -> [Line] {
    [Line(state.title, style: .title), Line("Code  ", style: .dim) + Line(spaced(state.code), style: .title), ""]
      + state.joinLines.map { Line($0) } + [""] + limit(state).map { Line($0, style: .dim) } + [""]
      + ["Type start when everyone is in,", "kick NAME to send a player away,", "end to close the night."].map {
        Line($0, style: .dim)
      }
  }

  /// Spaced, so the code reads aloud letter by letter across a room.
  private static func spaced(_ code: String) -> String {
    code.map(String.init).joined(separator: " ")
  }

  private static func limit(_ state: State) -> [String] {
    ["Room for \(NumberText.grouped(state.maxPlayers)) players."]
      + (state.startWhen.map { ["Starts by itself when \(NumberText.grouped($0)) are in."] } ?? [])
  }

  /// Columns a text takes, erring wide: CJK and most emoji take two.
  private static func columns(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? 2 : 1) }
  }

  public var commands: CommandTable { CommandTable() }
}
