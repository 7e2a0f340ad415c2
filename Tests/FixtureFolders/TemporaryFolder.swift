import Foundation

/// A fresh folder under the system's temporary folder, for fixtures a test writes itself;
/// removed, with all in it, when the test lets go of it.
public struct TemporaryFolder: ~Copyable {
  public let path: String

  public init() throws {
    path = FileManager.default.temporaryDirectory.path + "/trivia-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes `bytes` to `name` in the folder, making the folders on its way, and returns the
  /// file's path.
  @discardableResult
  public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = path + "/" + name
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }

  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }
}
