import Foundation
import Testing
import TriviaApp
import TriviaData
import TriviaHistory

/// Players taking turns at one terminal: who they may be, whose turn each question is, how
/// they score (as a night does), the standings, and a round of turns saved and resumed.
@MainActor
@Suite("Turns at one terminal")
struct TurnsTests {
  @Test func playersAreTwoToSixNamesByANightsRules() throws {
    #expect(try GameOptions.players(" Ann ,Bob").get() == ["Ann", "Bob"])
    #expect(try GameOptions.players(["Zoë", "Ann", "Bob", "Cy", "Di", "Ed"]).get().count == 6)
    let refused = [
      "Ann": "Players are 2 to 6 different names with commas between, as in Ann, Bob; 1 will not do.",
      "A,B,C,D,E,F,G": "Players are 2 to 6 different names with commas between, as in Ann, Bob; 7 will not do.",
      "Zoë, ZOE": "The name ZOE is taken: it looks like Zoë.",
      "Ann,,Bob": "A name needs at least one character that shows.",
      "Ann, Bo\u{1B}[2J": "A name cannot hold control characters.",
      "Ann, \(String(repeating: "x", count: 21))": "A name has at most 20 characters.",
    ]
    for (text, sentence) in refused {
      #expect(GameOptions.players(text) == .failure(PlayersProblem(sentence)), "\(text)")
    }
  }

  @Test func anOptionsFileKeepsItsPlayersAndRefusesPlayersThatWillNotDo() throws {
    let without = #"{"questionCount":5,"difficulty":"easy"}"#
    #expect(try GameOptions.decode(Array(without.utf8)).get().players == nil)
    let with = #"{"questionCount":5,"difficulty":"easy","players":["Ann","Bob"]}"#
    #expect(try GameOptions.decode(Array(with.utf8)).get().players == ["Ann", "Bob"])
    for players in [#"["Ann"]"#, #"["Ann","ann"]"#, #"[" Ann","Bob"]"#, "[]", #""Ann,Bob""#] {
      let file = #"{"questionCount":5,"difficulty":"easy","players":"# + players + "}"
      guard case .failure = GameOptions.decode(Array(file.utf8)) else {
        Issue.record("players \(players) were taken")
        continue
      }
    }
  }

  func round(players: [String], timeLimit: Int? = nil, count: Int = 4) -> Round {
    var generator = SeededGenerator(seed: 3)
    let dealt = Round.deal(
      from: QuestionList(sampleQuestions(10)), count: count, difficulty: .mixed, generator: &generator)
    return Round(items: dealt.items, timeLimit: timeLimit, players: players)
  }

  /// Answers the current question, right or wrong, `milliseconds` after it appeared.
  func answer(_ round: inout Round, right: Bool, after milliseconds: Int = 0) throws {
    let item = try #require(round.current)
    _ = round.answer(
      right ? item.correctIndex : (item.correctIndex + 1) % item.answers.count, milliseconds: milliseconds)
  }

