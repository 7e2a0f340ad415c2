import FixtureFolders
import Testing
import TriviaData
import TriviaTools

/// `trivia check`'s findings on good and bad files, through its public API.
@Suite("Check report")
struct CheckReportTests {
  static let good = questionFile([
    questionLine(),
    questionLine(
      difficulty: "medium", question: "Which gas do plants take in?", correct: "Carbon dioxide",
      incorrect: ["Oxygen", "Nitrogen", "Helium"]),
    questionLine(
      difficulty: "hard", type: "boolean", question: "Sound travels faster in a vacuum.",
      correct: "False", incorrect: ["True"]),
    questionLine(
      type: "boolean", question: "Water boils at 100 degrees Celsius at sea level.", correct: "True",
      incorrect: ["False"]),
  ])

  func report(_ files: [String: String], check names: [String]? = nil) throws -> (CheckReport, String) {
    let folder = try TemporaryFolder()
    for (name, text) in files { try folder.write(name, text) }
    let paths = (names ?? files.keys.sorted()).map { folder.path + "/" + $0 }
    return (CheckReport(paths: paths), folder.path + "/")
  }

  /// The findings as printed, with the folder's path taken out.
  func lines(_ report: CheckReport, _ prefix: String) -> [String] {
    report.findings.map { $0.description.replacingOccurrences(of: prefix, with: "") }
  }

  @Test func aGoodFileHasNothingToSay() throws {
    let (report, _) = try report(["good.json": Self.good])
    #expect(report.findings.isEmpty)
    #expect(report.summary(strict: false) == "Checked 4 questions in 1 file: no errors, no warnings.")
    #expect(report.exitStatus(strict: true) == 0)
  }

  @Test func brokenJSONIsAnErrorAtItsLineAndColumn() throws {
    let (report, prefix) = try report(["broken.json": "{\n  \"questions\": [\n    {\"category\" \"Science\"}\n  ]\n}\n"]
    )
    #expect(lines(report, prefix) == ["broken.json:3:17: error: expected ':' after \"category\", found '\"'"])
    #expect(report.exitStatus(strict: false) == 1)
    #expect(report.summary(strict: false) == "Checked 0 questions in 1 file: 1 error, no warnings.")
  }

