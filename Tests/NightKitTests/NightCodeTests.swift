import NightKit
import Testing

@Suite("The night's code")
struct NightCodeTests {
  @Test func sixCharactersWithoutLookAlikes() {
    var generator = TestGenerator(state: 7)
    let codes = (0..<2000).map { _ in NightCode.random(using: &generator).description }
    #expect(codes.allSatisfy { $0.count == 6 })
    let used = Set(codes.joined())
    #expect(used.isDisjoint(with: "0O1IL5S2Z8BUV"))
    #expect(used == Set(NightCode.alphabet))
    #expect(Set(codes).count > 1990)
  }

  @Test func readsAnyCase() {
    #expect(NightCode("ac3x9q")?.description == "AC3X9Q")
    #expect(NightCode("AC3X9Q") == NightCode("ac3X9q"))
  }

  @Test("Refuses a wrong length or a look-alike", arguments: ["AC3X9", "AC3X9QQ", "AC3X90", "AC3XIQ", "", "AC3 9Q"])
  func refuses(text: String) {
    #expect(NightCode(text) == nil)
  }
}
