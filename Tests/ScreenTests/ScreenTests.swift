import CompleteScreen
import DifficultyScreen
import FeedbackScreen
import GameScreen
import LandingScreen
import NoDataScreen
import OptionsScreen
import ScreenKit
import Testing

/// Screens are views: they show their state and report events through closures.
@Suite("Screens")
struct ScreenTests {
  @Test func landingShowsTheNextRoundAndReportsEvents() {
    let screen = LandingScreen(state: .init(questionCount: 7, difficulty: "Hard", source: "bundled"))
    var events: [String] = []
    screen.onPlay = { events.append("play") }
    screen.onPlayMissed = { events.append("missed") }
    let text = screen.render().map(\.text)
    #expect(text.contains("  Questions:  7"))
    #expect(text.contains("  Difficulty: Hard"))
    for line in ["play", "play missed"] { #expect(screen.commands.run(line) == .done) }
    #expect(events == ["play", "missed"])
    // Commands offered on many screens (options, stats…) are the app's, not the screen's.
    #expect(screen.commands.commands.map(\.name) == ["play"])
    #expect(screen.prompt == "trivia")
  }

  @Test func gameShowsTheQuestionAndReportsTheAnswerIndex() {
    let screen = GameScreen(
      state: .init(
        number: 3, total: 10, category: "Science", difficulty: "Easy", question: "Symbol for gold?",
        answers: ["Ag", "Au", "Gd", "Go"]))
    var answers: [Int] = []
    screen.onAnswer = { answers.append($0) }
    let text = screen.render().map(\.text)
    #expect(text.contains("Question 3 of 10  Science · Easy"))
    #expect(text.contains("Symbol for gold?"))
    #expect(text.contains("  2) Au"))
    #expect(screen.prompt == "question 3/10")
    #expect(screen.commands.run("2") == .done)
    #expect(screen.commands.run("b") == .done)
    #expect(screen.commands.run("au") == .done)
    guard case .rejected(let reason) = screen.commands.run("Silver") else {
      Issue.record("a wrong word must be rejected")
      return
    }
    #expect(reason.contains("1-4, a-d"))
    #expect(screen.commands.run("") == .unknown, "an empty line is not an answer")
    #expect(answers == [1, 1, 1])
    #expect(screen.commands.completions(for: "A") == ["Ag", "Au"])
  }

  @Test func feedbackSaysRightOrWrongAndContinuesOnEnter() {
    let wrong = FeedbackScreen(
      state: .init(isCorrect: false, correctAnswer: "Au", score: 2, answered: 3, isLast: false))
    #expect(wrong.render().first?.text == "Incorrect — the answer was Au")
    let right = FeedbackScreen(state: .init(isCorrect: true, correctAnswer: "Au", score: 3, answered: 3, isLast: true))
    #expect(right.render().first?.text == "Correct!")
    #expect(right.render().last?.text.contains("to see your score") == true)
    var continued = 0
    right.onContinue = { continued += 1 }
    #expect(right.commands.run("") == .done)
    #expect(right.commands.run("continue") == .done)
    #expect(right.commands.run("nope") == .unknown)
    #expect(continued == 2)
  }

  @Test func completeShowsScoreAndMessage() {
    let screen = CompleteScreen(state: .init(score: 4, total: 5, message: ["Good job!"]))
    var done = false
    screen.onDone = { done = true }
    let text = screen.render().map(\.text)
    #expect(text.contains("Score: 4/5"))
    #expect(text.contains("Good job!"))
    #expect(screen.commands.run("done") == .done)
    #expect(done)
  }

  @Test func optionsChecksTheCountItReports() {
    let screen = OptionsScreen(state: .init(questionCount: 10, countRange: 1...50, difficulty: "Mixed"))
    var counts: [Int] = []
    screen.onCount = { counts.append($0) }
    #expect(screen.commands.run("count 5") == .done)
    for bad in ["count 0", "count 51", "count x"] {
      #expect(screen.commands.run(bad) == .rejected(rejection(bad)))
    }
    // count alone says what to type.
    #expect(screen.commands.run("count") == .rejected("Type count and a number from 1 to 50, as in count 5."))
    #expect(counts == [5])
    #expect(screen.render().map(\.text).contains { $0.hasPrefix("  Difficulty: Mixed") })

    func rejection(_ input: String) -> String {
      let argument = String(input.dropFirst("count".count)).trimmingWhitespace
      return "count takes a whole number from 1 to 50, not '\(argument)'."
    }
  }

  @Test func optionsHandOnThePlayersTypedAndSayWhatIsWrongWithThem() {
    var state = OptionsScreen.State(questionCount: 10, countRange: 1...50, difficulty: "Mixed")
    let screen = OptionsScreen { state }
    var given: [[String]] = []
    screen.onPlayers = { names in
      given.append(names)
      return names.count == 1 ? "One will not do." : nil
    }
    #expect(screen.commands.run("players Ann, Zoë") == .done)
    #expect(screen.commands.run("players OFF") == .done)
    #expect(screen.commands.run("players Ann") == .rejected("One will not do."))
    #expect(
      screen.commands.run("players")
        == .rejected(
          "Type players and 2 to 6 names with commas between, as in players Ann, Bob; players off for one player."))
    #expect(given == [["Ann", " Zoë"], [], ["Ann"]])
    // One player's screen says so and how to take turns (#37); players have theirs, each hint
    // in the column.
    #expect(screen.render().map(\.text).contains("  Players:    you alone type players NAMES"))
    state.players = ["Ann", "Zoë"]
    #expect(screen.render().map(\.text).contains("  Players:    Ann, Zoë  type players NAMES|off"))
  }

