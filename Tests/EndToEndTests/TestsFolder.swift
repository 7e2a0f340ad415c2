import Foundation

/// Files the other test targets keep (their fixtures), by their path under Tests/.
enum TestsFolder {
  static func path(_ relative: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(relative).path
  }
}
