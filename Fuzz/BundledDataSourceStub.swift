/// Stands in for Sources/TriviaData/DataSources/BundledDataSource.swift in the fuzz build:
/// that file reads the questions the BundledBank C target embeds, which a plain swiftc build
/// lacks. `DataSourceSpec` names the type, so the module needs one.
public struct BundledDataSource: DataSource {
  public init() {}

  public var name: String { "bundled" }

  public func load(_ request: LoadRequest) async throws(DataSourceError) -> QuestionBank {
    throw DataSourceError("the fuzz build has no bundled questions")
  }
}
