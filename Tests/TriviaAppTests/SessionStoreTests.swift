import Foundation
import Testing
import TriviaApp
import TriviaData

@Suite("Saved sessions")
struct SessionStoreTests {
  func folder() throws -> String {
    let path = NSTemporaryDirectory() + "trivia-session-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  func session() -> SavedSession {
    var generator = SeededGenerator(seed: 4)
    var round = Round.deal(from: QuestionList(sampleQuestions(6)), count: 4, difficulty: .mixed, generator: &generator)
    _ = round.answer(round.current!.correctIndex)
    round.advance()
    _ = round.answer(0)
    return SavedSession(round: round, request: .init(difficulty: .easy, count: 4))
  }

  @Test func savesAndLoadsTheSameRound() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = FileSessionStore(path: folder + "/state/trivia/session.json")
    #expect(try store.load().get() == nil)
    try store.save(session())
    #expect(try store.load().get() == session())
    store.clear()
    #expect(try store.load().get() == nil)
  }

  @Test func theSecondsAQuestionHadLeftAreKeptWithinItsLimitAndAFileWithoutThemStillReads() throws {
    var timed = session()
    timed.round.timeLimit = 10
    timed.secondsLeft = 6
    let bytes = Array(try JSONEncoder().encode(timed))
    #expect(try SavedSession.decode(bytes).get() == timed)
    // A file saved before the seconds were kept: the question starts at its full time.
    var old = timed
    old.secondsLeft = nil
    let text = String(decoding: try JSONEncoder().encode(old), as: UTF8.self)
    #expect(!text.contains("secondsLeft"))
    #expect(try SavedSession.decode(Array(text.utf8)).get().secondsLeft == nil)
    for left in [0, 11] {
      timed.secondsLeft = left
      #expect(throws: (any Error).self) { try SavedSession.decode(Array(try JSONEncoder().encode(timed))).get() }
    }
  }

  /// A round of `count` questions of `characters` characters each, its first answered.
  func long(_ count: Int, of characters: Int) -> SavedSession {
    var generator = SeededGenerator(seed: 4)
    let questions = sampleQuestions(count).map { question in
      var long = question
      long.text = question.text + String(repeating: "x", count: characters)
      return long
    }
    var round = Round.deal(from: QuestionList(questions), count: count, difficulty: .mixed, generator: &generator)
    _ = round.answer(0)
    round.advance()
    return SavedSession(round: round, request: .init(difficulty: .mixed, count: count))
  }

  @Test func aRoundOfLongQuestionsIsReadBackWhateverSizeItWasWrittenAt() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = FileSessionStore(path: folder + "/session.json")
    let saved = long(20, of: 4_000)
    try store.save(saved)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int)
    #expect(size > KeptFile.maximumBytes)
    #expect(try store.load().get() == saved)
  }

  @Test func aRoundPastTheLimitIsNotWrittenAndTheOneSavedBeforeStaysWhole() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = FileSessionStore(path: folder + "/session.json")
    try store.save(session())
    let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
    #expect(throws: StoreError.self) { try store.save(long(4, of: SavedSession.maximumBytes / 4)) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["session.json"])
  }

  /// The one line a bad file gets: the reason, then where it is kept (moved aside).
  static func refusal(_ path: String, _ reason: String, in folder: String) throws -> String {
    let aside = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix("session.json.corrupt-") })
    return "\(path) \(reason); it is kept as \(folder)/\(aside), and there is no round to resume."
  }

  @Test(arguments: [
    ("{not json", "is not a saved session"),
    ("[]", "is not a saved session"),
    ("{\"version\": 99, \"round\": {}}", "has version 99, expected 1"),
    ("{\"round\": {}}", "has no version, expected 1"),
    ("{\"version\": 1, \"round\": 3}", "is damaged"),
  ])
  func aBadFileIsReportedInOneLineAndKeptAside(content: String, message: String) throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/session.json"
    try content.write(toFile: path, atomically: true, encoding: .utf8)
    let loaded = FileSessionStore(path: path).load()
    #expect(throws: StoreError(try Self.refusal(path, message, in: folder))) { try loaded.get() }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aRoundThatDoesNotAddUpIsRefused() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/session.json"
    let store = FileSessionStore(path: path)
    try store.save(session())
    var text = try String(contentsOfFile: path, encoding: .utf8)
    let score = try #require(text.range(of: #""score":\d+"#, options: .regularExpression))
    text.replaceSubrange(score, with: "\"score\":7")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let loaded = store.load()
    #expect(throws: StoreError(try Self.refusal(path, "holds a round that does not add up", in: folder))) {
      try loaded.get()
    }
  }
}
