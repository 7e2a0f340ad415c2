/// Checks shared by the data fuzz targets: whatever bytes a parser is given, what it returns
/// must be playable and what it throws must say something. A broken promise traps, which
/// libFuzzer reports as a crash with the input that caused it.
enum QuestionInvariants {
  /// Every question in `bank` is one a round can show.
  /// `trimmed`: texts have no space at either end by `trimmedSpaces` (the JSON formats);
  /// OpenTriviaQA trims by Python's rules instead, so only ASCII spaces are checked there.
  static func check(_ bank: QuestionBank, requireDifficulty: Bool, trimmed: Bool) {
    precondition(!bank.questions.isEmpty, "a bank was returned without questions")
    for question in bank.questions {
      check(question, requireDifficulty: requireDifficulty, trimmed: trimmed)
    }
    for skipped in bank.skipped {
      precondition(!skipped.location.isEmpty && !skipped.reason.isEmpty, "a skipped entry says nothing")
    }
  }

  static func check(_ question: Question, requireDifficulty: Bool, trimmed: Bool) {
    precondition(!requireDifficulty || question.difficulty != nil, "no difficulty")
    for text in [question.category, question.text, question.correctAnswer] + question.incorrectAnswers {
      precondition(!text.isEmpty, "an empty text in \(question)")
      if trimmed {
        precondition(text.trimmedSpaces == text, "untrimmed text \(text.debugDescription)")
      } else {
        let ends = [text.unicodeScalars.first!, text.unicodeScalars.last!]
        precondition(
          !ends.contains { (0x09...0x0D).contains($0.value) || (0x1C...0x20).contains($0.value) },
          "untrimmed text \(text.debugDescription)")
      }
    }
    precondition(!question.incorrectAnswers.isEmpty, "no wrong answers in \(question)")
    precondition(!question.incorrectAnswers.contains(question.correctAnswer), "the answer is also wrong: \(question)")
    precondition(Set(question.incorrectAnswers).count == question.incorrectAnswers.count, "repeated: \(question)")
    if question.kind == .boolean {
      precondition(
        Set([question.correctAnswer] + question.incorrectAnswers) == ["True", "False"],
        "a boolean question that is not True/False: \(question)")
    }
    do {
      try QuestionFileFormat.validate(question)
    } catch {
      preconditionFailure("a returned question fails validation (\(error.message)): \(question)")
    }
  }

  /// A refusal names the file and gives a reason.
  static func check(_ error: DataSourceError, name: String) {
    precondition(error.message.count > name.count + 2, "an error that says nothing: \(error.message)")
  }
}

/// The fuzzer's bytes as an array; `data` may be null when `size` is 0.
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}
