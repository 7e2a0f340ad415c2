import Foundation
import ProcessSpawn
import Testing

/// Small things a new player meets, each as it was found: the command line, a category that
/// does not exist, the score screen, `play missed` on a new history, Tab.
@Suite("Rough edges")
struct RoughEdgesTests {
  @Test(
    "A negative number on the command line gets its range, as --count=-1 does",
    arguments: [
      (["--count", "-1"], "Error: --count must be from 1 to 50, not -1."),
      (["--count=-1"], "Error: --count must be from 1 to 50, not -1."),
      (["--time", "-3"], "Error: --time must be 0 (off) or 5 to 120 seconds, not -3."),
      (["--seed", "-1"], "Error: --seed must be a whole number from 0 to 18446744073709551615, not -1."),
    ])
  func rangeMessages(arguments: [String], message: String) async throws {
    let result = try await Sandbox().run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(message + "\n"))
  }

  @Test("--difficulty takes HARD as the game takes hard, and --help lists the levels once")
  func difficultyFlag() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(["--difficulty", "HARD", "--no-history"], input: "quit\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("  Difficulty: Hard"))
    let help = try await sandbox.run(["--help"])
    #expect(help.stdout.components(separatedBy: "medium").count == 2)
    #expect(help.stdout.contains("same history (or with --no-history)"))
  }

  @Test("--category with a category the source lacks exits 64 and lists the ones it has")
  func unknownCategoryFlag() async throws {
    let result = try await Sandbox().run(["--category", "Nope"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: --category: no category 'Nope' in bundled; its categories: Animals & Nature, Art,"))
    #expect(result.stdout.isEmpty)
  }

  @Test("A link to a category the source lacks is refused to its sender with the list, and nothing moves")
  func unknownCategoryLink() throws {
    let sandbox = try Sandbox()
    let terminal = try LinkTests.game(sandbox)
    let reply = try LinkTests.send("trivia://play?category=Nope", sandbox).value
    #expect(reply.status == 1)
    #expect(reply.stdout.hasPrefix("refused: no category 'Nope' in bundled; its categories: Animals & Nature, Art,"))
    try terminal.expect("No category 'Nope' in bundled. Its categories:")
    try InteractiveTests.awaitPrompt(terminal, "trivia")
    try InteractiveTests.leave(terminal)
  }

  @Test("open with an unknown category, on the landing, lists the categories and stays")
  func unknownCategoryOpen() async throws {
    let sandbox = try Sandbox()
    let (result, events) = try await sandbox.runTraced(
      ["--no-history"], input: "open trivia://play?category=Nope\nwhere\n")
    #expect(result.status == 0)
    // After the questions load (the first play loads them).
    let response = try #require(result.transcript.response(to: "open trivia://play?category=Nope"))
    let refused = response.drop { !$0.hasPrefix("No category") }
    #expect(refused.first == "No category 'Nope' in bundled. Its categories:")
    #expect(refused.count == 17)
    #expect(refused.dropFirst().allSatisfy { $0.hasPrefix("  ") && $0.hasSuffix(")") })
    #expect(events == [TraceEvent("root", "landing", ["landing"])])
  }

  @Test("The no-data screen takes category NAME, and then plays")
  func categoryOnNoData() async throws {
    let sandbox = try Sandbox()
    let questions =
      [QuestionFixtures.question("Art question?", category: "Art", difficulty: "hard")]
      + (1...2).map { QuestionFixtures.question("Music question \($0)?", category: "Music") }
    let source = try sandbox.write("two.json", QuestionFixtures.file(questions))
    let result = try await sandbox.run(
      ["--source", source, "--seed", "1", "--count", "1", "--no-history", "--difficulty", "easy"],
      input: "open trivia://play?category=Art\ncategory Music\nplay\n")
    #expect(result.status == 0)
    // The category is the reason: what it has, and which categories have the level.
    let noData = try #require(result.transcript.response(to: "open trivia://play?category=Art"))
    #expect(noData.contains("  Art has 1 hard."))
    #expect(noData.contains("  Categories with easy questions: Music (2)."))
    #expect(result.transcript.response(to: "category Music")?.first == "Category: Music.")
    #expect(result.transcript.questions.first?.category == "Music")
  }

  @Test("play on the score screen starts the next round; without history it offers no stats or review")
  func scoreScreen() async throws {
    let sandbox = try Sandbox()
    let source = try sandbox.write("four.json", QuestionFixtures.easy(4))
    let result = try await sandbox.run(
      ["--source", source, "--seed", "1", "--count", "1", "--no-history"], input: "play\nright\n\nhelp\nplay\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(result.stdout.contains("Type play for another round, or done to return to the start."))
    let help = try #require(transcript.response(to: "help"))
    #expect(help.contains { $0.hasPrefix("  play") })
    #expect(!help.contains { $0.hasPrefix("  stats") || $0.hasPrefix("  review") })
    #expect(transcript.prompts.suffix(2) == ["round over", "question 1/1"])
    #expect(transcript.questions.count == 2)

    let kept = try await sandbox.run(
      ["--source", source, "--seed", "1", "--count", "1"], input: "play\nright\n\nhelp\n")
    #expect(kept.transcript.response(to: "help")?.contains { $0.hasPrefix("  stats") } == true)
  }

  @Test("play missed on a history with no answer says nothing was missed yet")
  func playMissedOnANewHistory() async throws {
    let result = try await Sandbox().run([], input: "play missed\n")
    #expect(result.status == 0)
    #expect(result.stdout.contains("Nothing missed yet: you have not answered a question yet."))
    #expect(!result.stdout.contains("since answered right"))
  }

  @Test("stats with a category the source lacks says there is no such category, and lists them")
  func statsUnknownCategory() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run(["--seed", "2", "--count", "1"], input: "play\n1\n\ndone\n")
    let result = try await sandbox.run(["--seed", "2"], input: "stats Nope\n")
    #expect(result.status == 0)
    #expect(
      result.transcript.response(to: "stats Nope")?.first?.hasPrefix(
        "There is no category 'Nope' in bundled; its categories: Animals & Nature, ") == true)
    // Nor a player: a name may be meant as either (#27).
    #expect(
      result.transcript.response(to: "stats Nope")?.joined(separator: " ").contains(
        "There is no player 'Nope' either; no one has taken turns yet.") == true)
  }

  @Test(
    "Switching to a source without levels while a level is set plays Mixed, said once; choosing a level there warns")
  func sourceWithoutLevels() async throws {
    let sandbox = try Sandbox()
    // Three OpenTriviaQA questions (a format that grades none), written here.
    let file = try sandbox.write(
      "ungraded.txt",
      (1...3).map { "#Q Ungraded question \($0)?\n^ Right\nA Right\nB Wrong\nC Way off\nD Not even close\n" }
        .joined(separator: "\n"))
    let result = try await sandbox.run(
      ["--difficulty", "hard", "--no-history", "--seed", "1"],
      input: "source \(file)\noptions\ndifficulty\neasy\ndone\nplay\n")
    #expect(result.status == 0)
    let switched = try #require(result.transcript.response(to: "source \(file)"))
    #expect(
      switched.filter { $0.contains("does not grade its questions") } == [
        "\(file) does not grade its questions by difficulty; playing Mixed."
      ])
    #expect(switched.contains("  Difficulty: Mixed"))
    #expect(
      result.transcript.response(to: "easy")?.contains(
        "\(file) grades no question by difficulty: Easy will find none.") == true)
  }

  @Test("A link that plays a category shows that category on the landing it passes, not the old one")
  func linkCategoryOnTheWay() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      ["--no-history", "--seed", "1"], input: "options\nopen trivia://play?category=History&count=3\n")
    #expect(result.status == 0)
    let arrival = try #require(result.transcript.response(to: "open trivia://play?category=History&count=3"))
    #expect(arrival.contains("  Category:   History"))
    #expect(!arrival.contains("  Category:   All"))
    #expect(arrival.contains("  Questions:  3"))
  }

  @Test("When every question of the source has been asked, the landing says so and what comes next")
  func everyQuestionAsked() async throws {
    let sandbox = try Sandbox()
    let source = try sandbox.write("two.json", QuestionFixtures.easy(2))
    let result = try await sandbox.run(
      ["--source", source, "--seed", "1", "--count", "2"], input: "play\nright\n\nright\n\ndone\n")
    #expect(result.status == 0)
    #expect(
      result.transcript.response(to: "done")?.contains(
        "  Left:       none of 2: all asked; those asked longest ago come back first") == true)
  }

  @Test("Tab completes categories with spaces and &, play missed and links; a second Tab lists once")
  func tabCompletes() throws {
    let sandbox = try Sandbox()
    let screen = try TmuxScreen(["--seed", "3", "--no-color"], environment: sandbox.environment, columns: 80)
    try screen.waitForPrompt("trivia")
    // The questions loaded, so their categories are known.
    try screen.send("source", "Enter")
    try screen.wait(for: "the source") { $0.contains { $0.hasPrefix("Source: bundled") } }
    // Keys typed before the prompt is back meet a terminal in cooked mode, which echoes them
    // itself, so the prompt would then follow them on their row.
    try screen.waitForPrompt("trivia")
    try screen.type("category An")
    try screen.send("Tab")
    try screen.waitForPrompt("trivia", typed: "category Animals & Nature")
    try screen.send("C-u")
    try screen.type("play m")
    try screen.send("Tab")
    try screen.waitForPrompt("trivia", typed: "play missed")
    try screen.send("C-u")
    try screen.type("open trivia://o")
    try screen.send("Tab")
    try screen.waitForPrompt("trivia", typed: "open trivia://options")
    try screen.send("C-u")
    try screen.send("Tab")
    try screen.send("Tab")
    let rows = try screen.wait(for: "the commands listed") { $0.contains { $0.hasPrefix("play  ") } }
    Thread.sleep(forTimeInterval: 0.3)
    #expect(try screen.screen().filter { $0.hasPrefix("play  ") }.count == 1, "\(rows)")
  }
}