  @Test func aQuestionNamesWhoseTurnItIsAboveItAndInThePrompt() {
    let state = GameScreen.State(
      number: 3, total: 10, category: "Music", difficulty: "Hard", question: "Who?", answers: ["A", "B"],
      secondsLeft: 7, player: "Zoë")
    let screen = GameScreen(state: state)
    #expect(screen.prompt == "question 3/10 · Zoë · 7s")
    #expect(screen.render().map(\.text).prefix(3) == ["", "Zoë's turn", "Question 3 of 10  Music · Hard"])
    var alone = state
    alone.player = nil
    #expect(GameScreen(state: alone).prompt == "question 3/10 · 7s")
  }

  @Test func theEndOfARoundOfTurnsShowsTheStandingsInsteadOfTheScore() {
    let screen = CompleteScreen(
      state: .init(
        score: 3, total: 4, message: ["Zoë wins with 1,750 points."],
        standings: [.init(place: 1, name: "Zoë", score: 1750), .init(place: 2, name: "Bob", score: 900)]))
    #expect(
      screen.render().map(\.text) == [
        "", "Round complete", "  1  Zoë  1,750", "  2  Bob    900", "Zoë wins with 1,750 points.",
        "Type play for another round, or done to return to the start.",
      ])
  }

  @Test func optionsKeepTheirHintsInOneColumnWhateverTheSource() {
    for source in [
      "bundled", "../shared/data/opentriviaqa/", "https://opentdb.com/api.php?amount=10",
      "/home/someone/quizzes/from-the-club/autumn-night.json",
    ] {
      let screen = OptionsScreen(
        state: .init(questionCount: 10, countRange: 1...50, difficulty: "Medium", category: "History", source: source))
      let columns = Set(
        screen.render().map(\.text).compactMap { $0.range(of: "type ")?.lowerBound.utf16Offset(in: $0) })
      #expect(columns.count == 1, "\(source)")
      // A long value has its hint below it, so every line fits 80 columns.
      #expect(screen.render().allSatisfy { $0.text.count <= 80 }, "\(source)")
      #expect(screen.render().contains { $0.text == "  Source:     \(source)" } == (source.count > 36), "\(source)")
    }
  }

  @Test func difficultyChoosesByNameOrNumber() {
    let screen = DifficultyScreen(state: .init(choices: ["Mixed", "Easy", "Medium", "Hard"], selected: 0))
    var choices: [Int] = []
    screen.onChoice = { choices.append($0) }
    #expect(screen.commands.run("hard") == .done)
    #expect(screen.commands.run("2") == .done)
    guard case .rejected = screen.commands.run("extreme") else {
      Issue.record("an unknown level must be rejected")
      return
    }
    #expect(choices == [3, 1])
    #expect(screen.render().map(\.text).contains("  1) Mixed  (current)"))
  }

  @Test func noDataShowsTheReason() {
    let screen = NoDataScreen(state: .init(reason: "x.json, line 3: expected ','", details: ["more"]))
    var events: [String] = []
    screen.onRetry = { events.append("retry") }
    screen.onPlay = { events.append("play") }
    let text = screen.render().map(\.text)
    #expect(text.contains("x.json, line 3: expected ','"))
    #expect(screen.commands.run("retry") == .done)
    #expect(screen.commands.run("play") == .done)
    #expect(events == ["retry", "play"])
  }
}
