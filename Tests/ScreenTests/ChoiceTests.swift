import ScreenKit
import Testing

@Suite("Choosing among answers")
struct ChoiceTests {
  let answers = ["Carbon dioxide", "Oxygen", "Nitrogen", "Zürich"]

  @Test func byNumberLetterOrText() {
    #expect(choiceIndex("2", among: answers) == 1)
    #expect(choiceIndex("c", among: answers) == 2)
    #expect(choiceIndex("C", among: answers) == 2)
    #expect(choiceIndex("carbon   DIOXIDE", among: answers) == 0)
    #expect(choiceIndex("zurich", among: answers) == 3)
    #expect(choiceUsage(count: 4, noun: "answer") == "1-4, a-d or the answer")
  }

  @Test func accentsCaseAndFullWidthFormsDoNotMatter() {
    #expect("Émile Zola".matchingKey == "emile zola")
    #expect("SÃO  Paulo".matchingKey == "sao paulo")
    // Accents typed as combining marks, as some keyboards do.
    #expect("Ze\u{301}lie".matchingKey == "Zélie".matchingKey)
    #expect("Ｔｏｋｙｏ　１".matchingKey == "tokyo 1")
    #expect("Dvořák, Ångström, Łódź".matchingKey == "dvorak, angstrom, łodz")
    #expect("Ελλάδα".matchingKey == "ελλαδα")
    #expect(choiceIndex("sao paulo", among: ["Lima", "São Paulo"]) == 1)
  }

  @Test func outOfRangeOrUnknownIsNil() {
    for input in ["0", "5", "e", "Helium", ""] {
      #expect(choiceIndex(input, among: answers) == nil, "\(input)")
    }
  }

  @Test func numbersArePositionsEvenWhenAnAnswerIsANumber() {
    #expect(choiceIndex("4", among: ["4", "5", "6", "3"]) == 3)
    // Past the last position, a number is read as an answer's text.
    #expect(choiceIndex("5", among: ["4", "5", "6", "3"]) == 1)
  }

  @Test func manyItemsHaveLettersOnlyUpToZ() {
    let answers = (1...170).map { "Answer \($0)" }
    #expect(choiceUsage(count: 170, noun: "answer") == "1-170, a-z or the answer")
    #expect(choiceIndex("170", among: answers) == 169)
    #expect(choiceIndex("z", among: answers) == 25)
  }
}
