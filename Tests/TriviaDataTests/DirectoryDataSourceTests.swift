import FixtureFolders
import Foundation
import ProcessSpawn
import Testing

@testable import TriviaData

@Suite struct DirectoryDataSourceTests {
  let request = LoadRequest(count: 10, difficulty: .mixed)

  @Test func mergesEveryFormatInNameOrder() async throws {
    let folder = try TemporaryFolder()
    try folder.write("b-project.json", QuestionFormatTests.projectFile)
    try folder.write("a-saved-api", QuestionFormatTests.openTDBResponse)
    try folder.write("c-metals", QuestionFormatTests.openTriviaQA + "\n#Q Broken\nA x\n")
    let bank = try await DirectoryDataSource(path: folder.path).load(request)
    #expect(bank.questions.map(\.category) == ["Science: Computers", "Science", "C Metals"])
    #expect(bank.filesRead == 3)
    #expect(bank.formats.isSuperset(of: [.openTriviaDB, .openTriviaQA]), "each file's credit is kept")
    #expect(bank.licence == nil)
    #expect(bank.filesIgnored.isEmpty)
    #expect(
      bank.skipped == [
        .init(location: folder.path + "/c-metals:6", reason: OpenTriviaQAFormat.Problem.noAnswer.description)
      ])
  }

  @Test func otherFilesAreIgnoredWithAReasonAndHiddenFilesAndFoldersPassedOver() async throws {
    let folder = try TemporaryFolder()
    try folder.write("animals", QuestionFormatTests.openTriviaQA)
    try folder.write("README.md", "# Questions\n\n    #Q an example, indented\n")
    try folder.write("LICENSE", "Attribution-ShareAlike 4.0 International\n")
    try folder.write("broken.json", #"{"questions": [}"#)
    try folder.write("empty-block", "#Q Nothing else\n")
    try folder.write(".hidden", QuestionFormatTests.openTriviaQA)
    try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: false)
    try folder.write("sub/more", QuestionFormatTests.openTriviaQA)
    let bank = try await DirectoryDataSource(path: folder.path).load(request)
    #expect(bank.questions.count == 1)
    #expect(bank.filesRead == 1)
    #expect(bank.filesIgnored.map(\.location) == ["LICENSE", "README.md", "broken.json", "empty-block"])
    // Passed over as questions, but read for the licence it names.
    #expect(bank.licence?.file == "LICENSE" && bank.licence?.name == "CC BY-SA 4.0")
    #expect(bank.filesIgnored[0].reason.hasPrefix("not a question file; expected"))
    #expect(bank.filesIgnored[2].reason.hasPrefix("line 1, column 16: expected a value"))
    #expect(bank.filesIgnored[3].reason.hasPrefix("no usable questions; 1 skipped"))
    // The skipped block of the ignored file is still reported.
    #expect(bank.skipped.count == 1)
    #expect(bank.summary(source: folder.path).text == "Loaded 1 question from 1 file (1 skipped)")
  }

  @Test func aFolderWithoutQuestionsIsAnError() async throws {
    let folder = try TemporaryFolder()
    let empty = try await #require(throws: DataSourceError.self) {
      try await DirectoryDataSource(path: folder.path).load(request)
    }
    #expect(empty.message == "\(folder.path): the folder has no question files")
    try folder.write("notes.txt", "nothing\n")
    let none = try await #require(throws: DataSourceError.self) {
      try await DirectoryDataSource(path: folder.path).load(request)
    }
    #expect(none.message.hasPrefix("\(folder.path): no questions in 1 file (notes.txt: not a question file"))
  }

  @Test func aMissingFolderIsAnError() async throws {
    let error = try await #require(throws: DataSourceError.self) {
      try await DirectoryDataSource(path: "/nonexistent/trivia-folder").load(request)
    }
    #expect(error.message == "/nonexistent/trivia-folder: No such file or directory")
  }

  @Test func manyFilesReadOnTwoThreadsKeepNameOrder() async throws {
    let folder = try TemporaryFolder()
    // Enough bytes for two threads, in files of different sizes: they are taken largest
    // first, which is not their names' order, and joined in their names' order.
    let counts = (0..<12).map { 300 + ($0 * 7 % 12) * 50 }
    for (index, count) in counts.enumerated() {
      var text = ""
      for number in 0..<count { text += "#Q File \(index) question \(number)?\n^ Yes\nA Yes\nB No\n\n" }
      try folder.write(String(format: "part-%02d", index), text)
    }
    let expected = counts.enumerated().flatMap { index, count in
      (0..<count).map { "File \(index) question \($0)?" }
    }
    for _ in 0..<3 {
      let bank = try await DirectoryDataSource(path: folder.path).load(request)
      #expect(bank.filesRead == 12)
      #expect(bank.questions.map(\.text) == expected)
      let categories = bank.questions.map(\.category)
      #expect(categories == categories.sorted())
    }
  }

  @Test func summaryText() {
    var bank = QuestionBank(questions: Array(repeating: sampleQuestion, count: 3))
    bank.filesRead = 18
    #expect(LoadSummary(bank: bank, source: "x").text == "Loaded 3 questions from 18 files (0 skipped)")
    bank.skipped = [.init(location: "a:1", reason: "r")]
    bank.filesRead = 0
    #expect(bank.summary(source: "Open Trivia DB").text == "Loaded 3 questions from Open Trivia DB (1 skipped)")
  }

  @Test func nameEndsWithASlash() {
    #expect(DirectoryDataSource(path: "data").name == "data/")
    #expect(DirectoryDataSource(path: "data/").name == "data/")
  }

  var sampleQuestion: Question {
    Question(category: "C", difficulty: nil, kind: .multiple, text: "Q?", correctAnswer: "A", incorrectAnswers: ["B"])
  }
}

