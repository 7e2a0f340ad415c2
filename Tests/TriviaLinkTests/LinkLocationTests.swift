import Foundation
import Glibc
import Testing
import TriviaLink

@Suite("Where the link socket lives")
struct LinkLocationTests {
  @Test func inTheRuntimeFolder() throws {
    let runtime = try RuntimeFolder()
    let location = try LinkLocation.resolve(environment: ["XDG_RUNTIME_DIR": runtime.path + "/"])
    #expect(location.socketPath == runtime.path + "/trivia/link.sock")
    #expect(try mode(of: runtime.path + "/trivia") == 0o700)
  }

  @Test(
    "Without a usable XDG_RUNTIME_DIR, a folder of this user's in /tmp",
    arguments: [[:], ["XDG_RUNTIME_DIR": "run/me"]])
  func inTemporaryFolder(environment: [String: String]) throws {
    let temporary = try RuntimeFolder()
    let location = try LinkLocation.resolve(environment: environment, uid: getuid(), temporaryFolder: temporary.path)
    #expect(location.socketPath == "\(temporary.path)/trivia-\(getuid())/link.sock")
    #expect(try mode(of: location.folder) == 0o700)
    // Found again as it was left.
    #expect(try LinkLocation.resolve(environment: environment, temporaryFolder: temporary.path) == location)
  }

  @Test func aFolderOpenToOthersIsRefused() throws {
    let temporary = try RuntimeFolder()
    let folder = "\(temporary.path)/trivia-\(getuid())"
    mkdir(folder, 0o700)
    chmod(folder, 0o755)
    #expect(throws: LinkError("\(folder) is open to others (mode 755): \(Self.advice)")) {
      try LinkLocation.resolve(environment: [:], temporaryFolder: temporary.path)
    }
  }

  @Test func aSymlinkInItsPlaceIsRefused() throws {
    let temporary = try RuntimeFolder()
    let folder = "\(temporary.path)/trivia-\(getuid())"
    mkdir(temporary.path + "/elsewhere", 0o700)
    symlink(temporary.path + "/elsewhere", folder)
    #expect(throws: LinkError("\(folder) is not a folder (a symlink or a file): \(Self.advice)")) {
      try LinkLocation.resolve(environment: [:], temporaryFolder: temporary.path)
    }
  }

  @Test(.enabled(if: getuid() == 0, "only root gives a folder away"))
  func aFolderOfAnotherUserIsRefused() throws {
    let temporary = try RuntimeFolder()
    let folder = "\(temporary.path)/trivia-0"
    mkdir(folder, 0o700)
    chown(folder, 65534, 65534)
    #expect(throws: LinkError("\(folder) belongs to uid 65534, not to you (uid 0): \(Self.advice)")) {
      try LinkLocation.resolve(environment: [:], temporaryFolder: temporary.path)
    }
  }

  @Test func aPathTooLongForASocketIsRefused() throws {
    let runtime = try RuntimeFolder()
    let deep = runtime.path + "/" + String(repeating: "d", count: 100)
    mkdir(deep, 0o700)
    #expect(throws: LinkError.self) { try LinkLocation.resolve(environment: ["XDG_RUNTIME_DIR": deep]) }
  }

  static let advice = "links need a folder of your own; remove it or set XDG_RUNTIME_DIR"

  private func mode(of path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
  }
}
