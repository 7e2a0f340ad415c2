/// Where questions come from. The coordinator holds one and can be given another.
public protocol DataSource: Sendable {
  /// A short description for the player: `bundled`, `questions.json`.
  var name: String { get }
  /// Reads the questions. Files give all they hold; a web API asks for what `request` says.
  func load(_ request: LoadRequest) async throws(DataSourceError) -> QuestionBank
  /// Whether each round must ask the source again (a web API that serves a few questions
  /// at a time), rather than dealing from everything it gave once.
  var loadsPerRound: Bool { get }
  /// Whether loading should start with the game, in the background, so that the first round
  /// finds the questions ready: worth it for a folder of 47,000 questions or a web API, not
  /// for what is read in a few milliseconds when first asked for.
  var loadsAtStart: Bool { get }
}

extension DataSource {
  public var loadsPerRound: Bool { false }
  public var loadsAtStart: Bool { true }
}

/// What the next round wants, for sources that fetch only part of their questions.
public struct LoadRequest: Sendable, Equatable {
  public var count: Int
  public var difficulty: DifficultyChoice

  public init(count: Int, difficulty: DifficultyChoice) {
    self.count = count
    self.difficulty = difficulty
  }
}
