/// Questions in one file of any format `QuestionFormat` knows: the project's JSON, a saved
/// Open Trivia DB response, OpenTriviaQA text, Moodle GIFT or Aiken. The format is told from
/// the content.
public struct FileDataSource: DataSource {
  public let path: String
  /// Larger files are refused rather than read into memory.
  public static let maximumSize = 256 << 20

  public init(path: String) {
    self.path = path
  }

  public var name: String { path }

  public func load(_ request: LoadRequest) async throws(DataSourceError) -> QuestionBank {
    var reader = FileReader()
    defer { reader.deallocate() }
    return try QuestionFormat.decode(try reader.read(path, limit: Self.maximumSize), name: path)
  }
}
