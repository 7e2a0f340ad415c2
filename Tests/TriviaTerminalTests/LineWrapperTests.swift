import ScreenKit
import Testing
import TriviaTerminal

@Suite("Lines broken between words to fit the terminal")
struct LineWrapperTests {
  let question =
    "In what movie did Penny Lane justify her love for a rock singer by saying that nobody knows what he says?"

  @Test func aLineThatFitsStaysWhole() {
    let line = Line("Question 1 of 10", style: .title)
    #expect(LineWrapper(width: 16).wrap(line) == [line])
  }

  @Test func aLongLineBreaksBetweenWordsWithinTheWidth() {
    let lines = LineWrapper(width: 30).wrap(Line(question))
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { $0.text.count <= 30 && !$0.text.hasSuffix(" ") && !$0.text.hasPrefix(" ") })
    #expect(lines.map(\.text).joined(separator: " ") == question)
    // Greedy: no line could have taken the next word too.
    for (line, next) in zip(lines, lines.dropFirst()) {
      #expect(line.text.count + 1 + next.text.prefix { $0 != " " }.count > 30)
    }
  }

  @Test func aLineInColumnsContinuesInItsSecondColumn() {
    // help's usage and summary: the summary goes on under itself.
    let lines = LineWrapper(width: 50).wrap(Line("  source [SPEC|--details]  " + question).hanging(at: 27))
    #expect(lines[0].text.hasPrefix("  source [SPEC|--details]  In what"))
    for line in lines.dropFirst() {
      #expect(line.text.hasPrefix(String(repeating: " ", count: 27)) && line.text.dropFirst(27).first != " ")
    }
  }

  @Test func aLineSaysWhereItContinues() {
    // The review's label has one space after it; the screen names the column.
    let lines = LineWrapper(width: 40).wrap((Line("  missed ", style: .failure) + Line(question)).hanging(at: 9))
    #expect(lines.count > 1)
    #expect(lines.dropFirst().allSatisfy { $0.text.hasPrefix("         ") && $0.text.dropFirst(9).first != " " })
  }

  @Test func twoSpacesInsideAQuestionAreNoColumn() {
    // Many OpenTriviaQA questions have a double space: they still wrap at their indent.
    let text = "  Which of these  " + question
    let lines = LineWrapper(width: 30).wrap(Line(text))
    #expect(lines.dropFirst().allSatisfy { $0.text.hasPrefix("  ") && $0.text.dropFirst(2).first != " " })
  }

  @Test func answersContinueInTheirColumn() {
    let lines = LineWrapper(width: 40).wrap(Line("  3) " + question))
    #expect(lines[0].text.hasPrefix("  3) In what movie"))
    for line in lines.dropFirst() {
      #expect(line.text.hasPrefix("     ") && !line.text.hasPrefix("      "))
    }
    #expect(lines.map { $0.text.drop { $0 == " " } }.joined(separator: " ") == "3) " + question)
  }

  @Test func stylesStayWithTheirWords() {
    let line = Line("Incorrect", style: .failure) + Line(" — the answer was ") + Line("Almost Famous", style: .emphasis)
    let lines = LineWrapper(width: 20).wrap(line)
    #expect(lines.map(\.text) == ["Incorrect — the", "answer was Almost", "Famous"])
    #expect(lines[0].spans.first == Line.Span(text: "Incorrect", style: .failure))
    #expect(lines[1].spans.last == Line.Span(text: "Almost", style: .emphasis))
    #expect(lines[2].spans == [Line.Span(text: "Famous", style: .emphasis)])
  }

  @Test func aWordLongerThanTheWidthIsCutAfterASlashWhereOneFits() {
    let lines = LineWrapper(width: 10).wrap(Line("see https://opentdb.com/api.php?amount=10"))
    #expect(lines.map(\.text) == ["see", "https://", "opentdb.co", "m/api.php?", "amount=10"])
  }

  @Test func aPathNoLineCouldHoldBeginsBesideItsLabelAndBreaksAfterASlash() {
    // `about` at 80 columns with a long home folder (#37): broken as `…/options.js` / `on`.
    let path = "/home/someone-with-a-long-name/.config/trivia/options.json"
    let label = "  Options" + String(repeating: " ", count: 26)
    let lines = LineWrapper(width: 80).wrap(Line(label + path).hanging(at: 35))
    #expect(
      lines.map(\.text) == [
        label + "/home/someone-with-a-long-name/.config/",
        String(repeating: " ", count: 35) + "trivia/options.json",
      ])
    // A word that fits on a line of its own (a URL to copy) is never broken.
    let url = "http://192.0.2.2:18080/9XYPYP"
    #expect(
      LineWrapper(width: 40).wrap(Line("Players join at " + url + " now")).map(\.text) == [
        "Players join at", url + " now",
      ])
  }

  @Test func aNarrowTerminalDropsTheIndentRatherThanLoop() {
    let lines = LineWrapper(width: 9).wrap(Line("    4) two words here"))
    #expect(lines.allSatisfy { !$0.text.isEmpty && $0.text.count <= 9 })
    #expect(lines.map(\.text).joined(separator: " ").split(separator: " ") == ["4)", "two", "words", "here"])
  }
}
