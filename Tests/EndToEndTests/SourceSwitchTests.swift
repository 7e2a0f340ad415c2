import Foundation
import Testing

/// `source` and `category` during a session, headless: describing, switching, the no-data
/// screen and back, folders with bad files, and the OpenTriviaQA collection.
@Suite("Sources and categories")
struct SourceSwitchTests {
  static let bundledCategories = [
    "Animals & Nature", "Art", "Film & TV", "Food & Drink", "Geography", "History", "Human Body", "Language & Words",
    "Literature", "Mathematics", "Music", "Mythology", "Science", "Space", "Sports", "Technology",
  ]

  /// `Name 12, Other 3` as pairs.
  static func counts(_ list: Substring) -> [(name: String, count: Int)] {
    list.components(separatedBy: ", ").compactMap { part in
      guard let space = part.lastIndex(of: " "), let count = Int(part[part.index(after: space)...]) else { return nil }
      return (String(part[..<space]), count)
    }
  }

  @Test("source describes the bundled questions by difficulty and by category, loading them once")
  func describeBundled() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run([], input: "source\nsource\n")
    #expect(result.status == 0)
    let first = try #require(result.transcript.response(to: "source"))
    try #require(first.count == 5)
    #expect(Array(first.prefix(2)) == Expected.bundledLoaded)
    #expect(first[2] == "Source: bundled, 1,536 questions.")

    let levelsPrefix = "  By difficulty: "
    #expect(first[3].hasPrefix(levelsPrefix) && first[3].hasSuffix("."))
    // `512 easy, 512 medium, 512 hard`: the count first.
    let levels = first[3].dropFirst(levelsPrefix.count).dropLast().components(separatedBy: ", ").map {
      $0.split(separator: " ")
    }
    #expect(levels.map { $0.last } == ["easy", "medium", "hard"])
    #expect(levels.compactMap { $0.first.flatMap { Int($0) } }.reduce(0, +) == 1_536)

    let categoriesPrefix = "  By category: "
    #expect(first[4].hasPrefix(categoriesPrefix) && first[4].hasSuffix("."))
    let categories = Self.counts(first[4].dropFirst(categoriesPrefix.count).dropLast())
    #expect(categories.map(\.name) == Self.bundledCategories)
    #expect(categories.map(\.count).reduce(0, +) == 1_536)
    #expect(categories.allSatisfy { $0.count > 0 })