/// The real OpenTriviaQA files: the importer must agree with the reference reader
/// (`python3 shared/tools/otqa_reference.py shared/data/opentriviaqa/*`) file by file.
@Suite struct OpenTriviaQADataTests {
  /// Usable blocks per file as the reference reader counts them; it skips none.
  static let usableByFile: [String: Int] = [
    "animals": 1366, "celebrities": 3196, "entertainment": 280, "for-kids": 759, "general": 3290,
    "geography": 842, "history": 1645, "hobbies": 1242, "literature": 1288, "movies": 4313, "music": 5579,
    "newest": 3016, "people": 2743, "rated": 2185, "science-technology": 2486, "sports": 2840,
    "television": 5230, "world": 4875,
  ]

  @Test(.enabled(if: SharedData.exists, "needs ../shared/data/opentriviaqa beside the repository"))
  func wholeFolderMatchesTheReferenceReader() async throws {
    let bank = try await DirectoryDataSource(path: SharedData.openTriviaQA).load(
      LoadRequest(count: 10, difficulty: .mixed))
    #expect(bank.questions.count == 47_175)
    #expect(bank.skipped.isEmpty)
    #expect(bank.filesRead == 18)
    #expect(bank.filesIgnored.map(\.location) == ["LICENSE", "README.md"])
    #expect(bank.summary(source: SharedData.openTriviaQA).text == "Loaded 47,175 questions from 18 files (0 skipped)")
    let counts = Dictionary(grouping: bank.questions, by: \.category).mapValues(\.count)
    let expected = Dictionary(
      uniqueKeysWithValues: Self.usableByFile.map { (OpenTriviaQAFormat.category(forFileName: $0.key), $0.value) })
    #expect(counts == expected)
    #expect(bank.questions.allSatisfy { $0.difficulty == nil && !$0.text.isEmpty && !$0.incorrectAnswers.isEmpty })
    #expect(bank.questions.filter { $0.kind == .boolean }.count == 5523)
    // Each question's id, made from the bytes as they were read, is the id of its text.
    #expect(
      bank.questions.indices.allSatisfy { index in
        let question = bank.questions[index]
        return bank.questions.questionID(at: index)
          == QuestionID.make(text: question.text, answer: question.correctAnswer)
      })
  }

  @Test(.enabled(if: SharedData.exists, "needs ../shared/data/opentriviaqa beside the repository"))
  func eachFileAloneGivesTheReferenceCountsPerReason() throws {
    for (file, usable) in Self.usableByFile {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: SharedData.openTriviaQA + "/" + file)))
      var bank = QuestionBank(questions: [])
      OpenTriviaQAFormat.decode(bytes, name: file, category: file, into: &bank)
      #expect(bank.questions.count == usable, "\(file)")
      for problem in OpenTriviaQAFormat.Problem.allCases {
        #expect(bank.skipped.filter { $0.reason == problem.description }.count == 0, "\(file): \(problem)")
      }
    }
  }

  /// The usable blocks of `file` as the reference reader parses them: question, answer,
  /// options.
  static func referenceBlocks(_ file: String) throws -> [[String: String]] {
    let script = """
      import json, sys
      sys.path.insert(0, sys.argv[1])
      import otqa_reference as r
      with open(sys.argv[2], "rb") as f:
          blocks = r.parse(r.decode(f.read()))
      usable = [b for b in blocks if r.classify(b) == "usable"]
      json.dump([{"q": b["q"], "answer": b["answer"], "options": "\\n".join(b["options"])} for b in usable], sys.stdout)
      """
    let run = try Child.run(
      "/usr/bin/python3",
      arguments: [
        "-c", script, URL(fileURLWithPath: SharedData.referenceReader).deletingLastPathComponent().path,
        SharedData.openTriviaQA + "/" + file,
      ])
    try #require(run.status == 0, "the reference reader: \(run.errorText)")
    return try JSONDecoder().decode([[String: String]].self, from: Data(run.output))
  }

  /// Not only as many: the same questions, answers and options as the reference reader,
  /// block by block.
  @Test(.enabled(if: SharedData.referenceReaderRuns, "needs ../shared and /usr/bin/python3"))
  func eachQuestionIsTheOneTheReferenceReaderReads() throws {
    for file in Self.usableByFile.keys.sorted() {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: SharedData.openTriviaQA + "/" + file)))
      let questions = try OpenTriviaQAFormat.decode(bytes, name: file).questions
      let blocks = try Self.referenceBlocks(file)
      #expect(questions.count == blocks.count, "\(file)")
      var differences = 0
      for (question, block) in zip(questions, blocks) {
        let answer = block["answer"]!
        var distinct: [String] = []
        for option in block["options"]!.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        where !distinct.contains(option) {
          distinct.append(option)
        }
        let same: Bool
        switch question.kind {
        case .boolean:
          same =
            question.correctAnswer.lowercased() == answer.lowercased()
            && Set(distinct.map { $0.lowercased() }) == ["true", "false"]
        case .multiple:
          same = question.correctAnswer == answer && question.incorrectAnswers == distinct.filter { $0 != answer }
        }
        if !same || question.text != block["q"]!.trimmingCharacters(in: .whitespaces) {
          differences += 1
          if differences <= 3 { Issue.record("\(file): \(question) differs from \(block)") }
        }
      }
      #expect(differences == 0, "\(file)")
    }
  }
}
