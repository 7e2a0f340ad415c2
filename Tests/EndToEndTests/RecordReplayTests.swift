import Foundation
import Testing

/// `--record FILE` writes a session as a script that `--script FILE` plays back, byte for byte.
@Suite("Record and replay")
struct RecordReplayTests {
  /// Options changes, a round with a link turned down and an abandon accepted, a category,
  /// a round started by a link, played to the end.
  static let session = [
    "options", "count 3", "difficulty", "medium", "done", "play", "a", "", "open trivia://options", "n", "b", "",
    "back", "y", "category history", "open trivia://play?count=2", "a", "", "a", "", "done", "quit",
  ]

  /// Records `lines` in a fresh sandbox, replays the recording with `--script` alone in another
  /// and checks both printed the same bytes. Returns the recording's lines.
  @discardableResult
  static func recordAndReplay(
    _ arguments: [String], lines: [String], in recorder: Sandbox? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> (script: [String], recorded: ProcessResult) {
    let recorder = try recorder ?? Sandbox()
    let path = recorder.work + "/session.trivia"
    let recorded = try await recorder.run(
      arguments + ["--record", path], input: lines.map { $0 + "\n" }.joined())
    #expect(recorded.status == 0, sourceLocation: sourceLocation)
    #expect(recorded.stderr.isEmpty, sourceLocation: sourceLocation)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasSuffix("\n"), sourceLocation: sourceLocation)
    let script = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    #expect(Array(script.dropFirst()) == lines, "every line read, in order", sourceLocation: sourceLocation)

    // A fresh home, config and state: only the script says what to do.
    let player = try Sandbox()
    let copy = player.work + "/replay.trivia"
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    let replayed = try await player.run(["--script", copy], input: "quit\n")
    #expect(replayed.status == 0, sourceLocation: sourceLocation)
    #expect(replayed.stderr.isEmpty, sourceLocation: sourceLocation)
    #expect(replayed.stdoutBytes.count > 500, sourceLocation: sourceLocation)
    #expect(
      replayed.stdoutBytes == recorded.stdoutBytes, "the replay prints what the session printed",
      sourceLocation: sourceLocation)
    if replayed.stdoutBytes != recorded.stdoutBytes {
      let a = recorded.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      let b = replayed.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }
      Issue.record("first difference: \(String(describing: first))", sourceLocation: sourceLocation)
    }
    return (script, recorded)
  }

  @Test("A recorded session replays byte for byte in a fresh sandbox, from the file alone")
  func golden() async throws {
    let recorder = try Sandbox()
    let (script, recorded) = try await Self.recordAndReplay(["--seed", "42"], lines: Self.session, in: recorder)
    #expect(script.first == "#!trivia --seed 42 --count 10 --difficulty mixed --no-history")

    // The session did what it says: this is a recording worth replaying.
    let transcript = recorded.transcript
    #expect(transcript.response(to: "n")?.first == Expected.stayingHere)
    #expect(transcript.response(to: "y")?.first == Expected.roundAbandoned)
    // Question 2 is shown again after the link is turned down.
    #expect(transcript.questions.map(\.number) == [1, 2, 2, 3, 1, 2])
    #expect(transcript.questions.map(\.total) == [3, 3, 3, 3, 2, 2])
    #expect(transcript.questions.suffix(2).allSatisfy { $0.category == "History" && $0.difficulty == "Medium" })
    #expect(recorded.stdout.contains("Round complete\nScore: "))
    #expect(transcript.prompts.suffix(2) == ["round over", "trivia"])
  }

  @Test("A recording replays the same whatever the history holds, and neither reads nor adds to it")
  func historyAside() async throws {
    let player = try Sandbox()
    let source = try player.write("four.json", QuestionFixtures.easy(4))
    let round = "play\nright\n\nright\n\ndone\n"
    // A round played before: kept, so a game that reads history would deal the other two.
    _ = try await player.run(["--seed", "3", "--count", "2", "--source", source], input: round)
    let answers = { try HistoryTests.rows(player, "SELECT count(*) FROM answers") }
    #expect(try answers() == ["2"])
    let path = player.work + "/kept.trivia"
    let recorded = try await player.run(
      ["--seed", "3", "--count", "2", "--source", source, "--record", path], input: round + "stats\n")
    #expect(recorded.stdout.contains("This game keeps no history"))
    // Another round kept, then the replay in the same place, and one where there is no history.
    _ = try await player.run(["--seed", "9", "--count", "2", "--source", source], input: round)
    let replayed = try await player.run(["--script", path])
    let elsewhere = try await Sandbox().run(["--script", path])
    #expect(replayed.stdoutBytes == recorded.stdoutBytes)
    #expect(elsewhere.stdoutBytes == recorded.stdoutBytes)
    #expect(try answers() == ["4"])
  }

  @Test("The options a recording changes are saved by the replay as by the session")
  func optionsReplayed() async throws {
    let recorder = try Sandbox()
    let path = recorder.work + "/options.trivia"
    _ = try await recorder.run(
      ["--seed", "1", "--record", path], input: "options\ncount 7\ndifficulty\nhard\ndone\nquit\n")
    let player = try Sandbox()
    _ = try await player.run(["--script", path])
    let recorded = try #require(FileManager.default.contents(atPath: recorder.optionsPath))
    let replayed = try #require(FileManager.default.contents(atPath: player.optionsPath))
    #expect(recorded == replayed)
    #expect(String(decoding: replayed, as: UTF8.self).contains("7"))
  }

  @Test("Without --seed the recording keeps the seed that was drawn, so the replay deals the same")
  func randomSeedRecorded() async throws {
    let (script, recorded) = try await Self.recordAndReplay([], lines: ["play", "a", "", "b", "", "quit"])
    let header = try #require(script.first)
    let words = header.split(separator: " ")
    #expect(words.prefix(2) == ["#!trivia", "--seed"])
    #expect(words.count > 2 && UInt64(words[2]) != nil)
    #expect(recorded.transcript.questions.count == 3)
  }

  @Test("Count, difficulty and category given on the command line go into the header")
  func flagsInHeader() async throws {
    let (script, recorded) = try await Self.recordAndReplay(
      ["--seed", "5", "--count", "4", "--difficulty", "hard", "--category", "Science"],
      lines: ["play", "a", "", "back", "y", "quit"])
    #expect(script.first == "#!trivia --seed 5 --count 4 --difficulty hard --category Science --no-history")
    let questions = recorded.transcript.questions
    #expect(questions.count == 2)
    #expect(questions.allSatisfy { $0.category == "Science" && $0.difficulty == "Hard" && $0.total == 4 })
  }

  @Test("A category with spaces and a source path with spaces are quoted in the header")
  func quotedWords() async throws {
    let recorder = try Sandbox()
    try FileManager.default.createDirectory(atPath: recorder.work + "/my questions", withIntermediateDirectories: true)
    let source = try recorder.write(
      "my questions/two words.json",
      QuestionFixtures.file([
        QuestionFixtures.question("Spaced out?", category: "Rock & Roll"),
        QuestionFixtures.question("Also spaced?", category: "Rock & Roll"),
        QuestionFixtures.question("Not this one?", category: "Jazz"),
      ]))
    let (script, recorded) = try await Self.recordAndReplay(
      ["--seed", "3", "--count", "2", "--category", "Rock & Roll", "--source", source],
      lines: ["play", "right", "", "right", "", "done"], in: recorder)
    #expect(
      script.first
        == "#!trivia --seed 3 --count 2 --difficulty mixed --category 'Rock & Roll' --source '\(source)' --no-history")
    #expect(Set(recorded.transcript.questions.map(\.text)) == ["Spaced out?", "Also spaced?"])
    #expect(recorded.stdout.contains("Score: 2/2"))
  }

  @Test("A source path with an apostrophe survives the header")
  func apostropheInSource() async throws {
    let recorder = try Sandbox()
    let source = try recorder.write("it's mine.json", QuestionFixtures.easy(2))
    let path = recorder.work + "/apostrophe.trivia"
    let recorded = try await recorder.run(
      ["--seed", "3", "--source", source, "--record", path], input: "play\nright\n\nright\n\ndone\n")
    #expect(recorded.stdout.contains("Score: 2/2"))
    let replayed = try await Sandbox().run(["--script", path])
    #expect(replayed.stdoutBytes == recorded.stdoutBytes)
    #expect(replayed.stdout.contains("Score: 2/2"))

  }

  @Test("Options on the replay's command line win over the header")
  func flagsWinOverHeader() async throws {
    let recorder = try Sandbox()
    let path = recorder.work + "/count.trivia"
    _ = try await recorder.run(["--seed", "9", "--count", "5", "--record", path], input: "play\n")
    let replayed = try await Sandbox().run(["--script", path, "--count", "2"])
    #expect(replayed.status == 0)
    #expect(replayed.transcript.preamble.contains("  Questions:  2"))
    #expect(replayed.transcript.questions.first?.total == 2)
  }

  @Test("A recording that cannot be written is a usage error")
  func unwritableRecording() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(["--record", sandbox.work + "/no/such/folder/session.trivia"], input: "quit\n")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("--record: cannot write"))
  }
}
