import BundledBank

/// The questions written for this project, compiled into the binary so it plays anywhere.
public struct BundledDataSource: DataSource {
  public init() {}

  /// The name the landing shows, and what `--source` takes for it.
  public static let name = "bundled"

  public var name: String { Self.name }

  /// The 1,536 questions are read in a few milliseconds when a round is first dealt: the
  /// game does not parse them as it starts, so start-up costs the same whatever their number.
  public var loadsAtStart: Bool { false }

  public func load(_ request: LoadRequest) async throws(DataSourceError) -> QuestionBank {
    // Data/questions.json's bytes, where the binary keeps them (BundledBank): read in place.
    let bytes = UnsafeBufferPointer(start: trivia_bundled_bank_bytes(), count: trivia_bundled_bank_count())
    return try QuestionFileFormat.decode(bytes, name: "bundled questions")
  }
}
