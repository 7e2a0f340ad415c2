import Testing
import TriviaData
import TriviaTools

/// `trivia check` on a spreadsheet: each fault at its row and column, by the column's name,
/// as a teacher finds the cell.
@Suite("Checking spreadsheets")
struct SpreadsheetCheckTests {
  /// A level the game does not know is told once, as what the cell says, not again as a
  /// question without a level.
  @Test("Each fault of faults.csv at its row and column, once; what is skipped, and why")
  func faults() throws {
    let path = SheetFixtures.path("faults.csv")
    let report = CheckReport(paths: [path])
    #expect(
      report.lines(strict: false) == [
        "\(path), row 1, column \"Notes\": warning: a column the game does not read: its cells are left out (the "
          + "columns read are question, correct, wrong…, category, difficulty, seconds, or Kahoot's or Quizizz's)",
        "\(path), row 2, column \"Correct answer(s)\": error: the game skips this question: no right answer: write "
          + "the number of the right option, 1 to 4",
        "\(path), row 3, column \"Correct answer(s)\": error: the game skips this question: the right answer is "
          + "option 5, but there are 4 options",
        "\(path), row 4, column \"Answer 3\": warning: an empty option: the question is asked with the others",
        "\(path), row 5, column \"Answer 3\": error: the game skips this question: two equal options: \"Snow\" as "
          + "in column \"Answer 1\"",
        "\(path), row 6, column \"Time limit\": warning: 240 seconds is outside the game's times, 5 to "
          + "120: the question plays with the game's own time limit",
        "\(path), row 6, column \"Difficulty\": warning: \"expert\" is not easy, medium or hard: the question "
          + "plays only under Mixed",
        "\(path), row 7, column \"Question\": error: the game skips this question: no question: the cell is empty",
        "\(path), row 7, column \"Answer 3\": error: the game skips this question: the right answer, option 3, is "
          + "empty",
        "Checked 6 questions (4 skipped) in 1 file: 5 errors, 4 warnings.",
      ])
    #expect(report.exitStatus(strict: false) == 1)
  }

  @Test("A workbook is checked as its CSV is, and its ZIP's bytes are not taken for text")
  func workbook() throws {
    let report = CheckReport(paths: [SheetFixtures.path("thousand.xlsx")])
    #expect(report.lines(strict: true) == ["Checked 1,000 questions in 1 file: no errors, no warnings."])
  }
}
