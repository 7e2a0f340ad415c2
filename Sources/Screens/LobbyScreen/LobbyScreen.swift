import ScreenKit

/// The host's lobby: the night's code, where players join, what `start` will play, and who
/// is in. It reads its state each time it is drawn, since players arrive while it shows, and
/// on a terminal it is drawn in place: it is what a room reads a code from, so it must stay
/// whole however many join. Starting, sending a player away and ending are the app's
/// commands, not the lobby's.
public final class LobbyScreen: ReadingView<LobbyScreen.State>, TerminalView {
  public struct State: Equatable, Sendable {
    /// The night's name.
    public var title: String
    public var code: String
    /// Where players can join, and what the host listens on, shown as given.
    public var joinLines: [String]
    /// Where the big screen is, for a projector; nil: none.
    public var screen: String?
    /// In the order they joined (a big night's newest only).
    public var players: [String]
    /// How many are in; nil: as many as `players` names.
    public var count: Int?
    public var maxPlayers: Int
    /// The night starts by itself once this many players are in.
    public var startWhen: Int?
    /// What `start` will play; nil: not said.
    public var plays: Plays?
    /// Why joins are being refused, the last time they were; nil: none has been.
    public var refused: String?
    /// The first join line's address as a QR code, for phones; nil: none.
    public var qr: QRBlocks?
    /// The terminal the lobby must fit, code and all; nil: not a terminal, anything fits.
    public var terminal: TerminalSize?

    public init(
      title: String, code: String, joinLines: [String], screen: String? = nil, players: [String] = [],
      count: Int? = nil,
      maxPlayers: Int, startWhen: Int? = nil, plays: Plays? = nil, refused: String? = nil, qr: QRBlocks? = nil,
      terminal: TerminalSize? = nil
    ) {
      self.title = title
      self.code = code
      self.joinLines = joinLines
      self.screen = screen
      self.players = players
      self.count = count
      self.maxPlayers = maxPlayers
      self.startWhen = startWhen
      self.plays = plays
      self.refused = refused
      self.qr = qr
      self.terminal = terminal
    }
  }

  /// The night's questions, in the landing's words: a host's saved options are never applied
  /// unseen.
  public struct Plays: Equatable, Sendable {
    public var questions: Int
    public var seconds: Int
    public var difficulty: String
    public var category: String
    public var source: String

    public init(questions: Int, seconds: Int, difficulty: String, category: String, source: String) {
      self.questions = questions
      self.seconds = seconds
      self.difficulty = difficulty
      self.category = category
      self.source = source
    }
  }

  public var onBack: (() -> Void)?

  public var drawsInPlace: Bool { true }

  /// Who is in, as they join.
  public var prompt: String { "lobby · \(PlayerList.counted(Self.total(state))) in" }

  public func render() -> [Line] {
    let state = state
    let width = state.terminal?.columns ?? 80
    // Rows left for the players under the rest; the prompt takes the last.
    let rowsLeft = { (used: Int) in state.terminal.map { $0.rows - 1 - used } }
    guard let qr = state.qr else {
      let top = Self.listed(state, width: width)
      return top + Self.players(state, width: width, rows: rowsLeft(top.count))
    }
    let drawn = qr.lines.map { Line($0, style: .code) }
    let room = width - qr.width - 2
    // The big screen's address beside the code when it fits there, else under it: a long one
    // (a LAN's address and a port of five digits) must not push the code off 80 columns.
    let screenFits = state.screen.map { Self.columns(Self.screenLine($0)) <= room } ?? true
    let side = Self.side(state, room: room, withScreen: screenFits)
    var top: [Line]
    // Beside the code when every address fits there; under it when the terminal is narrow.
    if state.joinLines.contains(where: { Self.columns($0) > room }) {
      top = [""] + drawn + Self.listed(state, width: width)
    } else {
      let blank = Line(String(repeating: " ", count: qr.width))
      top =
        [""]
        + (0..<max(drawn.count, side.count)).map { row in
          let left = row < drawn.count ? drawn[row] : blank
          return row < side.count && !side[row].spans.isEmpty ? left + Line("  ") + side[row] : left
        }
      if !screenFits, let screen = state.screen { top.append(Line(Self.screenLine(screen))) }
    }
    // With the top of the code scrolled away, no phone reads it: the address is typed instead.
    if let terminal = state.terminal, qr.width > terminal.columns || top.count + 2 > terminal.rows {
      let listed = Self.listed(
        state, width: width, note: "The terminal is too small for the QR code: type the address.")
      return listed + Self.players(state, width: width, rows: rowsLeft(listed.count))
    }
    return top + Self.players(state, width: width, rows: rowsLeft(top.count))
  }

