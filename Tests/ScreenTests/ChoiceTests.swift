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
    #expect(choiceUsage(for: answers, noun: "answer") == "1-4, a-d or the answer")
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

  @Test func aCategoryIsFoundByItsWordsAndTheirStart() {
    let names = ["Film & TV", "Food & Drink", "Science", "Science: Computers", "Social Science"]
    #expect("food and drink".matchingNames(in: names) == ["Food & Drink"])
    #expect("film".matchingNames(in: names) == ["Film & TV"])
    #expect("FILM & tv".matchingNames(in: names) == ["Film & TV"])
    // The same name first: "science" is Science, not every category whose words hold it.
    #expect("science".matchingNames(in: names) == ["Science"])
    #expect("science computers".matchingNames(in: names) == ["Science: Computers"])
    #expect("tv".matchingNames(in: names).isEmpty)
    #expect("&".matchingNames(in: names).isEmpty)
  }

  @Test func outOfRangeOrUnknownIsNil() {
    for input in ["0", "5", "e", "Helium", ""] {
      #expect(choiceIndex(input, among: answers) == nil, "\(input)")
    }
  }

  @Test func whereAnswersAreNumbersATypedNumberIsTheAnswerAndLettersLabelThem() {
    let staff = ["5", "6", "4", "7"]
    #expect(ChoiceLabels(for: staff) == .letters)
    #expect(choiceIndex("4", among: staff) == 2)
    #expect(choiceIndex("7", among: staff) == 3)
    #expect(choiceIndex("d", among: staff) == 3)
    #expect(choiceIndex("1", among: staff) == nil, "1 is neither an answer nor a label")
    #expect(choiceUsage(for: staff, noun: "answer") == "a-d or the answer")
    #expect(ChoiceLabels(for: ["1,000", "10,000", "100", "1"]) == .letters)
    #expect(ChoiceLabels(for: ["-273.15", "0", "100", "32"]) == .letters)
    // A number inside a text is not a number: positions stay numbers.
    #expect(ChoiceLabels(for: ["300,000 km/s", "30,000 km/s"]) == .numbers)
    #expect(ChoiceLabels(for: ["3π", "9π"]) == .numbers)
  }

  @Test func manyItemsHaveLettersOnlyUpToZ() {
    let answers = (1...170).map { "Answer \($0)" }
    #expect(choiceUsage(for: answers, noun: "answer") == "1-170, a-z or the answer")
    #expect(choiceIndex("170", among: answers) == 169)
    #expect(choiceIndex("z", among: answers) == 25)
  }
}
