import FixtureFolders
import Foundation
import Glibc
import Testing
import TriviaData

/// Files written whole or not at all: the game's own kept private, the player's exports left
/// to the player's folder and umask.
@Suite struct AtomicFileTests {
  static func mode(_ path: String) throws -> mode_t {
    var status = stat()
    guard stat(path, &status) == 0 else { throw POSIXError(.ENOENT) }
    return status.st_mode & 0o7777
  }

  /// The process's umask, read without setting it: tests run side by side.
  static func umask() throws -> mode_t {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
    return try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
  }

  /// Found by hand: `trivia convert --to /tmp/out.json`, run as root, made /tmp 0700, and its
  /// file 0600, as if they were the game's own. A folder the player names is left as it is.
  @Test func anExportLeavesItsFolderAsItIsAndTakesTheUmask() throws {
    let folder = try TemporaryFolder()
    let shared = folder.path + "/shared"
    try #require(mkdir(shared, 0o755) == 0 && chmod(shared, 0o1777) == 0)
    try AtomicFile.export(Array("quiz".utf8), to: shared + "/quiz.json")
    #expect(try Self.mode(shared) == 0o1777)
    #expect(try Self.mode(shared + "/quiz.json") == 0o666 & ~(try Self.umask()))
    #expect(try String(contentsOfFile: shared + "/quiz.json", encoding: .utf8) == "quiz")
    #expect(try FileManager.default.contentsOfDirectory(atPath: shared) == ["quiz.json"])
  }

  @Test func anExportMakesTheFoldersMissingAsMkdirDoes() throws {
    let folder = try TemporaryFolder()
    try AtomicFile.export(Array("quiz".utf8), to: folder.path + "/quizzes/friday/quiz.json")
    let made = 0o777 & ~(try Self.umask())
    #expect(try Self.mode(folder.path + "/quizzes") == made)
    #expect(try Self.mode(folder.path + "/quizzes/friday") == made)
    let file = try folder.write("file", "x")
    let notFolder = try #require(throws: AtomicFile.Failure.self) {
      try AtomicFile.export(Array("quiz".utf8), to: file + "/quiz.json")
    }
    #expect(notFolder.description == "cannot create the folder \(file): File exists")
  }

  /// What the game keeps is still private: its folder tightened, its file 0600.
  @Test func aKeptFileIsPrivate() throws {
    let folder = try TemporaryFolder()
    let state = folder.path + "/state"
    try #require(mkdir(state, 0o755) == 0)
    try AtomicFile.write(Array("{}".utf8), to: state + "/options.json")
    #expect(try Self.mode(state) == 0o700)
    #expect(try Self.mode(state + "/options.json") == 0o600)
  }
}
