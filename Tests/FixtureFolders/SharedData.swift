import Foundation

/// The OpenTriviaQA data beside the repository (`../shared/data/opentriviaqa`), found from
/// this file's path; the tests that read it run only where it is.
public enum SharedData {
  public static let openTriviaQA: String = {
    var url = URL(fileURLWithPath: #filePath)
    // Tests/FixtureFolders/SharedData.swift -> the folder that holds the repository.
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("shared/data/opentriviaqa").path
  }()

  public static var exists: Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: openTriviaQA, isDirectory: &isFolder) && isFolder.boolValue
  }

  /// The plain reader the OpenTriviaQA importer is held to.
  public static let referenceReader: String = {
    URL(fileURLWithPath: openTriviaQA).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("tools/otqa_reference.py").path
  }()

  public static var referenceReaderRuns: Bool {
    exists && FileManager.default.fileExists(atPath: referenceReader)
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
  }
}
