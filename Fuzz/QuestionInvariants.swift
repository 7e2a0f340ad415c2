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

  /// `bytes` read by `format` plainly and locating (as `trivia check` reads), each checked as
  /// above: nil when it is no such file. Either way the two reads agree: the same questions,
  /// each with a place in the file, or the same reason (the place may say a column more).
  static func readBoth<Format: QuestionDecoding>(
    _ format: Format.Type, _ bytes: [UInt8], name: String, trimmed: Bool
  ) -> QuestionBank? {
    let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    let plain: QuestionBank
    do {
      plain = try Format.decode(bytes, name: name)
      check(plain, requireDifficulty: false, trimmed: trimmed)
    } catch {
      check(error, name: name)
      let located = Result { () throws(DataSourceError) in try Format.decode(bytes, name: name, locating: true) }
      guard case .failure(let other) = located else { preconditionFailure("only a located read succeeded") }
      require(other.reason == error.reason, "a located read failed otherwise: \(other.message)")
      return nil
    }
    do {
      let located = try Format.decode(bytes, name: name, locating: true)
      require(located.questions == plain.questions, "a located read gave other questions")
      require(located.skipped.map(\.description) == plain.skipped.map(\.description), "a located read skipped others")
      require(located.locations.count == located.questions.count, "a question without a location")
      for place in located.locations.map(\.start) + located.skipped.compactMap(\.position) {
        require(
          place.line >= 1 && place.line <= lines && (place.column ?? 1) >= 1, "a location outside the file: \(place)")
      }
    } catch {
      preconditionFailure("only a plain read succeeded: \(error.message)")
    }
    return plain
  }
}
