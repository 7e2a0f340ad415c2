/// Where a question, and each of its fields, is in the file it was read from, for a tool
/// that reports on it by `file:line:column`. Fields a format does not have (an OpenTriviaQA
/// block has no level) are where the question starts.
public struct QuestionLocation: Sendable, Equatable {
  /// The parts of a question a finding can be about.
  public enum Field: Sendable, Hashable, CaseIterable {
    case category, difficulty, type, question, correctAnswer, incorrectAnswers
  }

  /// Where the question starts: its `{`, or its `#Q` line.
  public var start: SourcePosition
  public var fields: [Field: SourcePosition]

  public init(start: SourcePosition, fields: [Field: SourcePosition] = [:]) {
    self.start = start
    self.fields = fields
  }

  /// Where `field` is written, or where the question starts when it is not.
  public func position(of field: Field) -> SourcePosition {
    fields[field] ?? start
  }
}
