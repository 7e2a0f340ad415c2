/// Checks shared by the data fuzz targets: whatever bytes a parser is given, what it returns
/// must be playable and what it throws must say something. A broken promise traps, which
/// libFuzzer reports as a crash with the input that caused it.
enum QuestionInvariants {
  /// Every question in `bank` is one a round can show.
  /// `trimmed`: texts have no space at either end by `trimmedSpaces` (the JSON formats);
  /// OpenTriviaQA trims by Python's rules instead, so only ASCII spaces are checked there.
  static func check(_ bank: QuestionBank, requireDifficulty: Bool, trimmed: Bool) {
    require(!bank.questions.isEmpty, "a bank was returned without questions")
    for question in bank.questions {
      check(question, requireDifficulty: requireDifficulty, trimmed: trimmed)
    }
    for skipped in bank.skipped {
      require(!skipped.location.isEmpty && !skipped.reason.isEmpty, "a skipped entry says nothing")
    }
  }

  static func check(_ question: Question, requireDifficulty: Bool, trimmed: Bool) {
    require(!requireDifficulty || question.difficulty != nil, "no difficulty")
    for text in [question.category, question.text, question.correctAnswer] + question.incorrectAnswers {
      require(!text.isEmpty, "an empty text in \(question)")
      if trimmed {
        require(text.trimmedSpaces == text, "untrimmed text \(text.debugDescription)")
      } else {
        let ends = [text.unicodeScalars.first!, text.unicodeScalars.last!]
        require(
          !ends.contains { (0x09...0x0D).contains($0.value) || (0x1C...0x20).contains($0.value) },
          "untrimmed text \(text.debugDescription)")
      }
    }
    require(!question.incorrectAnswers.isEmpty, "no wrong answers in \(question)")
    require(!question.incorrectAnswers.contains(question.correctAnswer), "the answer is also wrong: \(question)")
    require(Set(question.incorrectAnswers).count == question.incorrectAnswers.count, "repeated: \(question)")
    if question.kind == .boolean {
      require(
        Set([question.correctAnswer] + question.incorrectAnswers) == ["True", "False"],
        "a boolean question that is not True/False: \(question)")
    }
    do {
      try QuestionFileFormat.validate(question)
    } catch {
      fatalError("a returned question fails validation (\(error.message)): \(question)")
    }
  }

  /// A refusal names the file and gives a reason.
  static func check(_ error: DataSourceError, name: String) {
    require(error.message.count > name.count + 2, "an error that says nothing: \(error.message)")
  }
}