  /// The lobby one line under the other, as it is without a code.
  private static func listed(_ state: State, width: Int, note: String? = nil) -> [Line] {
    ["", Line(state.title, style: .title), Line("  Code  ", style: .dim) + Line(spaced(state.code), style: .title), ""]
      + state.joinLines.map { Line("  " + $0) }
      + (state.screen.map { [Line("  " + screenLine($0))] } ?? [])
      + (note.map { [Line("  " + $0, style: .dim)] } ?? [])
      + (state.plays.map { [""] + settings($0, room: width - 2).map { Line("  ") + $0 } } ?? [])
      + [
        "",
        Line(
          "Type start \(state.plays == nil ? "when everyone is in" : "to play them"), kick NAME to send a player "
            + "away, end to close the night.", style: .dim),
      ]
      + notes(state)
  }

  /// What goes beside the code, in lines short enough to fit there on 80 columns.
  private static func side(_ state: State, room: Int, withScreen: Bool) -> [Line] {
    [
      Line(cut(state.title, to: room), style: .title),
      Line("Code  ", style: .dim) + Line(spaced(state.code), style: .title), "",
    ]
      + state.joinLines.map { Line($0) }
      + (withScreen ? state.screen.map { [Line(screenLine($0))] } ?? [] : [])
      + (state.plays.map { [""] + settings($0, room: room) } ?? [])
      + [""]
      + [
        state.plays == nil ? "Type start when everyone is in," : "Type start to play them,",
        "kick NAME to send a player away,", "end to close the night.",
      ].map { Line($0, style: .dim) }
      + notes(state)
  }

  /// The night's questions, labelled as the landing labels a round's.
  private static func settings(_ plays: Plays, room: Int) -> [Line] {
    let rows: [(label: String, value: String)] = [
      ("Questions   ", "\(plays.questions)"), ("Difficulty  ", plays.difficulty), ("Category    ", plays.category),
      ("Time        ", "\(plays.seconds) s a question"), ("Source      ", plays.source),
    ]
    return rows.map { Line($0.label, style: .dim) + Line(cut($0.value, to: room - $0.label.count)) }
  }

  /// When the night starts by itself, and why joins were last refused.
  private static func notes(_ state: State) -> [Line] {
    (state.startWhen.map { [Line("Starts by itself when \(NumberText.grouped($0)) are in.", style: .dim)] } ?? [])
      + (state.refused.map { [Line($0, style: .failure)] } ?? [])
  }

  /// The count, then the names in columns, in the order they came, as many as `rows` hold
  /// (nil: all of them); the last place says how many more are in when not all fit.
  private static func players(_ state: State, width: Int, rows: Int?) -> [Line] {
    let total = total(state)
    let heading =
      (total == 0 ? "No players yet" : "\(PlayerList.counted(total)) in")
      + " · room for \(NumberText.grouped(state.maxPlayers))."
    guard total > 0, !state.players.isEmpty else { return [Line(heading, style: .emphasis)] }
    // Wide enough for every name and for what says how many more are in.
    let widest = max(state.players.map(columns).max() ?? 1, columns("+\(NumberText.grouped(total)) more"))
    let cell = min(widest, width - 4) + 2
    let across = max(1, (width - 2) / cell)
    let places = rows.map { max(0, $0 - 1) * across } ?? Int.max
    var names = state.players
    var more = total - names.count
    if names.count + (more > 0 ? 1 : 0) > places {
      let kept = max(0, places - 1)
      more += names.count - kept
      names = Array(names.suffix(kept))
    }
    let cells =
      names.map { cut($0, to: cell - 2) } + (more > 0 && places > 0 ? ["+\(NumberText.grouped(more)) more"] : [])
    let rowsOfNames = stride(from: 0, to: cells.count, by: across).map { start in
      Line(
        "  "
          + cells[start..<min(start + across, cells.count)].map {
            $0 + String(repeating: " ", count: max(0, cell - columns($0)))
          }
          .joined().trimmingSuffix())
    }
    return [Line(heading, style: .emphasis)] + rowsOfNames
  }

  private static func total(_ state: State) -> Int { max(state.count ?? state.players.count, state.players.count) }

  private static func screenLine(_ address: String) -> String { "Screen: " + address }

  /// Spaced, so the code reads aloud letter by letter across a room.
  private static func spaced(_ code: String) -> String {
    code.map(String.init).joined(separator: " ")
  }

  /// `text` in `room` columns, cut with an ellipsis when it does not fit.
  private static func cut(_ text: String, to room: Int) -> String {
    guard columns(text) > room else { return text }
    var kept = ""
    for character in text {
      guard columns(kept + String(character)) < room else { break }
      kept.append(character)
    }
    return kept + "…"
  }

  /// Columns a text takes, erring wide: CJK and most emoji take two.
  private static func columns(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? 2 : 1) }
  }

  public var commands: CommandTable { CommandTable() }
}

extension String {
  fileprivate func trimmingSuffix() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
