/// The questions written for this project, compiled into the binary so it plays anywhere.
public struct BundledDataSource: DataSource {
  public init() {}

  public var name: String { "bundled" }

  public func load(_ request: LoadRequest) async throws(DataSourceError) -> QuestionBank {
    try QuestionFileFormat.decode(PackageResources.questions_json, name: "bundled questions")
  }
}
