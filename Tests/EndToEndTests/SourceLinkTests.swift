import Foundation
import Testing

/// A link to another source (issue #36): one arriving through the link socket, from any
/// program the player runs, changes the questions kept for the next start only when the
/// player says yes at the game's own prompt; the sender hears the question and the answer.
@Suite("Source links ask")
struct SourceLinkTests {
  static func question(_ spec: String) -> String {
    "Play the questions from \(spec) from now on?"
  }

  /// The source the options keep for the next start; nil when none is kept.
  static func savedSource(_ sandbox: Sandbox) throws -> String? {
    guard let data = FileManager.default.contents(atPath: sandbox.optionsPath) else { return nil }
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return object["source"] as? String
  }

  @Test("A source link through the socket asks; no keeps the source as it was, yes switches and keeps it")
  func asksBeforeSaving() throws {
    let sandbox = try Sandbox()
    // A short name: the question then fits the terminal's 80 columns.
    let spec = try sandbox.write(
      "q.json", QuestionFixtures.file([QuestionFixtures.question("Whose questions are these?", correct: "Theirs")]))
    let link = "trivia://source?spec=" + spec
    let terminal = try LinkTests.game(sandbox)

    let declined = LinkTests.send(link, sandbox)
    try InteractiveTests.awaitPrompt(terminal, Self.question(spec) + " (y/n)")
    try terminal.send("n\r")
    let no = try declined.value
    #expect(no.stdout == "waiting for the player to answer: \(Self.question(spec))\ndeclined by the player\n")
    #expect(no.status == 1)
    try terminal.expect("The source stays bundled.")
    try InteractiveTests.awaitPrompt(terminal, "trivia")
    #expect(try Self.savedSource(sandbox) == nil)

    let accepted = LinkTests.send(link, sandbox)
    try InteractiveTests.awaitPrompt(terminal, Self.question(spec) + " (y/n)")
    try terminal.send("y\r")
    let yes = try accepted.value
    #expect(yes.status == 0, "\(yes.stdout)")
    try InteractiveTests.awaitPrompt(terminal, "trivia")
    #expect(try Self.savedSource(sandbox) == spec)
    try InteractiveTests.leave(terminal)
  }
}
