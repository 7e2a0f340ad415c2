/// libFuzzer target for OpenTriviaQA text: `OpenTriviaQAFormat.decode`, which reads raw
/// bytes through unsafe buffers, `category(forFileName:)`, and `QuestionFormat.detect`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenTriviaQA(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  // Telling the formats apart scans the same bytes with index arithmetic of its own; what
  // the reader takes for OpenTriviaQA, and does not look like JSON, detection must too.
  let detected = QuestionFormat.detect(bytes: bytes)
  let looksLikeJSON = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first == UInt8(ascii: "{")
  do {
    let bank = try OpenTriviaQAFormat.decode(bytes, name: "fuzz-category")
    QuestionInvariants.check(bank, requireDifficulty: false, trimmed: false)
    require(
      looksLikeJSON || detected == .openTriviaQA, "read as OpenTriviaQA but detected as \(String(describing: detected))"
    )
    for question in bank.questions {
      require(question.difficulty == nil, "OpenTriviaQA has no difficulty")
      require(question.category == "Fuzz Category", "category \(question.category)")
    }
  } catch {
    QuestionInvariants.check(error, name: "fuzz-category")
  }
  // Reading into a bank that already holds questions appends and never loses any.
  var bank = QuestionBank(questions: [
    Question(
      category: "C", difficulty: nil, kind: .boolean, text: "T",
      correctAnswer: "True", incorrectAnswers: ["False"])
  ])
  OpenTriviaQAFormat.decode(bytes, name: "fuzz", category: "C", into: &bank)
  require(bank.questions.first?.text == "T", "the bank lost its first question")
  let category = OpenTriviaQAFormat.category(forFileName: String(decoding: bytes.prefix(256), as: UTF8.self))
  require(!category.isEmpty, "an empty category")
  return 0
}
