import NightKit
import Testing

@Suite("Players' names")
struct PlayerNameTests {
  @Test func trimmedAndKept() {
    #expect(PlayerName.validate("  Ann  ", taken: []) == .success("Ann"))
  }

  @Test func oneToTwentyCharacters() {
    #expect(PlayerName.validate("", taken: []) == .failure(.empty))
    #expect(PlayerName.validate("   ", taken: []) == .failure(.empty))
    #expect(
      PlayerName.validate(String(repeating: "a", count: 20), taken: []) == .success(String(repeating: "a", count: 20)))
    #expect(PlayerName.validate(String(repeating: "a", count: 21), taken: []) == .failure(.tooLong))
  }

  @Test("A ZWJ emoji is one character, and allowed")
  func zwjEmoji() {
    let family = "👨‍👩‍👧"
    #expect(family.unicodeScalars.count == 5)
    let twenty = family + String(repeating: "a", count: 19)
    #expect(PlayerName.validate(twenty, taken: []) == .success(twenty))
    #expect(PlayerName.validate(twenty + "a", taken: []) == .failure(.tooLong))
    #expect(PlayerName.validate("🏴󠁧󠁢󠁥󠁮󠁧󠁿 fan", taken: []) == .success("🏴󠁧󠁢󠁥󠁮󠁧󠁿 fan"))
  }

  @Test(
    "Control characters are refused",
    arguments: [
      "Ann\u{7}", "\u{1B}[2JAnn", "Ann\nBob", "\u{202E}nnA", "An\u{200B}n", "Ann\u{2028}", "Ann\u{2029}", "A\u{200D}",
    ])
  func control(name: String) {
    #expect(PlayerName.validate(name, taken: []) == .failure(.controlCharacter))
  }

  @Test func uniqueIgnoringCaseAndAccents() {
    #expect(PlayerName.validate("zoe", taken: ["Zoë"]) == .failure(.taken("zoe")))
    #expect(PlayerName.validate("Zoë", taken: ["ZOE"]) == .failure(.taken("Zoë")))
    #expect(PlayerName.validate("Zoe\u{308}", taken: ["ZOË"]) == .failure(.taken("Zoe\u{308}")))
    #expect(PlayerName.validate("Zoey", taken: ["Zoë"]) == .success("Zoey"))
  }

  @Test func aRefusalSaysItsRule() {
    #expect(NameRefusal.tooLong.description == "A name has at most 20 characters.")
    #expect(NameRefusal.taken("Ann").description.contains("Ann"))
  }
}
