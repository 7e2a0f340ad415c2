import DifficultyScreen
import GameScreen
import ScreenKit
import Testing

/// Inputs the command fuzzer (Fuzz/CommandFuzz.swift) found, each kept as it was found.
@Suite("Command fuzzing regressions")
struct CommandFuzzRegressionTests {
  let answers = ["Ag", "Au", "Gd", "Go"]

  /// `Int.min` typed as an answer: `choiceIndex` computed `number - 1` before checking the
  /// range, and the subtraction trapped, ending the game.
  @Test(arguments: ["-9223372036854775808", " -9223372036854775808 ", "-9223372036854775808\u{3000}"])
  func theSmallestIntegerIsNoChoice(input: String) {
    #expect(choiceIndex(input, among: answers) == nil)
    #expect(choiceIndex(input, among: []) == nil)
  }

  @Test func numbersBeyondThePositionsAreNoChoice() {
    for input in ["0", "-1", "-9223372036854775807", "9223372036854775807", "99999999999999999999"] {
      #expect(choiceIndex(input, among: answers) == nil, "\(input)")
    }
  }

  @Test func theGameAndDifficultyScreensRejectTheSmallestInteger() {
    let game = GameScreen(
      state: .init(number: 1, total: 1, category: "C", difficulty: "Easy", question: "Q?", answers: answers))
    var chosen: [Int] = []
    game.onAnswer = { chosen.append($0) }
    guard case .rejected = game.commands.run("-9223372036854775808") else {
      Issue.record("the game screen accepted Int.min")
      return
    }
    #expect(chosen.isEmpty)

    let difficulty = DifficultyScreen(state: .init(choices: ["Mixed", "Easy", "Medium", "Hard"], selected: 0))
    guard case .rejected = difficulty.commands.run("-9223372036854775808") else {
      Issue.record("the difficulty screen accepted Int.min")
      return
    }
  }
}
