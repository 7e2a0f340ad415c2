import Foundation
import Glibc
import ProcessSpawn
import Testing

/// What the game keeps about its player is whole on disk at every way out, and private.
@Suite("Kept files")
struct KeptFilesTests {
  /// How a game can end.
  enum WayOut: String, CaseIterable, CustomTestStringConvertible {
    case quit, endOfScript, closedInput, sigterm, sighup
    var testDescription: String { rawValue }
  }

  /// The history file copied alone, as a player backing it up would: the answers it holds.
  static func answersInACopy(_ sandbox: Sandbox) throws -> [String] {
    let copy = sandbox.work + "/backup.sqlite"
    try? FileManager.default.removeItem(atPath: copy)
    try FileManager.default.copyItem(atPath: sandbox.historyFile, toPath: copy)
    return try Child.run("/usr/bin/sqlite3", arguments: [copy, "SELECT count(*) FROM answers"]).outputText
      .split(separator: "\n").map(String.init)
  }

  @Test("history.sqlite alone holds every answer after the game ends, however it ends", arguments: WayOut.allCases)
  func historyIsWhole(wayOut: WayOut) async throws {
    let sandbox = try Sandbox()
    switch wayOut {
    case .quit, .endOfScript:
      let result = try await sandbox.run(
        ["--seed", "3", "--count", "3"], input: "play\n1\n\n2\n" + (wayOut == .quit ? "quit\n" : ""))
      #expect(result.status == 0)
    case .closedInput, .sigterm, .sighup:
      let game = try LiveProcess(sandbox, arguments: ["--seed", "3", "--count", "3"])
      try game.send("play")
      try game.expect("question 1/3> ")
      try game.send("1")
      try game.expect("continue> ")
      try game.send("")
      try game.expect("question 2/3> ")
      try game.send("2")
      try game.expect("continue> ")
      switch wayOut {
      case .sigterm: game.send(signal: SIGTERM)
      case .sighup: game.send(signal: SIGHUP)
      default: game.closeInput()
      }
      #expect(game.waitForExit(timeout: .seconds(5)) == 0)
    }
    #expect(!FileManager.default.fileExists(atPath: sandbox.historyFile + "-wal"))
    #expect(try Self.answersInACopy(sandbox) == ["2"])
  }

  /// The mode bits of `path`.
  static func mode(_ path: String) -> mode_t? {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & 0o777 : nil
  }

  @Test("Every kept file is 0600 in a 0700 folder; ones made looser before are tightened when written")
  func privateToThePlayer() async throws {
    let sandbox = try Sandbox()
    // An options file and its folder from before, readable by all.
    let configFolder = sandbox.config + "/trivia"
    try FileManager.default.createDirectory(
      atPath: configFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    try Data("{\"questionCount\": 5}\n".utf8).write(to: URL(fileURLWithPath: sandbox.optionsPath))
    chmod(sandbox.optionsPath, 0o644)

    let result = try await sandbox.run(["--seed", "3"], input: "options\ncount 4\ndone\nplay\n1\nquit\n")
    #expect(result.status == 0)
    let stateFolder = sandbox.state + "/trivia"
    #expect(Self.mode(configFolder) == 0o700)
    #expect(Self.mode(stateFolder) == 0o700)
    for file in [sandbox.optionsPath, sandbox.sessionPath, sandbox.historyFile] {
      #expect(Self.mode(file) == 0o600, "\(file)")
    }
  }
}
