import Foundation
import Testing
import TriviaApp
import TriviaData

@Suite("Saved options")
struct OptionsStoreTests {
  func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "trivia-options-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func savesAndLoadsThroughMissingFolders() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = FileOptionsStore(path: folder + "/a/b/options.json")
    #expect(try store.load().get() == nil)
    try store.save(GameOptions(questionCount: 12, difficulty: .hard))
    #expect(try store.load().get() == GameOptions(questionCount: 12, difficulty: .hard))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder + "/a/b")
    #expect(leftovers == ["options.json"], "no temporary files are left behind")
  }

  @Test(arguments: ["{", "[]", "{\"questionCount\": 0, \"difficulty\": \"easy\"}", "{\"questionCount\": 5}"])
  func aBadFileIsReportedNotTrusted(_ content: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/options.json"
    try content.write(toFile: path, atomically: true, encoding: .utf8)
    guard case .failure(let error) = FileOptionsStore(path: path).load() else {
      Issue.record("\(content) must not load")
      return
    }
    #expect(error.message.hasPrefix(path))
  }

  @Test func followsXDGWithHomeFallback() {
    #expect(
      FileOptionsStore.standardPath(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/h"])
        == "/x/config/trivia/options.json")
    #expect(FileOptionsStore.standardPath(environment: ["HOME": "/h"]) == "/h/.config/trivia/options.json")
    #expect(
      FileOptionsStore.standardPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])
        == "/h/.config/trivia/options.json")
    #expect(XDGDirectory.state.path(environment: ["HOME": "/h"]) == "/h/.local/state")
  }
}
