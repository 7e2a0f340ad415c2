import Foundation
import Glibc
import Testing

/// The history through symbolic links (issue #36): a state folder that is a link (common on
/// managed homes) keeps the history as a real one does; a link in the place of its `-wal` or
/// `-shm`, which SQLite never follows, is moved aside once, not a reason to keep no history
/// at every start.
@Suite("History through symbolic links")
struct LinkedHistoryTests {
  /// Where a link stands in the history's path.
  enum LinkedFolder: String, CaseIterable, CustomTestStringConvertible {
    /// `XDG_STATE_HOME` itself.
    case stateHome = "XDG_STATE_HOME"
    /// `XDG_STATE_HOME/trivia`, the folder the file is in.
    case triviaFolder = "XDG_STATE_HOME/trivia"
    var testDescription: String { rawValue + " a link to a folder" }
  }

  static let play = "play\na\n\nb\n\ndone\nquit\n"

  @Test(
    "A link in the history's folders: the answers are kept, in the folder it leads to", arguments: LinkedFolder.allCases
  )
  func linkedFolder(_ linked: LinkedFolder) async throws {
    let sandbox = try Sandbox()
    let real = sandbox.work + "/real-state"
    let link: String
    switch linked {
    case .stateHome:
      try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
      try FileManager.default.removeItem(atPath: sandbox.state)
      link = sandbox.state
    case .triviaFolder:
      try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
      link = sandbox.state + "/trivia"
    }
    try #require(symlink(real, link) == 0)
    let first = try await sandbox.run(["--seed", "1", "--count", "2"], input: Self.play)
    #expect(first.status == 0)
    #expect(!first.stdout.contains("History not"), "\(first.stdout.suffix(400))")
    #expect(!first.stdout.contains("history.sqlite"), "\(first.stdout.suffix(400))")
    let second = try await sandbox.run(["--seed", "2", "--count", "2"], input: Self.play)
    #expect(second.status == 0)
    #expect(!second.stdout.contains("History not"), "\(second.stdout.suffix(400))")
    let file = real + (linked == .stateHome ? "/trivia" : "") + "/history.sqlite"
    var status = stat()
    #expect(lstat(file, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && status.st_size > 0)
    #expect(try KeptFileFaultTests.shell(file, "SELECT count(*) FROM answers") == ["4"])
  }

  @Test(
    "A link in the place of -wal or -shm is moved aside as the link, said once; the history goes on",
    arguments: ["-wal", "-shm"])
  func linkedSideFile(_ suffix: String) async throws {
    let sandbox = try await HostileHistoryTests.sandbox()
    let target = sandbox.work + "/elsewhere" + suffix
    let side = sandbox.historyFile + suffix
    try #require(symlink(target, side) == 0)
    let result = try await sandbox.run(["--seed", "2", "--count", "2"], input: Self.play)
    #expect(result.status == 0)
    #expect(!result.stdout.contains("History not"), "\(HostileHistoryTests.mentions(result.stdout))")
    let aside = try FileManager.default.contentsOfDirectory(atPath: sandbox.state + "/trivia")
      .filter { $0.hasPrefix("history.sqlite\(suffix).foreign-") }.map { sandbox.state + "/trivia/" + $0 }
    try #require(aside.count == 1, "\(HostileHistoryTests.mentions(result.stdout))")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: aside[0]) == target)
    let said = HostileHistoryTests.mentions(result.stdout)
    #expect(said == ["\(side) is a symbolic link, which SQLite does not open; it is kept as \(aside[0])."])
    // Not written through, and the answers of both games are in the file.
    #expect(!FileManager.default.fileExists(atPath: target))
    #expect(try HistoryTests.rows(sandbox, "SELECT count(*) FROM answers") == ["5"])
    let next = try await sandbox.run(["--seed", "3", "--count", "2"], input: Self.play)
    #expect(HostileHistoryTests.mentions(next.stdout).isEmpty)
  }
}
