import Foundation

/// The question files in Fixtures/, written by hand as their users write them (#38), read
/// from beside this file: they are test data, not the package's resources.
enum FixtureFiles {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    .path

  static func path(_ name: String) -> String { folder + "/" + name }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path(name))))
  }
}
