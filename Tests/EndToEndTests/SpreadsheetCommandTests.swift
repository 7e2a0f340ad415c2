import Foundation
import Testing

/// Spreadsheets through the real binary: `trivia check` on a teacher's CSV, `trivia convert`
/// to CSV and XLSX, and a workbook played with `--source`.
@Suite("Spreadsheets on the command line")
struct SpreadsheetCommandTests {
  /// The fixtures TriviaSheetsTests reads, made by their make-fixtures.py.
  static func fixture(_ name: String) -> String { TestsFolder.path("TriviaSheetsTests/Fixtures/\(name)") }

  @Test("check names each fault at its row and column, and exits 1")
  func check() async throws {
    let sandbox = try Sandbox()
    let path = Self.fixture("faults.csv")
    let result = try await sandbox.run(["check", path])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    // Row 6's unknown level is told once, as what its cell says (SpreadsheetCheckTests).
    #expect(lines.count == 10)
    #expect(
      lines.contains(
        "\(path), row 3, column \"Correct answer(s)\": error: the game skips this question: the right answer is "
          + "option 5, but there are 4 options"))
    #expect(lines.last == "Checked 6 questions (4 skipped) in 1 file: 5 errors, 4 warnings.")
  }

  @Test("The bundled bank converted to CSV, that to XLSX, and the workbook checked and played")
  func convertAndPlay() async throws {
    let sandbox = try Sandbox()
    let csv = sandbox.work + "/bank.csv"
    let xlsx = sandbox.work + "/bank.xlsx"
    let toCSV = try await sandbox.run(["convert", "bundled", "--to", csv])
    #expect(toCSV.status == 0)
    #expect(toCSV.stdout == "Wrote 1,536 questions to \(csv) (0 skipped).\n")
    let toXLSX = try await sandbox.run(["convert", csv, "--to", xlsx])
    #expect(toXLSX.stdout == "Wrote 1,536 questions to \(xlsx) (0 skipped).\n")
    let checked = try await sandbox.run(["check", "--strict", xlsx])
    #expect(checked.stdout == "Checked 1,536 questions in 1 file: no errors, no warnings.\n")
    #expect(checked.status == 0)

    let answers = "play\n" + String(repeating: "a\n\n", count: 3) + "done\nquit\n"
    let fromJSON = try await sandbox.run(
      ["--seed", "7", "--count", "3", "--no-history", "--script", "-"], input: answers)
    let fromXLSX = try await sandbox.run(
      ["--source", xlsx, "--seed", "7", "--count", "3", "--no-history", "--script", "-"], input: answers)
    #expect(fromXLSX.status == 0)
    try #require(fromXLSX.transcript.questions.count == 3)
    // The same bank, the same seed: the same deal.
    #expect(fromXLSX.transcript.questions.map(\.text) == fromJSON.transcript.questions.map(\.text))
  }

  @Test("A Kahoot workbook played: its questions, and only those it can ask")
  func kahoot() async throws {
    let sandbox = try Sandbox()
    let answers = "play\n" + String(repeating: "a\n\n", count: 4) + "done\nquit\n"
    let result = try await sandbox.run(
      ["--source", Self.fixture("kahoot.xlsx"), "--seed", "1", "--count", "4", "--no-history", "--script", "-"],
      input: answers)
    #expect(result.status == 0)
    #expect(
      Set(result.transcript.questions.map(\.text)) == [
        "What is the capital of Norway?", "The Sun is a star.", "In which year did Apollo 11 land on the Moon?",
        "Which gas do plants take in?",
      ])
  }
}
