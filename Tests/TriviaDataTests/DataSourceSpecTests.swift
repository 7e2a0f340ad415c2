import FixtureFolders
import Foundation
import Testing

@testable import TriviaData

@Suite struct DataSourceSpecTests {
  @Test func bundledAndOpenTDB() {
    #expect(DataSourceSpec.parse("bundled") == .bundled)
    #expect(DataSourceSpec.parse(" Bundled ") == .bundled)
    #expect(DataSourceSpec.parse("opentdb") == .url(URL(string: "https://opentdb.com/api.php")!))
    #expect(DataSourceSpec.parse("OpenTDB") == .url(URL(string: "https://opentdb.com/api.php")!))
    #expect(
      DataSourceSpec.parse("opentdb?category=9&encode=base64")
        == .url(URL(string: "https://opentdb.com/api.php?category=9&encode=base64")!))
  }

  @Test func httpAndHTTPSURLs() {
    #expect(DataSourceSpec.parse("https://example.org/api.php") == .url(URL(string: "https://example.org/api.php")!))
    #expect(DataSourceSpec.parse("http://127.0.0.1:8080/q") == .url(URL(string: "http://127.0.0.1:8080/q")!))
    #expect(DataSourceSpec.parse("HTTP://EXAMPLE.ORG/") == .url(URL(string: "HTTP://EXAMPLE.ORG/")!))
  }

  @Test func foldersAndFiles() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("questions.json", QuestionFormatTests.projectFile)
    #expect(DataSourceSpec.parse(folder.path) == .directory(folder.path))
    #expect(DataSourceSpec.parse(file) == .file(file))
    // A path that does not exist yet is a file; loading it says what is wrong.
    #expect(DataSourceSpec.parse("missing.json") == .file("missing.json"))
  }

  @Test func makesTheRightSourceWithAGoodName() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("questions.json", QuestionFormatTests.projectFile)
    #expect(makeDataSource(spec: "bundled") is BundledDataSource)
    let openTDB = makeDataSource(spec: "opentdb")
    #expect(openTDB is URLDataSource)
    #expect(openTDB.name == "Open Trivia DB")
    let api = makeDataSource(spec: "http://127.0.0.1:9/api.php?amount=5")
    #expect(api.name == "http://127.0.0.1:9/api.php")
    let directory = makeDataSource(spec: folder.path)
    #expect(directory is DirectoryDataSource)
    #expect(directory.name == folder.path + "/")
    let single = makeDataSource(spec: file)
    #expect(single is FileDataSource)
    #expect(single.name == file)
  }

  @Test func aMissingFileSaysSo() async throws {
    let error = try await #require(throws: DataSourceError.self) {
      try await makeDataSource(spec: "/nonexistent/questions.json").load(LoadRequest(count: 10, difficulty: .mixed))
    }
    #expect(error.message == "/nonexistent/questions.json: No such file or directory")
  }
}
