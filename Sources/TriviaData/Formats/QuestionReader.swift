/// What one pass over a file leaves (OpenTriviaQA, GIFT, Aiken, a spreadsheet's rows): its
/// questions in one chunk, what it skipped and why, where each question is, and what it
/// noticed and played anyway. `QuestionBank.add(_:readAs:)` takes it whole, so each format
/// names only its own.
protocol QuestionReader {
  var chunk: QuestionChunk { get }
  var skipped: [QuestionBank.Skipped] { get }
  var locations: [QuestionLocation] { get }
  var warnings: [QuestionBank.Skipped.Fault] { get }
}

extension QuestionReader {
  var warnings: [QuestionBank.Skipped.Fault] { [] }
}

extension QuestionBank {
  /// Adds what `reader` read of a file in `format` (a folder's files go into one bank).
  mutating func add(_ reader: some QuestionReader, readAs format: QuestionFormat) {
    formats.insert(format)
    questions.append(reader.chunk)
    skipped += reader.skipped
    locations += reader.locations
    warnings += reader.warnings
  }
}
