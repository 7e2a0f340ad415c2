import NavigatorKit
import ScreenKit
import Testing
import TriviaApp
import TriviaData
import TriviaTerminal

/// Thousands of random command sequences through the real navigator, AppNavigator and
/// coordinator, with invariants checked after every step.
@MainActor
@Suite("Random sessions")
struct RandomSessionTests {
  static let links = [
    "trivia://landing", "trivia://options", "trivia://difficulty", "trivia://play",
    "trivia://play?difficulty=hard&count=3", "trivia://play?category=Test", "trivia://source?spec=bundled",
    "trivia://nowhere", "trivia://play?count=0",
  ]
  static let noise = ["", "   ", "help", "where", "back", "xyzzy", "count 0", "count 7", "9", "z", "é", "continue"]

  @Test func invariantsHoldOverRandomSessions() async throws {
    var generator = SeededGenerator(seed: 2024)
    var steps = 0
    var seen = Set<String>()
    for _ in 0..<250 {
      var questions = sampleQuestions(12, difficulty: .easy) + sampleQuestions(12, difficulty: .hard)
      questions.shuffle(using: &generator)
      let app = TestApp(
        source: FakeSource(result: .success(QuestionBank(questions: questions))), seed: generator.next(),
        makeSource: { _ in FakeSource(result: .success(QuestionBank(questions: sampleQuestions(5)))) })
      let (navigator, coordinator) = (app.navigator, app.coordinator)
      var answers = generator.next()
      navigator.confirm = { _ in
        answers = answers >> 1 | answers << 63
        return answers & 1 == 1
      }
      coordinator.start()
      for _ in 0..<60 where !coordinator.isFinished {
        let line = randomLine(input: app.input, generator: &generator)
        await app.type(line)
        try checkInvariants(app, after: line)
        steps += 1
        if let current = navigator.activeState.activeName { seen.insert(current) }
      }
    }
    #expect(steps > 10_000)
    // The walk reaches every screen, so the invariants were checked everywhere.
    #expect(seen == ["landing", "game", "feedback", "complete", "options", "difficulty", "no-data", "about"])
  }

  func randomLine(input: CommandInput, generator: inout SeededGenerator) -> String {
    switch generator.below(10) {
    case 0: return "open " + Self.links[generator.below(Self.links.count)]
    case 1: return Self.noise[generator.below(Self.noise.count)]
    case 2: return generator.below(20) == 0 ? "quit" : "play"
    default:
      let words = input.commands.words.filter { $0 != "quit" }
      return words.isEmpty ? "help" : words[generator.below(words.count)]
    }
  }

  func checkInvariants(_ app: TestApp, after line: String) throws {
    let (navigator, coordinator) = (app.navigator, app.coordinator)
    let context = Comment(rawValue: "after '\(line)': \(navigator.tree)")
    try #require(!navigator.stack.isEmpty, context)
    #expect(navigator.stack.first == "landing", context)
    #expect(navigator.state.entries.first?.presentation == .root, context)
    // A popover sits on a screen that has its anchor, in the root navigator or in a flow.
    var levels = [navigator.state]
    if let flow = navigator.subNavigators.last { levels.append(flow.state) }
    for state in levels {
      for (index, entry) in state.entries.enumerated() {
        guard case .popover(let anchor) = entry.presentation else { continue }
        #expect(index > 0, context)
        if index > 0 { #expect(state.entries[index - 1].anchors.contains(anchor), context) }
      }
    }
    #expect(navigator.subNavigators.count <= 1, context)
    if let round = coordinator.round {
      #expect(round.score <= round.answered, context)
      #expect(round.answered <= round.total, context)
      #expect(round.isConsistent, context)
    }
    #expect(app.input.commands.command(named: "help") != nil, context)
    #expect(navigator.activeState.activeName != nil, context)
    // A round is in play exactly while its game is open.
    #expect((coordinator.round != nil) == navigator.stack.contains("game"), context)
  }
}
