import FeedbackScreen
import GameScreen
import LobbyScreen
import PodiumScreen
import RevealScreen
import ScreenKit
import StandingsScreen
import Testing
import WaitingRoomScreen

/// The screens of a trivia night, and what the game's question and verdict screens show in one.
@Suite("Night screens")
struct NightScreenTests {
  let answers = ["Ag", "Au", "Gd", "Go"]

  @Test func lobbyShowsTheCodeWhereToJoinAndWhoIsIn() {
    var state = LobbyScreen.State(
      title: "Friday night", code: "K7QXPM",
      joinLines: ["Join: http://192.168.1.5:7777/K7QXPM", "Listening on every interface"], maxPlayers: 100)
    let screen = LobbyScreen { state }
    var text = screen.render().map(\.text)
    #expect(text.contains("  Code  K 7 Q X P M"))
    #expect(text.contains("  Join: http://192.168.1.5:7777/K7QXPM"))
    #expect(text.contains("  Listening on every interface"))
    #expect(text.contains("No players yet · room for 100."))
    #expect(text.contains { $0.hasPrefix("Type start when everyone is in") })
    // Players arrive while the lobby shows: the next draw has them, in the order they came.
    state.players = ["Ann", "Bob", "Cy"]
    state.startWhen = 4
    text = screen.render().map(\.text)
    #expect(text.suffix(2) == ["3 players in · room for 100.", "  Ann      Bob      Cy"])
    #expect(text.contains("Starts by itself when 4 are in."))
    #expect(screen.prompt == "lobby · 3 players in")
    // A big night names its newest players only, and says how many more are in.
    state.count = 1_204
    #expect(
      screen.render().map(\.text).suffix(2) == [
        "1,204 players in · room for 100.", "  Ann          Bob          Cy           +1,201 more",
      ])
    #expect(screen.prompt == "lobby · 1,204 players in")
    // What start plays is said, in the landing's words.
    state.plays = .init(questions: 10, seconds: 20, difficulty: "Hard", category: "Film & TV", source: "bundled")
    text = screen.render().map(\.text)
    for setting in ["Questions   10", "Difficulty  Hard", "Category    Film & TV", "Time        20 s a question"] {
      #expect(text.contains("  " + setting))
    }
    #expect(text.contains { $0.hasPrefix("Type start to play them,") })
    // start, kick and end are the app's commands.
    #expect(screen.commands.commands.isEmpty)
    #expect(screen.commands.run("start") == .unknown)
  }

  /// A code of 29 modules, more than libqrencode needs for any IPv4 join URL (25 at level L);
  /// any pattern will do.
  static let qr = QRBlocks(
    rows: (0..<29).map { row in String((0..<29).map { ($0 * 7 + row * 3) % 5 < 2 ? "1" : "0" }) })
  static let longestURL = "Join: http://255.255.255.255:65535/K7QXPM"
  static let longestScreen = "http://255.255.255.255:65535/K7QXPM/screen#K7TQ4M9ACDEF"

  func lobby(terminal: TerminalSize?, qr: QRBlocks? = Self.qr) -> [String] {
    let state = LobbyScreen.State(
      title: "Friday night", code: "K7QXPM", joinLines: [Self.longestURL, "Listening on every interface."],
      screen: Self.longestScreen, players: ["Ann", "Bob"], maxPlayers: 100, startWhen: 4, qr: qr, terminal: terminal)
    return LobbyScreen(state: state).render().map(\.text)
  }

  static func hasBlocks(_ line: String) -> Bool { line.contains { "█▀▄".contains($0) } }

  @Test func theCodeFitsEightyByTwentyFourWithTheAddressBesideIt() throws {
    let qr = try #require(Self.qr)
    let text = lobby(terminal: TerminalSize(columns: 80, rows: 24))
    let drawn = text.filter(Self.hasBlocks)
    #expect(drawn.map { String($0.prefix(qr.width)) } == qr.lines)
    // The address on a line of the code, for those who type; the prompt still fits under it all.
    #expect(drawn.contains { $0.hasSuffix("  " + Self.longestURL) })
    #expect(text.allSatisfy { $0.count <= 80 })
    #expect(text.count + 1 <= 24)
    #expect(text.suffix(2) == ["2 players in · room for 100.", "  Ann      Bob"])
    #expect(text.contains { $0.hasSuffix("Starts by itself when 4 are in.") })
    // The big screen's address, too long to go beside the code, goes under it, whole.
    #expect(text.contains("Screen: " + Self.longestScreen))
  }

  @Test func aNarrowTerminalHasTheAddressUnderTheCode() throws {
    let qr = try #require(Self.qr)
    let text = lobby(terminal: TerminalSize(columns: 50, rows: 40))
    #expect(text.filter(Self.hasBlocks) == qr.lines)
    let end = try #require(text.lastIndex(where: Self.hasBlocks))
    #expect(text[end...].contains("  " + Self.longestURL))
  }

  @Test(arguments: [TerminalSize(columns: 80, rows: 20), TerminalSize(columns: 36, rows: 60)])
  func aTerminalTooSmallForTheCodeSaysSoAndShowsTheAddress(terminal: TerminalSize) {
    let text = lobby(terminal: terminal)
    #expect(!text.contains(where: Self.hasBlocks))
    #expect(text.contains("  The terminal is too small for the QR code: type the address."))
    #expect(text.contains("  " + Self.longestURL))
  }

  @Test func withoutACodeTheLobbyIsAsItWas() {
    let text = lobby(terminal: TerminalSize(columns: 80, rows: 24), qr: nil)
    #expect(!text.contains(where: Self.hasBlocks))
    #expect(!text.contains { $0.contains("too small") })
    #expect(text.contains("  " + Self.longestURL))
  }

  @Test func theListOfPlayersWrapsUnderTheNames() {
    let line = PlayerList.line(["Ann"], after: "Waiting. ")
    #expect(line.text == "Waiting. 1 player in: Ann")
    #expect(line.hangingIndent == "Waiting. 1 player in: ".count)
  }

  @Test func waitingRoomSaysWhoIsInAndThatTheHostStarts() {
    var state = WaitingRoomScreen.State(
      title: "Friday night", you: "Bob", players: ["Ann", "Bob"], host: "http://192.168.1.5:7777/K7QXPM")
    let screen = WaitingRoomScreen { state }
    #expect(screen.render().map(\.text).contains("Waiting for the host to start. 2 players in: Ann, Bob"))
    #expect(screen.render().map(\.text).contains("You are in as Bob, at http://192.168.1.5:7777/K7QXPM."))
    state.players.append("Cy")
    #expect(screen.render().map(\.text).contains("Waiting for the host to start. 3 players in: Ann, Bob, Cy"))
    #expect(screen.prompt == "waiting · 3 players in")
    #expect(screen.commands.commands.isEmpty)
  }

  @Test func revealDrawsABarPerAnswerAndMarksTheRightOne() {
    let screen = RevealScreen(
      state: .init(
        number: 3, total: 10, question: "Symbol for gold?", choices: answers, counts: [3, 60, 0, 1], correct: 1,
        fastest: .init(name: "Ann", seconds: 2.36), answered: 64, players: 70))
    let lines = screen.render()
    let text = lines.map(\.text)
    let bars = text.filter { $0.contains(") ") }
    #expect(bars.count == 4)
    // The most chosen answer has the whole bar; the others theirs to scale; one chosen once
    // still has a cell; none chosen none.
    #expect(bars.map { $0.filter { $0 == "█" }.count } == [2, 30, 0, 1])
    #expect(bars[1] == "✓ 2) Au  " + String(repeating: "█", count: 30) + "  60")
    #expect(bars[2] == "  3) Gd  " + String(repeating: " ", count: 30) + "   0")
    #expect(lines.first { $0.text.hasPrefix("✓") }?.spans.map(\.style) == [.success])
    #expect(text.filter { $0.hasPrefix("✓") }.count == 1)
    #expect(text.contains("64 of 70 answered."))
    #expect(text.contains("Fastest right answer: Ann, 2.4 s"))
    #expect(screen.prompt == "reveal 3/10")
    #expect(screen.commands.commands.isEmpty)
  }

  @Test func revealLabelsAsTheQuestionDidAndSaysWhenNobodyWasRight() {
    // Numbers as answers are labelled by letter, as the question screen labels them.
    let screen = RevealScreen(
      state: .init(
        number: 1, total: 5, question: "Lines of a staff?", choices: ["4", "5", "6"], counts: [2, 0, 1], correct: 1,
        answered: 3, players: 3))
    let text = screen.render().map(\.text)
    #expect(text.contains { $0.hasPrefix("✓ b) 5 ") && $0.hasSuffix(" 0") })
    #expect(text.contains { $0.hasPrefix("  a) 4 ") })
    #expect(text.contains("Nobody got it right."))
    #expect(!text.contains { $0.hasPrefix("Fastest") })
  }

  static let rows = [
    StandingRow(place: 1, name: "Ann", score: 2460, moved: 2),
    StandingRow(place: 2, name: "Bob", score: 1900, moved: -1, isYou: true),
    StandingRow(place: 10, name: "Zed", score: 0, hasLeft: true),
  ]

  @Test func standingsAlignTheirColumnsAndSayWhoMoved() {
    let screen = StandingsScreen(state: .init(heading: "Standings after question 3 of 10", rows: Self.rows))
    let lines = screen.render()
    #expect(
      lines.map(\.text) == [
        "",
        "Standings after question 3 of 10",
        "   1  Ann         2,460  ↑2",
        "   2  Bob         1,900  ↓1",
        "  10  Zed (left)      0  –",
      ])
    // The player's own row stands out in style only, so every player's table reads the same.
    #expect(lines[3].spans.map(\.style) == [.emphasis])
    #expect(lines[2].spans.map(\.style) == [.plain])
    #expect(screen.prompt == "standings")
    #expect(screen.commands.commands.isEmpty)
  }

  @Test func standingsShowThePlayersOwnRowBelowTheTop() {
    let you = StandingRow(place: 14, name: "Me", score: 120, moved: 1, isYou: true)
    let screen = StandingsScreen(state: .init(heading: "Standings", rows: Self.rows, you: you))
    let lines = screen.render()
    #expect(lines.suffix(2).map(\.text) == ["  …", "  14  Me            120  ↑1"])
    #expect(lines.last?.spans.map(\.style) == [.emphasis])
  }

  @Test func podiumShowsTheFirstThreeThenEveryoneAndGoesBackOnDone() throws {
    let screen = PodiumScreen(
      state: .init(
        title: "Friday night", podium: Array(Self.rows.prefix(3)), rows: Self.rows,
        reason: "The host ended the night."))
    var done = 0
    screen.onDone = { done += 1 }
    let text = screen.render().map(\.text)
    #expect(text.contains("The host ended the night."))
    let podium = try #require(text.firstIndex { $0.contains("1st") })
    #expect(Array(text[podium...].prefix(2)) == ["  1st   Ann  2,460 points", "  2nd   Bob  1,900 points"])
    #expect(
      Array(text.suffix(4)) == [
        "   1  Ann         2,460",
        "   2  Bob         1,900",
        "  10  Zed (left)      0",
        "Type done to leave the night.",
      ])
    #expect(screen.prompt == "final")
    #expect(screen.commands.run("done") == .done)
    #expect(done == 1)
    let finished = PodiumScreen(state: .init(title: "Friday night", podium: [], rows: []))
    #expect(!finished.render().contains { $0.text.contains("ended") })
  }

  @Test func numbersAreSaidAsASentenceSaysThem() {
    #expect(
      [0, 999, 1000, 2460, 1_234_567, -4500].map(NumberText.grouped) == [
        "0", "999", "1,000", "2,460", "1,234,567", "-4,500",
      ])
    #expect(
      [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 1003].map(NumberText.ordinal) == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th", "112th",
        "1,003rd",
      ])
    #expect(NumberText.counted(1, "file") == "1 file")
    #expect(NumberText.counted(47175, "question") == "47,175 questions")
    #expect(NumberText.counted(0, "question") == "0 questions")
  }

  func question(note: String? = nil, chosen: Int? = nil, answerable: Bool = true) -> GameScreen.State {
    .init(
      number: 3, total: 10, category: "Science", difficulty: "Easy", question: "Symbol for gold?", answers: answers,
      secondsLeft: 12, note: note, chosen: chosen, answerable: answerable)
  }

  @Test func aQuestionShowsItsNoteUnderTheAnswers() {
    let plain = GameScreen(state: question()).render().map(\.text)
    let noted = GameScreen(state: question(note: "Answers in: 7 of 12")).render()
    #expect(noted.map(\.text) == plain + ["Answers in: 7 of 12"])
    #expect(noted.last?.spans.map(\.style) == [.dim])
  }

  @Test func aChosenAnswerIsMarkedAndNoOtherIsTaken() {
    let screen = GameScreen(state: question(chosen: 1))
    var answered: [Int] = []
    screen.onAnswer = { answered.append($0) }
    let lines = screen.render()
    #expect(lines.map(\.text).contains("› 2) Au"))
    #expect(lines.first { $0.text == "› 2) Au" }?.spans.map(\.style) == [.emphasis])
    #expect(lines.map(\.text).contains("  1) Ag"))
    for input in ["1", "Au", "nonsense"] {
      #expect(screen.commands.run(input) == .rejected("Your answer is in."), "\(input)")
    }
    #expect(screen.commands.run("") == .unknown)
    #expect(answered.isEmpty)
    #expect(screen.prompt == "question 3/10 · 12s")
  }

  @Test func aQuestionNobodyAnswersHereTakesNoInputAsAnAnswer() {
    let screen = GameScreen(state: question(note: "Answers in: 7 of 12", answerable: false))
    var answered: [Int] = []
    screen.onAnswer = { answered.append($0) }
    for input in ["1", "b", "Au"] { #expect(screen.commands.run(input) == .unknown, "\(input)") }
    #expect(answered.isEmpty)
    #expect(screen.commands.help.isEmpty)
    #expect(screen.commands.completions(for: "A").isEmpty)
    #expect(screen.render().map(\.text).contains("  2) Au"))
    // The count changes while it shows: the prompt, drawn at each event, carries it.
    #expect(screen.prompt == "question 3/10 · 12s · Answers in: 7 of 12")
  }

  @Test func aVerdictInANightSaysPointsAndPlaceAndWaitsForTheHost() {
    let screen = FeedbackScreen(
      state: .init(
        isCorrect: true, correctAnswer: "Au", score: 3, answered: 3, isLast: false,
        standing: .init(points: 820, total: 2460, place: 3, of: 12), waitsForHost: true))
    var continued = 0
    screen.onContinue = { continued += 1 }
    #expect(
      screen.render().map(\.text) == ["Correct!", "+820 points · 2,460 in all · 3rd of 12", "Waiting for the host…"])
    // The host moves everyone on: nothing here goes on by itself.
    #expect(screen.commands.run("") == .unknown)
    #expect(screen.commands.run("continue") == .unknown)
    #expect(continued == 0)
    #expect(screen.prompt == "waiting")
  }

  /// Players taking turns at one terminal go on themselves: the way on names whose turn is next.
  @Test func aVerdictSaysItsStandingAndTheWayOnWhenItDoesNotWait() {
    let screen = FeedbackScreen(
      state: .init(
        isCorrect: false, correctAnswer: "Au", score: 2, answered: 3, isLast: false,
        standing: .init(points: 0, total: 1640, place: 11, of: 12), nextPlayer: "Zoë"))
    #expect(
      screen.render().map(\.text) == [
        "Incorrect — the answer was Au", "+0 points · 1,640 in all · 11th of 12",
        "Press Enter or type continue for Zoë's turn.",
      ])
    #expect(screen.commands.run("continue") == .done)
    let last = FeedbackScreen(
      state: .init(
        isCorrect: true, correctAnswer: "Au", score: 3, answered: 4, isLast: true,
        standing: .init(points: 1000, total: 2640, place: 1, of: 2)))
    #expect(last.render().last?.text == "Press Enter or type continue to see the standings.")
  }

  @Test func aVerdictOutsideANightReadsAsItAlwaysHas() {
    let screen = FeedbackScreen(
      state: .init(isCorrect: false, correctAnswer: "Au", score: 2, answered: 3, isLast: false, run: 0))
    #expect(
      screen.render().map(\.text) == [
        "Incorrect — the answer was Au",
        "Score so far: 2 of 3. Press Enter or type continue for the next question.",
      ])
    #expect(screen.prompt == "continue")
    let waiting = FeedbackScreen(
      state: .init(isCorrect: true, correctAnswer: "Au", score: 3, answered: 3, isLast: false, waitsForHost: true))
    #expect(waiting.render().map(\.text).last == "Score so far: 3 of 3. Waiting for the host…")
  }
}
