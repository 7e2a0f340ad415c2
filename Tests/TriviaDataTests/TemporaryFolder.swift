import Foundation

/// A fresh folder under the system's temporary folder, for fixtures a test writes itself.
struct TemporaryFolder: ~Copyable {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.path + "/trivia-data-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes `bytes` to `name` in the folder and returns the file's path.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = path + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }
}

/// Where the shared OpenTriviaQA data lives: `../shared/data/opentriviaqa` beside the
/// repository, found from this file's path.
enum SharedData {
  static let openTriviaQA: String = {
    var url = URL(fileURLWithPath: #filePath)
    // Tests/TriviaDataTests/TemporaryFolder.swift -> the repository folder.
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.deletingLastPathComponent().appendingPathComponent("shared/data/opentriviaqa").path
  }()

  /// The plain reader the OpenTriviaQA importer is held to.
  static let referenceReader: String = {
    URL(fileURLWithPath: openTriviaQA).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("tools/otqa_reference.py").path
  }()

  static var referenceReaderRuns: Bool {
    openTriviaQAExists && FileManager.default.fileExists(atPath: referenceReader)
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
  }

  static var openTriviaQAExists: Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: openTriviaQA, isDirectory: &isFolder) && isFolder.boolValue
  }
}