    // The second time the questions are already there.
    #expect(result.transcript.response(to: "source", occurrence: 1) == Array(first.dropFirst(2)))
  }

  @Test("A source that fails to load changes nothing: the screen, the questions and the saved options stay")
  func missingThenBundled() async throws {
    let sandbox = try Sandbox()
    let (result, events) = try await sandbox.runTraced(
      ["--seed", "2"], input: "source missing.json\nback\nsource\nplay\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(
      transcript.response(to: "source missing.json") == [
        "Loading questions from missing.json…",
        "Cannot use that source: missing.json: No such file or directory. The source stays bundled.",
      ])
    #expect(transcript.response(to: "back") == ["Nothing to go back to; type quit to leave."])
    #expect(transcript.response(to: "source")?.contains("Source: bundled, 1,536 questions.") == true)
    #expect(transcript.prompts == ["trivia", "trivia", "trivia", "trivia", "question 1/10"])
    #expect(!FileManager.default.fileExists(atPath: sandbox.optionsPath))
    #expect(
      events == [
        TraceEvent("root", "landing", ["landing"]),
        TraceEvent("push", "game", ["landing", "game"], plan: ["push game"]),
      ])
  }

  @Test("A source chosen is kept for the next start, by its full path; --source applies to one run")
  func sourceIsKept() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("two.json", QuestionFixtures.easy(2))
    // Typed relative to the folder the game runs in (its home here).
    _ = try await sandbox.run([], input: "source ../work/two.json\n")
    let path = try #require(realpath(sandbox.work + "/two.json", nil).map { String(cString: $0) })
    let next = try await sandbox.run(["--seed", "1"], input: "play\n")
    #expect(next.transcript.preamble.contains("  Source:     \(path)"))
    #expect(next.transcript.questions.first?.total == 2)
    let saved = try String(contentsOfFile: sandbox.optionsPath, encoding: .utf8)
    #expect(saved.contains("\"source\" : \"\(path)\""))

    // A flag plays this run only; a source that fails to load is not kept.
    let flagged = try await sandbox.run(["--source", "bundled"], input: "source missing.json\n")
    #expect(flagged.transcript.preamble.contains("  Source:     bundled"))
    #expect(try String(contentsOfFile: sandbox.optionsPath, encoding: .utf8) == saved)
  }

  @Test("Switching to a question file mid-session plays its questions, and back to bundled")
  func switchToFile() async throws {
    let sandbox = try Sandbox()
    let file = try sandbox.write("two.json", QuestionFixtures.easy(2))
    let result = try await sandbox.run(
      ["--seed", "1"], input: "source \(file)\nplay\nright\n\nright\n\ndone\nsource bundled\nplay\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(
      transcript.response(to: "source \(file)") == [
        "Loading questions from \(file)…", "Loaded 2 questions from \(file) (0 skipped).",
      ])
    #expect(transcript.response(to: "play")?.first == "Only 2 questions available; playing 2.")
    // Both of its questions were asked: the landing says so, and what comes next (#16).
    let landing = Expected.landing(source: file, unasked: "0 of 2").map {
      $0 == "  Left:       0 of 2 questions not yet asked"
        ? "  Left:       none of 2: all asked; those asked longest ago come back first" : $0
    }
    #expect(transcript.response(to: "done") == landing)
    let questions = transcript.questions
    #expect(questions.prefix(2).allSatisfy { $0.category == "Fixtures" && $0.total == 2 })
    #expect(questions.last?.total == 10)
    #expect(result.stdout.contains("Score: 2/2"))
  }

  /// A folder with two usable files, one partly bad, a broken one, a text file, a hidden
  /// file and a subfolder.
  static func folder(in sandbox: Sandbox) throws -> String {
    let folder = sandbox.work + "/questions"
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
    func write(_ name: String, _ text: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    let good = QuestionFixtures.file([
      QuestionFixtures.question("Q one?"),
      QuestionFixtures.question("Q two?", category: "Other", difficulty: "hard"),
      QuestionFixtures.question("Q three?", category: "Other", difficulty: "hard"),
    ])
    try write("a-good.json", good)
    try write(
      "b-partly.json",
      QuestionFixtures.file([
        QuestionFixtures.question("Q four?", difficulty: "medium"),
        QuestionFixtures.question("Q bad?", difficulty: "medium", incorrect: []),
      ]))
    try write("c-broken.json", "{\"schema\": \"trivia-questions/1\", \"questions\": [ {,, ]}\n")
    try write("notes.txt", "hello\n")
    try write(".hidden.json", "{}\n")
    try write("sub/more.json", good)
    return folder
  }

  static let notAQuestionFile =
    "not a question file; expected a trivia question file (JSON with a \"questions\" array), an Open Trivia DB response (JSON with \"response_code\" and \"results\"), OpenTriviaQA text (blocks that start with #Q lines), Moodle GIFT text (answers in { }, = right and ~ wrong, or {T} and {F}), Moodle Aiken text (options A. B. … then a line ANSWER: A), or a spreadsheet, CSV or XLSX, with a header row (question, correct, wrong…; or Kahoot's or Quizizz's)"

  @Test("A folder plays its good questions, lists what it skipped, and source --details lists it again")
  func folderWithBadFiles() async throws {
    let sandbox = try Sandbox()
    let folder = try Self.folder(in: sandbox)
    let result = try await sandbox.run(
      ["--seed", "1", "--count", "4"], input: "source \(folder)\nsource\nsource --details\nplay\na\n\na\n\na\n\na\n\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    let problems = [
      "  c-broken.json: line 1, column 50: expected a field name in double quotes, found ','",
      "  notes.txt: " + Self.notAQuestionFile,
      "  \(folder)/b-partly.json:3: question 2: \"incorrect_answers\" must not be empty",
    ]
    // On loading, a file that is not a question file is named, not explained.
    #expect(
      transcript.response(to: "source \(folder)")
        == [
          "Loading questions from \(folder)/…", "Loaded 4 questions from 2 files (1 skipped).", problems[0],
          problems[2],
          "  Not question files, passed over: notes.txt.",
        ])
    #expect(
      transcript.response(to: "source") == [
        "Source: \(folder)/, 4 questions.", "  By difficulty: 1 easy, 1 medium, 2 hard.",
        "  By category: Fixtures 2, Other 2.",
      ])
    #expect(transcript.response(to: "source --details") == ["Skipped 3:"] + problems)
    // The hidden file and the subfolder are passed over: four questions, each once.
    let questions = transcript.questions
    #expect(questions.count == 4)
    #expect(Set(questions.map(\.text)) == ["Q one?", "Q two?", "Q three?", "Q four?"])
    #expect(!result.stdout.contains("Q bad?"))
  }

  @Test(
    "A folder with many bad files shows five, names the files that are not question files, and points to source --details"
  )
  func manyProblems() async throws {
    let sandbox = try Sandbox()
    let folder = sandbox.work + "/many"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(QuestionFixtures.easy(1).utf8).write(to: URL(fileURLWithPath: folder + "/good.json"))
    for index in 1...7 {
      try Data("{\"questions\": [\n".utf8).write(to: URL(fileURLWithPath: folder + "/broken\(index).json"))
      try Data("note \(index)\n".utf8).write(to: URL(fileURLWithPath: folder + "/note\(index).txt"))
    }
    let result = try await sandbox.run(["--source", folder], input: "source\nsource --details\n")
    let loaded = try #require(result.transcript.response(to: "source"))
    let broken = (1...7).map { "  broken\($0).json: line 2, column 1: expected a value, found the end of the file" }
    let notes = (1...7).map { "  note\($0).txt: " + Self.notAQuestionFile }
    #expect(
      loaded == ["Loading questions from \(folder)/…", "Loaded 1 question from 1 file (0 skipped)."]
        + broken.prefix(5) + [
          "  … and 2 more: type source --details to see them all.",
          "  Not question files, passed over: note1.txt, note2.txt, note3.txt, note4.txt, note5.txt and 2 more "
            + "(source --details lists them).",
          "Source: \(folder)/, 1 question.", "  By difficulty: 1 easy.", "  By category: Fixtures 1.",
        ])
    #expect(result.transcript.response(to: "source --details") == ["Skipped 14:"] + broken + notes)
  }

  @Test("category counts the questions of the level chosen (#37)")
  func categoriesOfALevel() async throws {
    let sandbox = try Sandbox()
    let levels = [("Art", "hard"), ("Art", "easy"), ("Art", "hard"), ("Maps", "easy"), ("Maps", "medium")]
    let source = try sandbox.write(
      "levels.json",
      QuestionFixtures.file(
        levels.enumerated().map {
          QuestionFixtures.question("Q\($0.offset)?", category: $0.element.0, difficulty: $0.element.1)
        }))
    let result = try await sandbox.run(["--source", source, "--difficulty", "hard"], input: "category\n")
    let listing = try #require(result.transcript.response(to: "category")).dropFirst(2)
    // What a hard round can deal, not all five.
    #expect(Array(listing) == ["Categories (all chosen, hard questions in each):", "  Art (2)", "  Maps (0)"])
  }

  @Test("category lists the categories, chooses one by any case, all plays every one, and an unknown one is refused")
  func categories() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      ["--seed", "6", "--count", "3"],
      input: "category\ncategory history\nplay\na\n\na\n\na\n\ndone\ncategory Astrology\ncategory all\ncategory\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    let loadingAndListing = try #require(transcript.response(to: "category"))
    // The questions are loaded to know their categories.
    #expect(Array(loadingAndListing.prefix(2)) == Expected.bundledLoaded)
    let listing = Array(loadingAndListing.dropFirst(2))
    #expect(listing.first == "Categories (all chosen):")
    #expect(
      listing.dropFirst().map { $0.components(separatedBy: " (").first ?? "" }
        == Self.bundledCategories.map { "  " + $0 })
    #expect(listing.dropFirst().allSatisfy { $0.hasSuffix(")") })
    #expect(
      transcript.response(to: "category history") == ["Category: History."]
        + Expected.landing(questions: 3, category: "History"))
    let questions = transcript.questions
    #expect(questions.count == 3)
    #expect(questions.allSatisfy { $0.category == "History" })
    #expect(
      transcript.response(to: "done") == Expected.landing(questions: 3, category: "History", unasked: "1,533 of 1,536"))
    // Refused, with the categories there are.
    let refused = try #require(transcript.response(to: "category Astrology"))
    #expect(refused.first == "No category 'Astrology' in bundled. Its categories:")
    #expect(
      refused.dropFirst().map { String($0.dropFirst(2).prefix { $0 != "(" }.dropLast()) } == Self.bundledCategories)
    #expect(
      transcript.response(to: "category all") == ["Category: all."]
        + Expected.landing(questions: 3, unasked: "1,533 of 1,536"))
    #expect(transcript.response(to: "category", occurrence: 1) == listing)

    // The choice is an option like the others: kept for the next run.
    let next = try await sandbox.run([], input: "category history\n")
    #expect(next.transcript.preamble == Expected.landing())
    let kept = try await sandbox.run([], input: "")
    #expect(kept.transcript.preamble == Expected.landing(category: "History"))
  }

  @Test("A category the new source does not have is dropped when switching, with a word about it")
  func categoryDroppedOnSwitch() async throws {
    let sandbox = try Sandbox()
    let folder = try Self.folder(in: sandbox)
    let result = try await sandbox.run(["--source", folder], input: "category other\nsource bundled\n")
    let chosen = try #require(result.transcript.response(to: "category other"))
    #expect(chosen.first == "Loading questions from \(folder)/…")
    #expect(chosen.contains("Category: Other."))
    #expect(Array(chosen.suffix(Expected.landing().count)) == Expected.landing(category: "Other", source: folder + "/"))
    #expect(
      result.transcript.response(to: "source bundled")
        == Expected.bundledLoaded + ["bundled has no Other questions; playing every category."] + Expected.landing())
  }

  /// The OpenTriviaQA collection, next to the repository.
  static let openTriviaQAPath: String = {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return repository.appendingPathComponent("../shared/data/opentriviaqa").standardizedFileURL.path
  }()

  @Test(
    "The OpenTriviaQA folder plays Mixed, and Easy says it does not grade by difficulty",
    .enabled(
      if: FileManager.default.fileExists(atPath: openTriviaQAPath + "/animals"),
      "the OpenTriviaQA collection is not at ../shared/data/opentriviaqa"))
  func openTriviaQA() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      ["--seed", "2", "--count", "2", "--source", Self.openTriviaQAPath],
      input: "play\na\n\na\n\ndone\nsource\noptions\ndifficulty\neasy\ndone\nplay\n", timeout: .seconds(30))
    #expect(result.status == 0)
    let transcript = result.transcript
    let name = Self.openTriviaQAPath + "/"
    let loading = try #require(transcript.response(to: "play"))
    #expect(loading.first == "Loading questions from \(name)…")
    let loaded = try #require(loading.dropFirst().first)
    #expect(loaded.hasPrefix("Loaded ") && loaded.hasSuffix(" files (0 skipped)."))
    #expect(loading.contains("  Not question files, passed over: LICENSE, README.md."))
    let questions = transcript.questions
    #expect(questions.count == 2)
    #expect(questions.allSatisfy { $0.difficulty == "Any level" && $0.total == 2 && $0.answers.count >= 2 })
    #expect(result.stdout.contains("Round complete\nScore: "))

    let description = try #require(transcript.response(to: "source"))
    let count = try #require(description.first?.split(separator: " ").dropLast().last)
    let total = try #require(Int(count.replacingOccurrences(of: ",", with: "")))
    #expect(total > 10_000)
    // One format for counts everywhere: grouped by thousands, as the load line has them.
    #expect(description.dropFirst().first == "  By difficulty: \(count) without a level.")
    #expect(count.contains(","))

    #expect(
      transcript.response(to: "play", occurrence: 1)
        == Expected.noData(
          reason: "\(name) does not grade its questions by difficulty, so there are no easy ones.",
          details: ["Choose Mixed to play its \(count) questions: type options, then difficulty."]))
    #expect(transcript.prompts.last == "no questions")
  }
}
