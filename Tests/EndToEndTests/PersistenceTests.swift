import Foundation
import Testing

/// What the game saves survives a kill at any moment, and two games saving at once.
@Suite("Saved files survive kills and company")
struct PersistenceTests {
  struct Options: Decodable, Equatable {
    var questionCount: Int
    var difficulty: String
  }

  /// Each run saves the options many times and is killed with SIGKILL at a random moment;
  /// the file is then either absent (killed before the first save) or one of the versions
  /// written, never a torn or empty file.
  @Test func aKillDuringSavesLeavesTheOldOrTheNewFile() throws {
    let sandbox = try Sandbox()
    var generator = SystemRandomNumberGenerator()
    var seen = Set<Int>()
    var killedMidway = 0
    for _ in 0..<40 {
      let game = try LiveProcess(sandbox, arguments: ["--seed", "1"])
      let counts = (0..<60).map { 1 + ($0 * 7) % 50 }
      try game.send("options\n" + counts.map { "count \($0)\n" }.joined())
      // Once the options screen is up the saves follow one another: kill somewhere among them.
      _ = try game.expect("type count N", timeout: .seconds(10))
      usleep(UInt32.random(in: 0...20_000, using: &generator))
      game.send(signal: SIGKILL)
      if game.waitForExit(timeout: .seconds(5)) == 128 + SIGKILL { killedMidway += 1 }
      guard let data = FileManager.default.contents(atPath: sandbox.optionsPath) else { continue }
      let options = try JSONDecoder().decode(Options.self, from: data)
      #expect(counts.contains(options.questionCount) || options.questionCount == 10, "\(options)")
      #expect(options.difficulty == "mixed")
      seen.insert(options.questionCount)
    }
    #expect(killedMidway > 0, "at least some runs must really be killed")
    #expect(!seen.isEmpty, "some saves must have happened before a kill")
  }

  /// Two games change different options at the same time; both changes are kept.
  @Test func twoGamesSavingAtOnceKeepEachOthersChanges() async throws {
    let shared = try Sandbox()
    let config = shared.config
    let counts = (0..<40).map { "count \($0 % 2 == 0 ? 3 : 7)\n" }.joined()
    let levels = (0..<40).map { "difficulty\n\($0 % 2 == 0 ? "easy" : "hard")\n" }.joined()
    async let first = Self.play("options\n" + counts + "done\nquit\n", config: config)
    async let second = Self.play("options\n" + levels + "done\nquit\n", config: config)
    let (counted, levelled) = try await (first, second)
    #expect(counted == 0)
    #expect(levelled == 0)
    let data = try #require(FileManager.default.contents(atPath: shared.optionsPath))
    #expect(try JSONDecoder().decode(Options.self, from: data) == Options(questionCount: 7, difficulty: "hard"))
  }

  /// Plays a script in a sandbox of its own that shares the options folder `config`.
  static func play(_ input: String, config: String) async throws -> Int32 {
    let sandbox = try Sandbox()
    return try await sandbox.run(["--seed", "1"], input: input, extraEnvironment: ["XDG_CONFIG_HOME": config]).status
  }
}
