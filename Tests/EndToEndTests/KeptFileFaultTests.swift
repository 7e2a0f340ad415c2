import Foundation
import Glibc
import Testing

/// Fault injection on the files the game keeps about its player, as SQLite tests itself:
/// for each file and each way it can be bad, the binary must not crash or hang, must say so
/// in one sentence naming the file, must keep the original byte for byte, and must play.
@Suite("Kept files, damaged")
struct KeptFileFaultTests {
  enum File: String, CaseIterable, Sendable {
    case options, session, token
  }

  /// One way a file can be bad, made from a good one.
  struct Fault: Sendable, CustomTestStringConvertible {
    var name: String
    var make: @Sendable (_ path: String, _ good: [UInt8]) throws -> Void
    var testDescription: String { name }
  }

  static func write(_ bytes: [UInt8], _ path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// Replaces the first `"key":value` number (JSON with or without spaces) with `value`.
  static func number(_ key: String, _ value: String) -> Fault {
    Fault(name: "\(key) = \(value)") { path, good in
      let text = String(decoding: good, as: UTF8.self)
      let pattern = try Regex("\"\(key)\"\\s*:\\s*-?[0-9][0-9.eE+-]*")
      let match = try #require(text.firstMatch(of: pattern), "no \(key) in the file")
      try write(Array(text.replacingCharacters(in: match.range, with: "\"\(key)\":\(value)").utf8), path)
    }
  }

  /// Ways any kept file can be bad.
  static let faults: [Fault] = [
    Fault(name: "empty") { path, _ in try write([], path) },
    Fault(name: "truncated at 1/8") { path, good in try write(Array(good.prefix(good.count / 8)), path) },
    Fault(name: "truncated at 1/2") { path, good in try write(Array(good.prefix(good.count / 2)), path) },
    Fault(name: "truncated at 7/8") { path, good in try write(Array(good.prefix(good.count * 7 / 8)), path) },
    Fault(name: "random bytes") { path, good in
      var generator = SystemRandomNumberGenerator()
      try write((0..<max(good.count, 64)).map { _ in UInt8.random(in: 0...255, using: &generator) }, path)
    },
    Fault(name: "a flipped bit in the first byte") { path, good in
      var bytes = good
      bytes[0] ^= 0x40
      try write(bytes, path)
    },
    Fault(name: "1 GB, sparse") { path, _ in
      _ = FileManager.default.createFile(atPath: path, contents: Data("{".utf8))
      guard truncate(path, 1 << 30) == 0 else { throw POSIXError(.EIO) }
    },
    Fault(name: "a folder") { path, _ in
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    },
    Fault(name: "a symlink") { path, good in
      try write(good, path + ".target")
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".target")
    },
    Fault(name: "a named pipe") { path, _ in guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.EIO) } },
  ]

  /// Each file with every fault, and a number out of range in each of its numeric fields.
  static let cases: [(File, Fault)] =
    File.allCases.flatMap { file in faults.map { (file, $0) } }
    + [
      number("questionCount", "-1"), number("questionCount", "9223372036854775807"),
      number("questionCount", "99999999999999999999999"), number("timeLimit", "-5"),
    ].map { (File.options, $0) }
    + [
      number("run", "9223372036854775807"), number("index", "-1"), number("score", "9223372036854775807"),
      number("answered", "-3"), number("correctIndex", "99"), number("bestRun", "-1"),
      number("historyRound", "-9223372036854775808"), number("count", "-7"),
    ].map { (File.session, $0) }
    // Its one number is when a token was last used: any time that is a Double is one (past:
    // the token has lapsed and is replaced; future: it is tried), so only ones that are not.
    + [number("lastUsed", "1e999"), number("lastUsed", "-1e999")].map { (File.token, $0) }

  /// An Open Trivia DB stand-in: a token, and three questions whatever the query.
  static let openTDB = [
    "api_token.php": #"{"response_code":0,"response_message":"Token Generated Successfully!","token":"t0k3n"}"#,
    "api.php": #"{"response_code":0,"results":["#
      + (1...3).map { number in
        #"{"type":"multiple","difficulty":"easy","category":"Science","question":"Question \#(number)?","#
          + #""correct_answer":"Right","incorrect_answers":["Wrong","Worse","Worst"]}"#
      }.joined(separator: ",") + "]}",
  ]

  /// What each run is played with: the token file is read only by a load from the API.
  static func arguments(_ file: File, _ server: StaticWebServer?) -> [String] {
    server.map { ["--source", $0.url("api.php"), "--count", "1"] } ?? []
  }

  /// A good file of each kind, as the game writes it.
  static func good(_ file: File, _ sandbox: Sandbox, _ server: StaticWebServer?) async throws
    -> (path: String, bytes: [UInt8])
  {
    let input = file == .options ? "options\ncount 3\ntime 20\ndone\nquit\n" : "play\n1\n\nquit\n"
    // With history, so the saved round names its row in it.
    let result = try await sandbox.run(["--seed", "1", "--count", "3"] + arguments(file, server), input: input)
    try #require(result.status == 0)
    let path = [.options: sandbox.optionsPath, .session: sandbox.sessionPath][file] ?? sandbox.tokenPath
    return (path, Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  @Test(
    "A damaged kept file is said once, kept aside byte for byte, and the game plays", arguments: cases)
  func damaged(file: File, fault: Fault) async throws {
    let maker = try Sandbox()
    let server = file == .token ? try StaticWebServer(Self.openTDB, in: maker.work) : nil
    let (madePath, good) = try await Self.good(file, maker, server)
    let arguments = ["--seed", "2", "--no-history"] + Self.arguments(file, server)

    // No hang: no slower than a game with no file at all (TimedRun); a file that blocks for
    // good is the timeout's.
    let timed = try await TimedRun.run(arguments, input: "resume\nplay\n1\n") {
      // What the good game left, with the one file damaged.
      let sandbox = try Sandbox()
      for folder in [\Sandbox.config, \Sandbox.state] {
        try FileManager.default.removeItem(atPath: sandbox[keyPath: folder])
        try FileManager.default.copyItem(atPath: maker[keyPath: folder], toPath: sandbox[keyPath: folder])
      }
      let path = sandbox.root + madePath.dropFirst(maker.root.count)
      try FileManager.default.removeItem(atPath: path)
      try fault.make(path, good)
      return (sandbox, (path: path, before: try Self.snapshot(path)))
    }
    let (result, path, before) = (timed.result, timed.prepared.path, timed.prepared.before)
    let folder = (path as NSString).deletingLastPathComponent
    #expect(!timed.slow, "\(fault.name): slow")
    #expect(!result.timedOut)
    #expect(result.status == 0, "\(fault.name): \(result.stderr)")
    #expect(result.transcript.questions.count == 1, "\(fault.name): no round was played")
    let mentions = result.stdout.components(separatedBy: "\n").filter { $0.contains(path) }
    #expect(mentions.count <= 1, "\(fault.name): said more than once: \(mentions)")
    // The original, byte for byte: where it was, or moved aside.
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasPrefix((path as NSString).lastPathComponent) }
      .map { folder + "/" + $0 }
    #expect(try kept.contains { try Self.snapshot($0) == before }, "\(fault.name): original lost; \(kept)")
    // Moved aside is said, where to; kept in place is not.
    let aside = kept.filter { $0.contains(".corrupt-") }
    #expect(mentions.count == aside.count, "\(fault.name): \(mentions), \(aside)")
    if mentions.count == 1, aside.count == 1 {
      #expect(mentions[0].contains(aside[0]), "\(fault.name): \(mentions[0])")
    }
  }

  @Test(
    "A line history that is a symlink or a pipe is moved aside before libedit reads it", arguments: ["link", "pipe"])
  func lineHistory(kind: String) throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.state + "/trivia", withIntermediateDirectories: true)
    if kind == "link" {
      try Data("_HiStOrY_V2_\nplay\n".utf8).write(to: URL(fileURLWithPath: sandbox.work + "/elsewhere"))
      try FileManager.default.createSymbolicLink(
        atPath: sandbox.historyPath, withDestinationPath: sandbox.work + "/elsewhere")
    } else {
      try #require(mkfifo(sandbox.historyPath, 0o600) == 0)
    }
    let terminal = try InteractiveTests.start(sandbox)
    // (The terminal wraps the sentence, path and all, at 80 columns.)
    try terminal.expect("history is \(kind == "link" ? "a symbolic link" : "not a regular file"); it is kept")
    try InteractiveTests.awaitPrompt(terminal, "trivia")
    try InteractiveTests.leave(terminal)
    let kept = try FileManager.default.contentsOfDirectory(atPath: sandbox.state + "/trivia")
      .filter { $0.hasPrefix("history.corrupt-") }
    #expect(kept.count == 1)
    if kind == "link" {
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: sandbox.work + "/elsewhere")) == Data("_HiStOrY_V2_\nplay\n".utf8))
    }
  }

  /// What a path holds, enough to tell it again: a file's bytes (its size when huge), a
  /// folder, a link's target, a pipe.
  static func snapshot(_ path: String) throws -> String {
    var status = stat()
    guard lstat(path, &status) == 0 else { return "missing" }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return "folder"
    case S_IFIFO: return "pipe"
    case S_IFLNK: return "link to " + (try FileManager.default.destinationOfSymbolicLink(atPath: path))
    default:
      if status.st_size > 1 << 20 { return "file of \(status.st_size) bytes" }
      return "file " + Data(try Data(contentsOf: URL(fileURLWithPath: path))).base64EncodedString()
    }
  }
}
