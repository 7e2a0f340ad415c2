/// Screens and messages as the game prints them headless, for comparing whole responses.
enum Expected {
  /// The landing screen, from the blank line that opens it to the line naming the commands.
  static func landing(
    questions: Int = 10, difficulty: String = "Mixed", category: String = "All", source: String = "bundled",
    canResume: Bool = false, unasked: String? = nil
  ) -> [String] {
    [
      "", "TRIVIA", "Test what you know, one question at a time.", "", "  Questions:  \(questions)",
      "  Difficulty: \(difficulty)", "  Category:   \(category)", "  Source:     \(source)",
    ] + (unasked.map { ["  Left:       \($0) questions not yet asked"] } ?? []) + [""]
      + (canResume ? [resumeOffer] : []) + ["Type play to start, options to change the game, help for all commands."]
  }

  /// The landing's line when a round from the last session can be resumed.
  static let resumeOffer = "A round you left is saved: type resume to go on with it, or play for a new one."

  /// What `quit` or the end of input says when it saves a round in progress.
  static let roundSaved = "Your round is saved: type resume next time to go on with it."

  /// What answering no to the abandon question says before showing the screen again.
  static let stayingHere = "Staying here."

  static let roundAbandoned = "Round abandoned."

  static let alreadyPlaying = "You are already playing that round."

  /// The no-data screen for `reason`.
  static func noData(reason: String, details: [String] = []) -> [String] {
    ["", "No questions to play", reason] + details.map { "  " + $0 } + [
      "Type retry to try again, category or source to play others, options, or back."
    ]
  }

  /// The difficulty popover with `current` marked.
  static func difficulty(current: String = "Mixed") -> [String] {
    ["Difficulty"]
      + ["Mixed", "Easy", "Medium", "Hard"].enumerated().map { index, level in
        "  \(index + 1)) \(level)" + (level == current ? "  (current)" : "")
      } + ["Type a level by name or number, or back to keep it."]
  }

  /// The report after loading the bundled questions.
  static let bundledLoaded = ["Loading questions from bundled…", "Loaded 1,536 questions from bundled (0 skipped)."]
}
