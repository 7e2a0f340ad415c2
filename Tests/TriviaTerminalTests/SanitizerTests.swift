import Testing
import TriviaTerminal

@Suite("Nothing from the data reaches the terminal raw")
struct SanitizerTests {
  @Test(arguments: [
    ("plain text", "plain text"),
    ("Zürich – café 😀", "Zürich – café 😀"),
    ("a\u{1B}[31mred\u{1B}[0m", "a\u{FFFD}[31mred\u{FFFD}[0m"),
    ("\u{1B}]0;title\u{07}x", "\u{FFFD}]0;title\u{FFFD}x"),
    ("csi\u{9B}2J", "csi\u{FFFD}2J"),
    ("tab\tnew\nline\rcr", "tab new line cr"),
    ("del\u{7F}nul\u{0}", "del\u{FFFD}nul\u{FFFD}"),
    ("\u{202E}evil\u{202C} \u{2066}iso\u{2069}", "\u{FFFD}evil\u{FFFD} \u{FFFD}iso\u{FFFD}"),
  ])
  func controlsBecomeVisiblePlaceholders(input: String, output: String) {
    #expect(Sanitizer.clean(input) == output)
  }

  @Test func stylesAreEscapeCodesOnlyWhenWanted() {
    #expect(TerminalStyle.plain.format("x", .failure) == "x")
    #expect(TerminalStyle.ansi.format("x", .failure) == "\u{1B}[1;31mx\u{1B}[0m")
    #expect(TerminalStyle.ansi.format("x", .plain) == "x")
  }

  @Test func colourOnlyOnATerminalWithoutNoColor() {
    #expect(TerminalStyle.detect(isTerminal: true, noColorFlag: false, environment: [:]) == .ansi)
    #expect(TerminalStyle.detect(isTerminal: false, noColorFlag: false, environment: [:]) == .plain)
    #expect(TerminalStyle.detect(isTerminal: true, noColorFlag: true, environment: [:]) == .plain)
    #expect(TerminalStyle.detect(isTerminal: true, noColorFlag: false, environment: ["NO_COLOR": "1"]) == .plain)
    #expect(TerminalStyle.detect(isTerminal: true, noColorFlag: false, environment: ["NO_COLOR": ""]) == .ansi)
  }
}
