import Foundation
import Glibc
import ProcessSpawn
import Testing

/// `history.sqlite` in the fault-injection suite. Unlike the other kept files it is SQLite's
/// to read, so what is right depends on what SQLite makes of it: a file it reads as a
/// history is used; a damaged one is moved aside; one it cannot be sure of (a version no
/// trivia knows, a format it will not write) is left where it is, and the game keeps no
/// history. (Unreadable is not among the faults: the tests run as root, which reads a file
/// of mode 000; HistoryTests runs the game as nobody on a read-only one.)
extension KeptFileFaultTests {
  /// What the game must do with a history made bad in one way.
  enum Verdict: Sendable {
    /// Read as a history: nothing said, the round added to it.
    case used
    /// Moved aside, as `… REASON; it is kept as …, and a new history begins.`, and the round kept in a new one.
    case movedAside(String)
    /// Left as it is, said once; nothing kept this game.
    case leftAsIs
  }

  struct HistoryFault: Sendable, CustomTestStringConvertible {
    var fault: Fault
    var verdict: Verdict
    var testDescription: String { fault.name }
  }

  /// A history of a round played and one saved, as the game writes it, and its answers;
  /// made once for the suite.
  static let goodHistory = Task { () throws -> (bytes: [UInt8], answers: Int) in
    let sandbox = try Sandbox()
    let made = try await sandbox.run(
      ["--seed", "1", "--count", "3"], input: "play\na\n\nb\n\nc\n\ndone\nplay\n1\n\n2\n\nquit\n")
    try #require(made.status == 0)
    let answers = try #require(Int(try shell(sandbox.historyFile, "SELECT count(*) FROM answers").joined()))
    return (Array(try Data(contentsOf: URL(fileURLWithPath: sandbox.historyFile))), answers)
  }

  /// What the sqlite3 shell prints for `sql` on the file at `path`, a line a row.
  static func shell(_ path: String, _ sql: String) throws -> [String] {
    let run = try Child.run("/usr/bin/sqlite3", arguments: [path, sql])
    try #require(run.status == 0, "sqlite3 \(sql): \(run.errorText)")
    return run.outputText.split(separator: "\n").map(String.init)
  }

  /// The good file with `sql` run on it by the sqlite3 shell.
  static func sql(_ name: String, _ sql: String) -> Fault {
    Fault(name: name) { path, good in
      try write(good, path)
      _ = try shell(path, sql)
    }
  }

  /// The good file with bit `bit` of byte `byte` flipped.
  static func flipped(_ byte: Int, bit: Int, _ field: String) -> Fault {
    Fault(name: "bit \(bit) of header byte \(byte) flipped (\(field))") { path, good in
      var bytes = good
      bytes[byte] ^= 1 << bit
      try write(bytes, path)
    }
  }

  static let damaged = Verdict.movedAside("was damaged")

