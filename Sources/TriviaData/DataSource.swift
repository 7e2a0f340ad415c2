/// Where questions come from. The coordinator holds one and can be given another.
public protocol DataSource: Sendable {
  /// A short description for the player: `bundled`, `questions.json`.
  var name: String { get }
  /// Reads every question the source holds.
  func load() async throws(DataSourceError) -> QuestionBank
}

/// Why a source gave no questions, in words a player can act on.
public struct DataSourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong: `questions.json, line 3, column 5: expected ',' or '}'`.
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
