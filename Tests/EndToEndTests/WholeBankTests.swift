import Foundation
import Testing

/// The bundled bank played to its end, as a player who comes back every day would.
@Suite("The whole bundled bank")
struct WholeBankTests {
  static let bankSize = 1_536

  @Test("A seeded game over the whole bundled bank deals every question once before any comes back")
  func everyQuestionOnceBeforeAnyRepeats() async throws {
    let sandbox = try Sandbox()
    // Rounds of 48 (1,536 is 32 of them) until every question has been dealt, then one more.
    // A round is shuffled as a whole, so rounds that end with the bank let nothing new and
    // old share one.
    let size = 48
    let rounds = Self.bankSize / size + 1
    let round = "play\n" + String(repeating: "a\n\n", count: size) + "done\n"
    let result = try await sandbox.run(
      ["--seed", "21", "--count", String(size)], input: String(repeating: round, count: rounds) + "quit\n",
      timeout: .seconds(300))
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let dealt = result.transcript.questions.map { "\($0.category): \($0.text)" }
    try #require(dealt.count == rounds * size)
    let firstPass = dealt.prefix(Self.bankSize)
    #expect(Set(firstPass).count == Self.bankSize, "a question came back before every one was dealt")
    // Every category, each of its 96 questions.
    let categories = Dictionary(grouping: firstPass) { $0.prefix { $0 != ":" } }
    #expect(categories.count == 16 && categories.values.allSatisfy { $0.count == 96 })
    // The landing says none is left; then the round comes back that was answered longest ago.
    #expect(result.stdout.contains("  Left:       none of 1,536: all asked; those asked longest ago come back first"))
    #expect(Set(dealt.suffix(size)) == Set(dealt.prefix(size)))
  }
}