  @Test func eachQuestionIsTheNextPlayersAndAnUntimedRightAnswerScores1000() throws {
    var round = round(players: ["Ann", "Bob", "Cy"])
    var turns: [String] = []
    for right in [true, false, true, true] {
      turns.append(try #require(round.turn?.name))
      try answer(&round, right: right, after: 4_000)
      #expect(round.lastPoints == (right ? 1000 : 0))
      round.advance()
    }
    #expect(turns == ["Ann", "Bob", "Cy", "Ann"])
    #expect(round.players.map(\.points) == [2000, 0, 1000])
    #expect(round.players.map(\.milliseconds) == [0, 0, 0], "without a clock, time does not count")
    #expect(round.standings.map { "\($0.place) \($0.player.name)" } == ["1 Ann", "2 Cy", "3 Bob"])
  }

  @Test func aTimedRightAnswerScoresByTheTimeLeftAndTimeBreaksATie() throws {
    var round = round(players: ["Ann", "Bob"], timeLimit: 10)
    try answer(&round, right: true, after: 5_000)
    #expect(round.lastPoints == 750)
    #expect(round.nextTurn?.name == "Bob")
    round.advance()
    try answer(&round, right: true, after: 5_000)
    round.advance()
    try answer(&round, right: false, after: 1_000)
    #expect(round.lastPoints == 0)
    round.advance()
    let ranOut = round.timeUp()
    #expect(ranOut)
    #expect(round.lastPoints == 0)
    // 750 each: Ann took 6 s, Bob 5 s and the whole 10 s of the question that ran out.
    #expect(round.players.map(\.points) == [750, 750])
    #expect(round.players.map(\.milliseconds) == [6_000, 15_000])
    #expect(round.standings.map(\.player.name) == ["Ann", "Bob"])
    round.advance()
    #expect(round.isOver)
    #expect(round.nextTurn == nil)

    var last = self.round(players: ["Ann", "Bob"], timeLimit: 10)
    try answer(&last, right: true, after: 10_000)
    #expect(last.lastPoints == 500, "right at the last moment")
  }

  @Test func aSavedRoundOfTurnsComesBackOnTheSameTurnAndOneThatDoesNotAddUpDoesNot() throws {
    var round = round(players: ["Ann", "Bob"], timeLimit: 20)
    try answer(&round, right: true, after: 2_000)
    round.advance()
    try answer(&round, right: false)
    let session = SavedSession(round: round, request: RoundRequest(count: 4, time: 20, players: ["Ann", "Bob"]))
    let bytes = Array(try JSONEncoder().encode(session))
    let read = try SavedSession.decode(bytes).get()
    #expect(read == session)
    #expect(read.round.turn?.name == "Bob")
    #expect(read.round.isAwaitingNext)

    let text = String(decoding: bytes, as: UTF8.self)
    let tampered = [
      text.replacingOccurrences(of: #""points":950"#, with: #""points":1950"#),
      text.replacingOccurrences(of: #""name":"Bob""#, with: #""name":"ann""#),
      text.replacingOccurrences(of: #""players":["Ann","Bob"]"#, with: #""players":["Ann","Cy"]"#),
    ]
    for text in tampered {
      #expect(text != String(decoding: bytes, as: UTF8.self), "the test changes what it means to")
      #expect(throws: (any Error).self) { try SavedSession.decode(Array(text.utf8)).get() }
    }
  }

  @Test func aRoundOfTurnsEndsOnTheStandingsAndKeepsWhoseEachAnswerWas() throws {
    let navigator = FakeRoundNavigator()
    let history = MemoryHistory()
    let flow = RoundFlow(
      seed: 42, store: MemorySessionStore(), history: history, navigator: navigator, console: RecordingConsole(),
      clock: GameClock(virtual: true))
    let request = RoundRequest(count: 3, players: ["Ann", "Bob"])
    #expect(flow.prepare(request))
    try flow.deal(request, from: QuestionList(sampleQuestions(10)), source: "fake", categories: nil)
    for right in [true, false, true] {
      let item = try #require(flow.round?.current)
      flow.answer(right ? item.correctIndex : (item.correctIndex + 1) % item.answers.count)
      flow.next()
    }
    #expect(history.answers.map(\.player) == ["Ann", "Bob", "Ann"])
    let result = try #require(navigator.results.last)
    #expect(result.standings.map { "\($0.player.name) \($0.player.points)" } == ["Ann 2000", "Bob 0"])
    #expect(result.message == ["Ann wins with 2,000 points."])
    #expect(result.newBest == nil)
  }

  @Test func aTieSaysWhyTheFirstIsPlacedFirst() throws {
    let navigator = FakeRoundNavigator()
    let flow = RoundFlow(
      seed: 42, store: MemorySessionStore(), history: MemoryHistory(), navigator: navigator,
      console: RecordingConsole(), clock: GameClock(virtual: true))
    let request = RoundRequest(count: 2, players: ["Ann", "Bob"])
    #expect(flow.prepare(request))
    try flow.deal(request, from: QuestionList(sampleQuestions(10)), source: "fake", categories: nil)
    for _ in 0..<2 {
      flow.answer(try #require(flow.round?.current).correctIndex)
      flow.next()
    }
    // Both right at once, untimed: the same points and time, so join order places Ann first.
    let result = try #require(navigator.results.last)
    #expect(result.message == ["Ann and Bob tie at 1,000 points; Ann played first."])
  }

  @Test func theOptionsTakePlayersAndSayWhyNot() throws {
    let store = MemoryOptionsStore()
    let flow = OptionsFlow(
      options: GameOptions(questionCount: 3, difficulty: .mixed), savedOptions: .standard, store: store,
      navigator: FakeOptionsNavigator(), console: RecordingConsole(), sourceName: { "bundled" })
    #expect(flow.setPlayers(["Ann", " Bob "]) == nil)
    #expect(flow.options.players == ["Ann", "Bob"])
    #expect(store.saved.last?.players == ["Ann", "Bob"])
    #expect(flow.setPlayers(["Ann", "ANN"]) == "The name ANN is taken: it looks like Ann.")
    #expect(flow.options.players == ["Ann", "Bob"])
    #expect(flow.setPlayers([]) == nil)
    #expect(flow.options.players == nil)
    #expect(store.saved.last?.players == nil)
  }
}
