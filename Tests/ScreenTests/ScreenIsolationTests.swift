import Foundation
import ProcessSpawn
import Testing

/// The build enforces that no screen names another: each screen target may depend on
/// ScreenKit (and NavigatorKit) only, and `make` builds with the explicit import check.
@Suite("Screen isolation")
struct ScreenIsolationTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func screenFolders() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources/Screens").path)
      .filter { !$0.hasPrefix(".") }
  }

  @Test func screenTargetsDependOnlyOnSharedKits() throws {
    // A scratch path of its own: `swift test` holds the lock on .build while this runs.
    let scratch = NSTemporaryDirectory() + "trivia-dump-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let run = try Child.run(
      "/usr/bin/env", arguments: ["swift", "package", "--scratch-path", scratch, "dump-package"],
      directory: Self.packageRoot.path, timeout: .seconds(300))
    #expect(run.status == 0, "swift package dump-package: \(run.errorText)")
    let package = try #require(try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any])
    let targets = try #require(package["targets"] as? [[String: Any]])
    let screens = targets.filter { ($0["path"] as? String)?.hasPrefix("Sources/Screens/") == true }
    // Every folder of Sources/Screens is a screen target, found by the manifest itself.
    #expect(Set(screens.compactMap { $0["name"] as? String }) == Set(try Self.screenFolders()))
    for screen in screens {
      let dependencies = (screen["dependencies"] as? [[String: Any]] ?? []).compactMap {
        ($0["byName"] as? [Any])?.first as? String
      }
      #expect(Set(dependencies).isSubset(of: ["ScreenKit", "NavigatorKit"]), "\(screen["name"] ?? "?")")
    }
  }

  @Test func noScreenSourceImportsAnotherScreen() throws {
    let folder = Self.packageRoot.appendingPathComponent("Sources/Screens")
    let names = try Self.screenFolders()
    #expect(!names.isEmpty)
    for name in names {
      let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(name).path)
      for file in files {
        let text = try String(contentsOf: folder.appendingPathComponent("\(name)/\(file)"), encoding: .utf8)
        for other in names where other != name {
          #expect(!text.contains("import \(other)"), "\(name)/\(file) imports \(other)")
        }
      }
    }
  }
}
