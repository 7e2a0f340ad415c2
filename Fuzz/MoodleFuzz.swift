/// libFuzzer target for Moodle's text formats (#38), byte readers of the project's own:
/// `GIFTFormat.decode` and `AikenFormat.decode`, plain and locating (as `trivia check`
/// reads), and each one's round trip, as `trivia convert` promises it: what a format reads,
/// written by its `encode` and read again, is the same questions.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMoodle(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  _ = QuestionFormat.detect(bytes: bytes)
  if let bank = QuestionInvariants.readBoth(GIFTFormat.self, bytes, name: "fuzz.gift", trimmed: false) {
    let written = GIFTFormat.encode(bank.questions)
    let again = try? GIFTFormat.decode(written, name: "fuzz.gift")
    require(again?.skipped.isEmpty ?? false, "GIFT written and read again skipped \(again?.skipped ?? [])")
    let first = Array(bank.questions)
    let second = Array(again?.questions ?? QuestionList([]))
    require(
      second == first,
      "GIFT written and read again: \(first.first { !second.contains($0) }.map(String.init(describing:)) ?? "") "
        + "in \(String(decoding: written, as: UTF8.self).debugDescription)")
  }
  if let bank = QuestionInvariants.readBoth(AikenFormat.self, bytes, name: "fuzz.txt", trimmed: false) {
    // Aiken moves the right answer among the options, and keeps the text, the answers and
    // the kind; the category is the file's, as ever in Aiken.
    guard let written = try? AikenFormat.encode(bank.questions) else { return 0 }
    let again = try? AikenFormat.decode(written, name: "fuzz.txt")
    let first = Array(bank.questions)
    let second = Array(again?.questions ?? QuestionList([]))
    require(second.count == first.count, "Aiken written and read again: \(second.count) of \(first.count) questions")
    for (before, after) in zip(first, second) {
      require(
        after.text == before.text && after.kind == before.kind && after.correctAnswer == before.correctAnswer
          && after.incorrectAnswers == before.incorrectAnswers,
        "Aiken written and read again: \(before) became \(after)")
    }
  }
  return 0
}