  static let historyFaults: [HistoryFault] =
    [
      // SQLite begins a history in an empty file: there was nothing in it to keep.
      HistoryFault(fault: faults[0], verdict: .used)
    ]
    + (1...7).map { eighth in
      HistoryFault(
        fault: Fault(name: "truncated at \(eighth)/8") { path, good in
          try write(Array(good.prefix(good.count * eighth / 8)), path)
        }, verdict: damaged)
    }
    + [
      HistoryFault(fault: faults[4], verdict: damaged),
      HistoryFault(
        fault: Fault(name: "one 4 KiB page of random bytes, not the first") { path, good in
          try write(good, path)
          // A page in use: the free ones hold nothing.
          let pages = try shell(path, "SELECT DISTINCT pageno FROM dbstat WHERE pageno > 1").compactMap { Int($0) }
          let page = try #require(pages.randomElement())
          var bytes = good
          var generator = SystemRandomNumberGenerator()
          for index in (page - 1) * 4096..<page * 4096 { bytes[index] = .random(in: 0...255, using: &generator) }
          try write(bytes, path)
        }, verdict: damaged),
      HistoryFault(fault: flipped(0, bit: 6, "the magic string"), verdict: damaged),
      HistoryFault(fault: flipped(16, bit: 0, "the page size"), verdict: damaged),
      HistoryFault(fault: flipped(18, bit: 0, "the write version: read-only to this SQLite"), verdict: .leftAsIs),
      HistoryFault(fault: flipped(19, bit: 0, "the read version"), verdict: damaged),
      HistoryFault(fault: flipped(21, bit: 0, "the payload fraction"), verdict: damaged),
      HistoryFault(fault: flipped(31, bit: 2, "the size in pages"), verdict: damaged),
      HistoryFault(fault: flipped(43, bit: 0, "the schema cookie"), verdict: .used),
      HistoryFault(fault: flipped(47, bit: 0, "the schema format"), verdict: .leftAsIs),
      HistoryFault(fault: flipped(59, bit: 1, "the text encoding"), verdict: damaged),
      // Version 6 (rounds_completed) is this game's: a file claiming an older version holds an
      // object that version does not make, and is moved aside whole; a newer one is left as it is.
      HistoryFault(fault: flipped(63, bit: 0, "user_version 6 to 7"), verdict: .leftAsIs),
      HistoryFault(
        fault: flipped(63, bit: 1, "user_version 6 to 4, rounds_completed kept"),
        verdict: .movedAside("holds a schema trivia did not make (index rounds_completed)")),
      HistoryFault(
        fault: flipped(63, bit: 2, "user_version 6 to 2, tables kept"),
        verdict: .movedAside("holds a schema trivia did not make (index answers_by_player)")),
      HistoryFault(fault: sql("user_version = -1", "PRAGMA user_version = -1"), verdict: .leftAsIs),
      HistoryFault(fault: sql("user_version = 7", "PRAGMA user_version = 7"), verdict: .leftAsIs),
      // The field is 32 bits: these are the largest and the most negative.
      HistoryFault(fault: sql("user_version = Int32.max", "PRAGMA user_version = 2147483647"), verdict: .leftAsIs),
      HistoryFault(fault: sql("user_version = Int32.min", "PRAGMA user_version = -2147483648"), verdict: .leftAsIs),
      HistoryFault(fault: faults[6], verdict: damaged),
      HistoryFault(fault: faults[7], verdict: .leftAsIs),
      HistoryFault(fault: faults[8], verdict: .movedAside("is a symbolic link")),
      HistoryFault(fault: faults[9], verdict: .movedAside("is not a regular file")),
    ]

  @Test(
    "A damaged history is used, moved aside or left as it is, as SQLite finds it, said once", arguments: historyFaults)
  func damagedHistory(_ fault: HistoryFault) async throws {
    let good = try await Self.goodHistory.value
    let name = fault.fault.name
    // One round of two, to its end: what the check of the file found is said by then.
    let timed = try await TimedRun.run(["--seed", "2", "--count", "2"], input: "play\na\n\nb\n\ndone\nstats\nquit\n") {
      let sandbox = try Sandbox()
      try FileManager.default.createDirectory(atPath: sandbox.state + "/trivia", withIntermediateDirectories: true)
      try fault.fault.make(sandbox.historyFile, good.bytes)
      return (sandbox, try Self.snapshot(sandbox.historyFile))
    }
    let (sandbox, result, before) = (timed.sandbox, timed.result, timed.prepared)
    let path = sandbox.historyFile
    let folder = sandbox.state + "/trivia"
    #expect(!timed.slow, "\(name): slow")
    #expect(!result.timedOut)
    #expect(result.status == 0, "\(name): \(result.stderr)")
    #expect(result.transcript.allLines.filter { $0.hasPrefix("Score: ") }.count == 1, "\(name): no round played")
    let mentions = result.stdout.split(separator: "\n").filter {
      $0.contains("history.sqlite") || $0.contains("History not")
    }
    let aside = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasPrefix("history.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
      .map { folder + "/" + $0 }

    switch fault.verdict {
    case .used:
      #expect(mentions.isEmpty, "\(name): \(mentions)")
      #expect(aside.isEmpty, "\(name)")
      let kept = before == "file " ? 2 : good.answers + 2
      #expect(try HistoryTests.rows(sandbox, "SELECT count(*) FROM answers") == ["\(kept)"], "\(name)")
    case .movedAside(let reason):
      try #require(aside.count == 1, "\(name): \(mentions)")
      #expect(mentions == ["\(path) \(reason); it is kept as \(aside[0]), and a new history begins."], "\(name)")
      #expect(try Self.snapshot(aside[0]) == before, "\(name): not kept byte for byte")
      #expect(try HistoryTests.rows(sandbox, "SELECT count(*) FROM answers") == ["2"], "\(name)")
    case .leftAsIs:
      #expect(mentions.count == 1, "\(name): \(mentions)")
      #expect(mentions.first?.contains(path) == true, "\(name): \(mentions)")
      #expect(aside.isEmpty, "\(name)")
      #expect(try Self.snapshot(path) == before, "\(name): changed")
    }
  }
}
