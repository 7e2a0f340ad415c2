import Testing

/// Joining without a name asks for one, and an empty line asks again (issue 27): the name
/// typed next is the name, not a command at the landing's prompt.
@Suite struct JoinNameTests {
  @Test func anEmptyNameIsAskedAgain() async throws {
    let sandbox = try Sandbox()
    let (host, url) = try await WireTests.host(sandbox, ["--start-when", "9"])
    let tara = try NightProcess(
      ["join", url, "--no-color", "--script", try sandbox.write("tara.txt", "\n\nTara\n")], in: sandbox)
    try await host.waitFor("Tara joined")
    try await tara.waitFor("You are in as Tara")
    #expect(tara.text.contains("A night needs a name: type yours"), "\(tara.text)")
    #expect(!tara.text.contains("Unknown command"), "\(tara.text)")
  }
}
