import Foundation
import ProcessSpawn
import Testing

/// `Scripts/build-bank.py giveaways`, which `make bank-check` runs: it fails on two questions
/// that answer each other (one's right answer in the other's text, about the same thing) and on
/// a question that holds its own answer, unless an allow-list names them with a reason; and it
/// fails on an entry of that list that allows nothing it finds.
@Suite("The bank's give-away check")
struct BankGiveawayCheckTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let script = repository.appendingPathComponent("Scripts/build-bank.py").path

  static let palme = "Which film won the Palme d'Or at the 1994 Cannes Film Festival?"
  static let director = #"Who wrote and directed "Pulp Fiction" (1994)?"#
  static let rewordedDirector = #"Who wrote and directed the film "Pulp Fiction"?"#
  static let wholeNote = "In 4/4 time, how many beats does a whole note last?"

  /// A multiple-choice question of the fixtures.
  struct Question: Sendable {
    var text: String
    var answer: String
    var wrong: [String]

    var json: [String: Any] {
      [
        "category": "Film & TV", "difficulty": "medium", "type": "multiple", "question": text, "correct_answer": answer,
        "incorrect_answers": wrong,
      ]
    }
  }

  static func question(_ text: String, _ answer: String, _ wrong: [String]) -> Question {
    Question(text: text, answer: answer, wrong: wrong)
  }

  /// Questions about films that give nothing away, so that "film" is a common word of the bank
  /// as it is of the bundled one, not a distinctive one.
  static let others = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf"].map {
    question("Which film did studio \($0) make first?", "Title \($0)", ["Other \($0)"])
  }

  static let palmeQuestion = question(palme, "Pulp Fiction", ["Forrest Gump", "Chungking Express"])
  static let directorQuestion = question(director, "Quentin Tarantino", ["Guy Ritchie", "Martin Scorsese"])

  /// Runs the check on `questions`, with `allowed` as its allow-list; its status and what it said.
  static func check(_ questions: [Question], allowed: [[String: String]] = []) throws -> (
    status: Int32, said: String
  ) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trivia-giveaways-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let bank = folder.appendingPathComponent("bank.json")
    let list = folder.appendingPathComponent("allowed.json")
    try JSONSerialization.data(withJSONObject: ["questions": questions.map(\.json)]).write(to: bank)
    try JSONSerialization.data(withJSONObject: ["allowed": allowed]).write(to: list)
    let run = try Child.run("/usr/bin/python3", arguments: [script, "giveaways", bank.path, list.path])
    return (run.status, run.outputText + run.errorText)
  }

  @Test("Two questions that answer each other fail it, named with both texts")
  func aPairFails() throws {
    let (status, said) = try Self.check(Self.others + [Self.palmeQuestion, Self.directorQuestion])
    #expect(status == 1)
    #expect(said.contains("question 7 (Film & TV, medium) \"\(Self.palme)\" -> \"Pulp Fiction\""), "\(said)")
    #expect(said.contains("is answered by question 8 (Film & TV, medium) \"\(Self.director)\""), "\(said)")
    #expect(said.contains("'pulp fiction'") && said.contains("'1994'"), "\(said)")
  }

  @Test("Reworded so that they share no subject, the two pass: the answer alone is not a finding")
  func theRewordedPairPasses() throws {
    let reworded = Self.question(Self.rewordedDirector, "Quentin Tarantino", ["Guy Ritchie", "Martin Scorsese"])
    let (status, said) = try Self.check(Self.others + [Self.palmeQuestion, reworded])
    #expect(status == 0, "\(said)")
  }

  @Test("An allowed pair passes, an entry with no reason or that allows nothing found fails")
  func theAllowList() throws {
    let questions = Self.others + [Self.palmeQuestion, Self.directorQuestion]
    let entry = ["answered": Self.palme, "by": Self.director, "why": "a test"]
    let allowed = try Self.check(questions, allowed: [entry])
    #expect(allowed.status == 0, "\(allowed.said)")
    #expect(allowed.said.contains("(1 pairs allowed)"))

    var noReason = entry
    noReason["why"] = " "
    let unexplained = try Self.check(questions, allowed: [noReason])
    #expect(unexplained.status == 1 && unexplained.said.contains("gives no reason"), "\(unexplained.said)")

    let reworded = Self.question(Self.rewordedDirector, "Quentin Tarantino", ["Guy Ritchie", "Martin Scorsese"])
    let stale = try Self.check(Self.others + [Self.palmeQuestion, reworded], allowed: [entry])
    #expect(stale.status == 1 && stale.said.contains("which is not found"), "\(stale.said)")
  }

  @Test("A question that holds its own answer fails it: 4/4 for 4, thorn for th")
  func itsOwnAnswer() throws {
    let (status, said) = try Self.check(
      Self.others + [
        Self.question(Self.wholeNote, "4", ["1", "2", "8"]),
        Self.question("Which sound did the Old English letter thorn (þ) stand for?", "th", ["sh", "ch"]),
        Self.question("Which sound did the Old English letter þ stand for?", "th", ["sh", "ch"]),
      ])
    #expect(status == 1)
    #expect(said.contains("question 7 (Film & TV, medium) \"\(Self.wholeNote)\" -> \"4\"\n  gives its own answer away"))
    #expect(said.contains("question 8 (Film & TV, medium) \"Which sound did the Old English letter thorn (þ)"))
    #expect(!said.contains("question 9"), "\(said)")
  }

  @Test("The bundled bank passes it, with its allow-list")
  func theBundledBankPasses() throws {
    let run = try Child.run("/usr/bin/python3", arguments: [Self.script, "giveaways"])
    #expect(run.status == 0, "\(run.errorText)")
  }
}