  @Test func aQuestionTheGameSkipsIsAnErrorAtTheFieldAtFault() throws {
    let file = questionFile([
      questionLine(),
      questionLine(difficulty: "tricky", question: "Which planet is red?", correct: "Mars", incorrect: ["Venus"]),
      "{\"category\": \"Science\", \"difficulty\": \"easy\", \"type\": \"multiple\", \"question\": \"Why?\"}",
    ])
    let (report, prefix) = try report(["bank.json": file])
    #expect(
      lines(report, prefix) == [
        "bank.json:4:29: error: the game skips question 2: \"difficulty\" must be easy, medium or hard, not \"tricky\"",
        "bank.json:5:5: error: the game skips question 3: missing field \"correct_answer\"",
        "bank.json:5:5: error: the game skips question 3: missing field \"incorrect_answers\"",
      ])
  }

  @Test func theSameQuestionTwiceAfterFoldingCaseAccentsAndSpaces() throws {
    let file = questionFile([
      questionLine(question: "Who painted the Mona Lisa?", correct: "Leonardo", incorrect: ["Raphael", "Titian"]),
      questionLine(question: "WHO  painted the Moná Lisa?", correct: "Leonardo", incorrect: ["Raphael", "Titian"]),
    ])
    let (report, prefix) = try report(["bank.json": file])
    #expect(lines(report, prefix) == ["bank.json:4:71: warning: the same question as at line 3, column 71"])
    #expect(report.exitStatus(strict: false) == 0)
    #expect(report.exitStatus(strict: true) == 1)
    #expect(
      report.lines(strict: true).last == "Checked 2 questions in 1 file: no errors, 1 warning (errors under --strict).")
  }

  @Test func answersAPlayerCannotTellApartOrThatTheQuestionGivesAway() throws {
    let file = questionFile([
      questionLine(question: "Which city is the capital of France?", correct: "Paris", incorrect: ["paris", "Lyon"]),
      questionLine(question: "Which river flows through Cairo?", correct: "Nile", incorrect: ["Séine", "Seine", "Po"]),
      questionLine(question: "The Nile flows into which sea?", correct: "Mediterranean", incorrect: ["Red", "Black"]),
      questionLine(
        question: "Which river is the Nile's longest tributary?", correct: "White Nile",
        incorrect: ["Blue Nile", "Atbara"]),
      questionLine(question: "In 1066, who won at Hastings?", correct: "William", incorrect: ["Harold", "Edgar"]),
      questionLine(question: "What follows 1065?", correct: "1066", incorrect: ["1067", "1064"]),
      questionLine(
        question: "Which year came after 1065 in Hastings' story? 1066 it was.", correct: "1066",
        incorrect: ["1067", "1064"]),
    ])
    let (report, prefix) = try report(["bank.json": file])
    let found = lines(report, prefix)
    #expect(
      found.contains {
        $0.hasPrefix("bank.json:3:")
          && $0.hasSuffix("warning: the right answer 'Paris' is also among the wrong ones, as 'paris'")
      })
    #expect(
      found.contains {
        $0.hasPrefix("bank.json:4:")
          && $0.hasSuffix(
            "warning: the options 'Séine' and 'Seine' differ only in case, accents or spaces: typed, they are one answer"
          )
      })
    #expect(
      found.filter { $0.contains("is written in the question") } == [
        found.first { $0.hasPrefix("bank.json:9:") }!
      ])
    #expect(found.count == 3)
  }

  @Test func questionsWithoutALevel() throws {
    let some = questionFile([questionLine(), questionLine(difficulty: nil, question: "What is Fe?", correct: "Iron")])
    let none = questionFile([
      questionLine(difficulty: nil), questionLine(difficulty: nil, question: "What is Fe?", correct: "Iron"),
    ])
    let (report, prefix) = try report(["none.json": none, "some.json": some])
    #expect(
      lines(report, prefix) == [
        "none.json:3:5: warning: no question in this file has a level (easy, medium or hard): all 2 play only under Mixed",
        "some.json:4:5: warning: no level (easy, medium or hard): it plays only under Mixed",
      ])
  }

  @Test func trueOrFalseLeaningOneWayInACategory() throws {
    func statement(_ n: Int, _ category: String, _ answer: String) -> String {
      questionLine(
        category: category, type: "boolean", question: "Statement \(n) about \(category).", correct: answer,
        incorrect: [answer == "True" ? "False" : "True"])
    }
    // History: 3 True, 1 False (75%); Art: 2 True, 1 False, one apart: fine.
    let file = questionFile(
      [
        statement(1, "Art", "True"), statement(2, "History", "True"), statement(3, "History", "False"),
        statement(4, "History", "True"), statement(5, "Art", "False"), statement(6, "History", "True"),
        statement(7, "Art", "True"),
      ])
    let (report, prefix) = try report(["bank.json": file])
    #expect(
      lines(report, prefix) == [
        "bank.json:4:5: warning: the true/false statements of History lean one way, 3 True and 1 False: "
          + "always answering True scores 75%"
      ])
  }

  @Test func linesTheScreensWouldWrapBadly() throws {
    let long = "How many " + String(repeating: "very ", count: 40) + "long questions?"
    let file = questionFile([
      questionLine(question: long, correct: "Two", incorrect: ["One", "Three"]),
      questionLine(
        question: "Which answer is too long for its line?",
        correct: "An answer of well over seventy columns that runs on and on and on past the edge",
        incorrect: ["Short", "Brief"]),
      questionLine(
        category: "A category whose name is far too long for the heading of a question screen",
        question: "Which is short?", correct: "This", incorrect: ["That"]),
      questionLine(
        question: "What is " + String(repeating: "x", count: 85) + "?", correct: "Long", incorrect: ["Short"]),
    ])
    let (report, prefix) = try report(["bank.json": file])
    let found = lines(report, prefix)
    #expect(found.count == 5)
    #expect(found[0].hasPrefix("bank.json:3:71: warning: the question takes 3 lines at 80 columns"))
    #expect(found[1].hasPrefix("bank.json:4:125: warning: the answer 'An answer of well over"))
    #expect(found[1].hasSuffix("is 84 columns as the game lists it ('  1) A…'), over 80: it runs onto a second line"))
    #expect(found[2].hasPrefix("bank.json:5:6: warning: the category makes the heading 'Question 50 of 50  A category"))
    #expect(found[3].hasPrefix("bank.json:6:71: warning: the question takes 3 lines"))
    #expect(found[4].hasPrefix("bank.json:6:71: warning: 'xxxx"))
    #expect(found[4].hasSuffix("?' is wider than 80 columns: the game cuts it in two"))
  }

  @Test func openTriviaDBResponsesPointAtTheResult() throws {
    let response = """
      {"response_code": 0, "results": [
        {"category": "Science", "type": "multiple", "difficulty": "easy", "question": "Symbol for gold?",
         "correct_answer": "Au", "incorrect_answers": ["Ag", "Fe", "Cu"]},
        {"category": "Science", "type": "multiple", "difficulty": "easy", "question": "Symbol for GOLD?",
         "correct_answer": "Au", "incorrect_answers": ["Ag", "Fe", "Cu"]},
        {"category": "Science", "type": "multiple", "question": "No level?",
         "correct_answer": "Au", "incorrect_answers": ["Ag"]}
      ]}
      """
    let (report, prefix) = try report(["opentdb.json": response])
    #expect(
      lines(report, prefix) == [
        "opentdb.json:4:69: warning: the same question as at line 2, column 69",
        "opentdb.json:6:3: error: the game skips this question: missing field \"difficulty\"",
      ])
  }

  @Test func aFolderIsOneBankAndItsOtherFilesArePassedOver() throws {
    let otqa = "#Q What is the capital of Peru?\n^ Lima\nA Lima\nB Quito\nC Bogota\n\n#Q Broken block\nA one\n"
    let json = questionFile([
      questionLine(
        question: "What is the capital of peru?", correct: "Lima",
        incorrect: ["Quito", "Bogota"])
    ])
    let folder = try TemporaryFolder()
    try folder.write("bank/geography", otqa)
    try folder.write("bank/more.json", json)
    try folder.write("bank/README.md", "# My bank\n")
    let report = CheckReport(paths: [folder.path + "/bank"])
    #expect(
      lines(report, folder.path + "/") == [
        "bank/geography:1:1: warning: no question in this file has a level (easy, medium or hard): all 1 play only under Mixed",
        "bank/geography:7:1: error: the game skips this question: no answer: the block has no line starting with ^",
        "bank/more.json:3:71: warning: the same question as at bank/geography:1:1",
      ])
    #expect(
      report.summary(strict: false)
        == "Checked 3 questions (1 skipped) in 2 files (passed over, not question files: README.md): 1 error, 2 warnings."
    )
  }

  @Test func aMissingFileOrAFolderWithoutQuestions() throws {
    let folder = try TemporaryFolder()
    try folder.write("empty/notes.txt", "nothing here\n")
    let report = CheckReport(paths: [
      folder.path + "/nowhere.json", folder.path + "/empty", folder.path + "/empty/notes.txt",
    ])
    #expect(
      lines(report, folder.path + "/") == [
        "nowhere.json: error: No such file or directory",
        "empty: error: the folder has no question files",
        "empty/notes.txt: error: not a question file; " + QuestionFormat.expectation,
      ])
    // The file that is not there was not checked; the one that is not a question file was.
    #expect(
      report.summary(strict: false)
        == "Checked 0 questions in 1 file (passed over, not question files: notes.txt): 3 errors, no warnings.")
  }

  @Test func everyFaultOfASkippedQuestionIsNamed() throws {
    let file = questionFile([
      questionLine(),
      "{\"category\": \"\", \"difficulty\": \"tricky\", \"type\": \"multiple\", \"question\": \"Why?\"}",
    ])
    let (report, prefix) = try report(["bank.json": file])
    #expect(
      lines(report, prefix) == [
        "bank.json:4:5: error: the game skips question 2: missing field \"correct_answer\"",
        "bank.json:4:5: error: the game skips question 2: missing field \"incorrect_answers\"",
        "bank.json:4:6: error: the game skips question 2: \"category\" is empty",
        "bank.json:4:22: error: the game skips question 2: \"difficulty\" must be easy, medium or hard, not \"tricky\"",
      ])
    #expect(report.summary(strict: false) == "Checked 2 questions (1 skipped) in 1 file: 4 errors, no warnings.")
  }
}
