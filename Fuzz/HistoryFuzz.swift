import CSQLite
import Glibc
import TriviaData

/// libFuzzer target for the player's history: its contents, not its bytes. A real history
/// is made once by the game's own code (rounds alone and in turns, one saved, a night
/// hosted, through `SQLiteHistory`); each input is read as a small program of changes to a
/// copy of it (`HistoryMutation`): a value set out of range or to another type, rows deleted
/// or added, a schema object added, dropped or rewritten, a header field or a log frame
/// rewritten. Then the game opens it and reads everything it reads (stats, review, nights,
/// the questions asked), writes a round and a night, and a second game reads it all again.
///
/// Whatever the changes: no trap, no statement past its budget, and either the history is
/// read with every value in range, or it is moved aside byte for byte as it was before the
/// game opened it (its log with it), and a new history begins; or it is one the game cannot
/// use and does not take for damage (a newer format), left as it was.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHistory(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let program = HistoryMutation.program(fuzzBytes(data, size))
  // Replaying one input: what it changes, and what the game says.
  if getenv("HISTORY_FUZZ_SAY") != nil { for mutation in program { sayToStandardError("change: \(mutation)") } }
  MainActor.assumeIsolated { HistoryFuzz.run(program) }
  return 0
}

@MainActor
enum HistoryFuzz {
  /// A folder of this process's own, made once: the history made by the game, and each
  /// run's copy.
  static let folder: String = {
    var template = Array("/tmp/trivia-history-fuzz-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
    require(made, "no temporary folder")
    return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }()

  /// The history's bytes as the game left it, closed (its log folded in).
  static let original: [UInt8] = {
    let path = folder + "/original.sqlite"
    let history = SQLiteHistory(path: path) { fatalError("making the history: \($0)") }
    let science = PlayedRound(source: "bundled", questionCount: 3, difficulty: "mixed", category: nil, total: 3)
    let round = history.roundStarted(science)
    for (number, right) in [(1, true), (2, false), (3, true)] {
      history.answered(answer(number, right: right, category: number == 2 ? "History" : "Science"), inRound: round)
    }
    history.roundEnded(round, score: 2, how: .completed)
    let turns = PlayedRound(
      source: "bundled", questionCount: 2, difficulty: "easy", category: "Science", total: 2, players: ["Ann", "Bob"])
    let turnsRound = history.roundStarted(turns)
    history.answered(answer(4, right: true, player: "Ann"), inRound: turnsRound)
    history.answered(answer(5, right: false, player: "Bob"), inRound: turnsRound)
    history.roundEnded(turnsRound, score: 1, how: .completed)
    let saved = history.roundStarted(science)
    history.answered(answer(6, right: false), inRound: saved)
    history.roundEnded(saved, score: 0, how: .saved)
    history.nightEnded(night)
    history.close()
    return readFile(path) ?? []
  }()

  static func answer(_ number: Int, right: Bool, category: String = "Science", player: String? = nil)
    -> AnsweredQuestion
  {
    AnsweredQuestion(
      source: "bundled", question: "Question \(number)?", category: category,
      difficulty: number % 3 == 0 ? nil : "easy",
      chosen: right ? "Yes" : "No", correctAnswer: "Yes", isRight: right, seconds: Double(number) + 0.25,
      player: player)
  }

  static let night = PlayedNight(
    title: "Friday quiz", source: "bundled", secondsPerQuestion: 20, endedEarly: false,
    players: [
      .init(place: 1, name: "Ann", score: 2, hasLeft: false), .init(place: 2, name: "Bob", score: 1, hasLeft: true),
    ],
    questions: [
      .init(number: 1, question: "Question 7?", correctAnswer: "Yes", answered: 2, right: 2),
      .init(number: 2, question: "Question 8?", correctAnswer: "No", answered: 2, right: 1),
    ])

  static func run(_ program: [HistoryMutation]) {
    let runFolder = folder + "/run"
    removeAll(in: runFolder)
    mkdir(runFolder, 0o700)
    let path = runFolder + "/history.sqlite"
    require(writeFile(path, original), "copying the history")
    HistoryMutation.apply(program, to: path)
    game(path, writing: true)
    game(path, writing: false)
  }

  /// One game on the history at `path`: everything read, checked; and, when `writing`, a
  /// round played and a night hosted, then read again.
  static func game(_ path: String, writing: Bool) {
    let before = (file: readFile(path), log: readFile(path + "-wal"))
    var said: [String] = []
    let history = SQLiteHistory(path: path) { sentence in
      said.append(sentence)
      if getenv("HISTORY_FUZZ_SAY") != nil { sayToStandardError("game \(writing ? 1 : 2) said: \(sentence)") }
    }
    readEverything(history)
    let saidOnReading = said
    checkSaid(saidOnReading, before: before)
    if saidOnReading.contains(where: { $0.hasPrefix("History not") || $0.contains("this game keeps no history") }) {
      // A file the game cannot use and does not take for damage (a format of a newer
      // SQLite, a version no trivia writes): left as it was, and the game goes on without.
      require(!history.isKept, "history goes on after \(saidOnReading)")
      if (before.log ?? []).isEmpty { require(readFile(path) == before.file, "a file left changed: \(saidOnReading)") }
    }
    if writing {
      let round = history.roundStarted(
        PlayedRound(source: "bundled", questionCount: 2, difficulty: "hard", category: "Science", total: 2))
      history.answered(answer(9, right: true), inRound: round)
      history.answered(answer(1, right: false), inRound: round)
      history.roundEnded(round, score: 1, how: .completed)
      history.nightEnded(night)
      readEverything(history)
      // What a write meets is moved aside with the round written: not the file as it was.
      checkSaid(Array(said.dropFirst(saidOnReading.count)), before: nil)
    }
    history.close()
  }

  static func readEverything(_ history: SQLiteHistory) {
    let asked = history.askedQuestions()
    require(asked.values.allSatisfy { $0 >= 1 }, "asked \(asked)")
    _ = history.missedQuestionIDs()
    if let last = history.lastAsked(answer(1, right: true).questionID) { require(last >= 1, "last asked \(last)") }
    for total in [2, 3] {
      if let best = history.bestScore(category: nil, total: total) {
        require((0...total).contains(best), "best \(best) of \(total)")
      }
    }
    for category in [nil, "Science", "History"] { check(history.stats(category: category)) }
    let names = history.playerNames()
    for name in names { check(history.stats(players: [name])) }
    check(history.stats(players: ["Ann", "ann", "Nobody"]))
    for answer in history.lastRoundAnswers() {
      require(answer.seconds.isFinite && answer.seconds >= 0, "seconds \(answer.seconds)")
    }
    for hosted in history.hostedNights() ?? [] {
      require(hosted.number >= 1 && hosted.night.secondsPerQuestion >= 0, "night \(hosted)")
      for player in hosted.night.players { require(player.place >= 0 && player.score >= 0, "player \(player)") }
      for question in hosted.night.questions {
        require(question.answered >= 0 && (0...question.answered).contains(question.right), "question \(question)")
      }
    }
  }

  /// The stats screen's numbers, each in its range.
  static func check(_ stats: PlayerStats?) {
    guard let stats else { return }
    for tally in [stats.overall] + stats.categories + stats.levels {
      require(tally.answered >= 0 && (0...tally.answered).contains(tally.right), "tally \(tally)")
    }
    for best in stats.best { require(best.total >= 0 && (0...best.total).contains(best.score), "best \(best)") }
    require(stats.roundsCompleted >= 0, "rounds \(stats.roundsCompleted)")
    require(stats.currentStreak >= 0 && stats.currentStreak <= stats.bestStreak, "streaks \(stats)")
    require(stats.meanSeconds.isFinite && stats.meanSeconds >= 0, "mean \(stats.meanSeconds)")
  }

  /// What the game said: each a sentence of its own; a file moved aside holds what was
  /// there before the game opened it (`before`, when nothing was written since). No
  /// statement ran past its budget: the game's own statements on a small file take
  /// milliseconds, whatever it holds, once foreign schema objects are refused.
  static func checkSaid(_ said: [String], before: (file: [UInt8]?, log: [UInt8]?)?) {
    // A log moved aside as not the history's own is not moved with the history after.
    var log = before?.log
    for sentence in said {
      require(!sentence.contains("took more than"), "a statement ran past its budget: \(sentence)")
      guard let before, let range = sentence.range(of: "it is kept as ") else { continue }
      let aside = String(sentence[range.upperBound...].prefix { $0 != "," })
      if sentence.contains("-wal is not") || sentence.contains("-journal is not") {
        let expected = sentence.contains("-wal is not") ? before.log : nil
        if expected != nil { require(readFile(aside) == expected, "the log moved aside differs: \(sentence)") }
        if sentence.contains("-wal is not") { log = nil }
      } else {
        require(readFile(aside) == before.file, "the history moved aside differs: \(sentence)")
        let found = readFile(aside + "-wal")
        require(
          (found ?? []) == (log ?? []),
          "its log moved aside differs (\(found?.count ?? -1) bytes, \(log?.count ?? -1) before): \(sentence)")
      }
    }
  }

  static func removeAll(in folder: String) {
    guard let directory = opendir(folder) else { return }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { unlink(folder + "/" + name) }
    }
    closedir(directory)
  }
}

/// The whole file at `path`, or nil when there is none.
func readFile(_ path: String) -> [UInt8]? {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { break }
    bytes += buffer.prefix(count)
  }
  return bytes
}

func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else { return false }
  defer { close(descriptor) }
  return bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count
}

/// One line on standard error, for replaying an input.
func sayToStandardError(_ line: String) {
  let bytes = Array((line + "\n").utf8)
  _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
}
