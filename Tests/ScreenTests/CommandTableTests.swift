import ScreenKit
import Testing

@Suite("Command tables")
struct CommandTableTests {
  final class Calls {
    var names: [String] = []
  }

  func table(_ calls: Calls) -> CommandTable {
    CommandTable(
      [
        Command("play", summary: "start") { calls.names.append("play") },
        Command("count", usage: "count N", summary: "set", takesArgument: true) { argument in
          guard let number = Int(argument) else { return .rejected("not a number: \(argument)") }
          calls.names.append("count \(number)")
          return .done
        },
      ],
      freeform: .init(usage: "an answer", summary: "answer", completions: ["Paris", "Prague"]) { input in
        input == "Paris" ? .done : nil
      })
  }

  @Test func commandsAreCaseInsensitiveAndTrimmed() {
    let calls = Calls()
    #expect(table(calls).run("  PLAY ") == .done)
    #expect(calls.names == ["play"])
  }

  @Test func argumentsReachTheCommand() {
    let calls = Calls()
    #expect(table(calls).run("count 12") == .done)
    #expect(table(calls).run("count twelve") == .rejected("not a number: twelve"))
    #expect(calls.names == ["count 12"])
  }

  @Test func aCommandWithoutArgumentsRefusesOne() {
    let calls = Calls()
    #expect(table(calls).run("play now") == .unknown)
    #expect(calls.names.isEmpty)
  }

  @Test func freeformTakesWhatNoCommandMatches() {
    let calls = Calls()
    #expect(table(calls).run("Paris") == .done)
    #expect(table(calls).run("Rome") == .unknown)
  }

  @Test func mergingKeepsTheFirstTablesCommandsAndFreeform() {
    let calls = Calls()
    let other = CommandTable([
      Command("play", summary: "other play") { calls.names.append("other") },
      Command("help", summary: "help") { calls.names.append("help") },
    ])
    let merged = table(calls).merging(other)
    #expect(merged.commands.map(\.name) == ["play", "count", "help"])
    #expect(merged.run("play") == .done)
    #expect(merged.run("help") == .done)
    #expect(merged.run("Paris") == .done)
    #expect(calls.names == ["play", "help"])
  }

  @Test func helpListsFreeformThenCommandsAligned() {
    let help = table(Calls()).help.map(\.text)
    #expect(help == ["  an answer  answer", "  play       start", "  count N    set"])
  }

  @Test func completionsComeFromTheSameTable() {
    let table = table(Calls())
    #expect(table.completions(for: "p") == ["play", "Paris", "Prague"])
    #expect(table.completions(for: "PR") == ["Prague"])
    #expect(table.completions(for: "") == ["play", "count", "Paris", "Prague"])
    #expect(table.completions(for: "x").isEmpty)
  }

  @Test func tabCompletesTheArgumentOfACommandThatOffersIt() {
    let table = CommandTable(
      [
        .source(complete: { typed in ["bundled", "books/", "bits.json"].filter { $0.hasPrefix(typed) } }) { _ in }
      ],
      freeform: .init(usage: "an answer", summary: "answer", completions: ["Carbon dioxide"]) { _ in nil })
    #expect(table.completions(for: "source b") == ["source bundled", "source books/", "source bits.json"])
    #expect(table.completions(for: "SOURCE  bo") == ["SOURCE  books/"])
    #expect(table.completions(for: "so") == ["source"])
    // An answer with a space is still completed as a whole.
    #expect(table.completions(for: "Carbon d") == ["Carbon dioxide"])
  }
}
