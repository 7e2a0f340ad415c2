import Testing
import TriviaData
import TriviaTools

@Suite("Finding")
struct FindingTests {
  @Test func printsAsCompilersDo() {
    let finding = Finding(
      .warning, file: "bank.json", position: SourcePosition(line: 3, column: 5),
      message: "the same question as at line 2")
    #expect(finding.description == "bank.json:3:5: warning: the same question as at line 2")
    #expect(finding.formatted(as: .error) == "bank.json:3:5: error: the same question as at line 2")
    #expect(Finding(.error, file: "x", position: nil, message: "gone").description == "x: error: gone")
    #expect(Finding(.error, file: "x", position: SourcePosition(line: 4), message: "m").description == "x:4: error: m")
  }
}
