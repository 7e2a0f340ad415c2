import Glibc
import ScreenKit
import TriviaData

/// Where the questions come from: loads them (once, or every round for a source that serves
/// a few at a time), tells the player what a load found, describes the source and switches
/// to another. It shows no screen: what a failed load leads to is the coordinator's call.
@MainActor
public final class SourceFlow {
  public private(set) var source: any DataSource
  /// What the source gave at its last load; dealt from again until the source changes.
  private var bank: QuestionBank?
  /// What a quiet load (`peek`) gave, before any command used the questions.
  private var peeked: QuestionBank?
  /// A load begun before anything asks for questions, so that `play` finds them ready; the
  /// player hears of it only when a command uses it.
  private var earlyLoad: Task<Result<QuestionBank, DataSourceError>, Never>?
  private let console: any Console
  /// Builds a source from what the player typed after `source`.
  private let makeSource: (String) -> any DataSource

  public init(source: any DataSource, console: any Console, makeSource: @escaping (String) -> any DataSource) {
    self.source = source
    self.console = console
    self.makeSource = makeSource
  }

  public var name: String { source.name }

  /// Starts loading in the background, unless the source loads per round or is read fast
  /// enough when first asked for (`loadsAtStart`).
  public func loadEarly(_ request: LoadRequest) {
    if source.loadsAtStart, !source.loadsPerRound, bank == nil, earlyLoad == nil {
      earlyLoad = Self.startLoad(source, request)
    }
  }

  /// The source's questions, loaded first when needed, or why not; nil when the load was
  /// cancelled with the task that awaits it (Ctrl-C), and the player stays where they were.
  public func questions(_ request: LoadRequest) async -> Result<QuestionBank, DataSourceError>? {
    if let bank, !source.loadsPerRound { return .success(bank) }
    console.say("Loading questions from \(source.name)…")
    let pending = earlyLoad ?? Self.startLoad(source, request)
    earlyLoad = nil
    let result = await withTaskCancellationHandler {
      await pending.value
    } onCancel: {
      pending.cancel()
    }
    if Task.isCancelled {
      console.say("Loading cancelled.")
      return nil
    }
    bank = try? result.get()
    if let bank { report(bank) }
    return result
  }

  /// The questions, loaded quietly (the load is then the one `questions` reports), or nil
  /// when they cannot be had before a round: a source that loads per round, or a failed load.
  public func peek(_ request: LoadRequest) async -> QuestionBank? {
    if let bank { return bank }
    guard !source.loadsPerRound else { return nil }
    let load = earlyLoad ?? Self.startLoad(source, request)
    earlyLoad = load
    peeked = try? await load.value.get()
    return peeked
  }

  /// The questions as far as they are loaded, quietly or not: what the landing counts.
  public var loaded: QuestionBank? { bank ?? peeked }

  /// Plays from another source from now on; its questions load when next asked for.
  public func switchTo(_ spec: String) {
    source = makeSource(spec)
    dropQuestions()
  }

  /// `spec` as it still means the same at the next start, from another folder: a file or
  /// folder by its absolute path, anything else as it was typed.
  public static func lasting(_ spec: String) -> String {
    guard let resolved = realpath(spec, nil) else { return spec }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Goes back to a source that was switched away from, with what it had loaded.
  public func restore(_ previous: (source: any DataSource, bank: QuestionBank?)) {
    dropQuestions()
    (source, bank) = previous
  }

  public var current: (source: any DataSource, bank: QuestionBank?) { (source, bank) }

  /// Forgets the questions, so the next request loads them again.
  public func dropQuestions() {
    bank = nil
    peeked = nil
    earlyLoad?.cancel()
    earlyLoad = nil
  }

  /// `source` alone: the counts per level and category.
  public func describe(_ bank: QuestionBank) {
    console.say("Source: \(source.name), \(NumberText.counted(bank.questions.count, "question")).")
    let ungraded = bank.questions.countsByDifficulty[nil].map { ["\(NumberText.grouped($0)) without a level"] } ?? []
    console.say("  By difficulty: " + (bank.questions.gradedCounts + ungraded).joined(separator: ", ") + ".")
    let categories = bank.questions.categoryCounts.map { "\($0.name) \(NumberText.grouped($0.count))" }
    // A list: a category is never wrapped away from its count.
    console.write([Line("  By category: " + categories.joined(separator: ", ") + ".").list(hangingAt: 15)])
  }

  /// `source --details`: everything passed over, with where and why.
  public func listSkipped(_ bank: QuestionBank) {
    let problems = bank.filesIgnored + bank.skipped
    console.say(problems.isEmpty ? "Nothing was skipped." : "Skipped \(problems.count):")
    for entry in problems { console.say("  \(entry)") }
  }

  /// One line on what was loaded, the source's notes, and the first few things skipped.
  private func report(_ bank: QuestionBank) {
    console.say(bank.summary(source: source.name).text + ".")
    for note in bank.notes { console.say(note) }
    let shown = 5
    let problems = bank.filesIgnored.filter { !$0.isNotQuestionFile } + bank.skipped
    for entry in problems.prefix(shown) { console.say("  \(entry)") }
    if problems.count > shown {
      console.say("  … and \(problems.count - shown) more: type source --details to see them all.")
    }
    // A README or a LICENSE beside the questions is not a problem: its name is enough.
    let others = bank.filesIgnored.filter(\.isNotQuestionFile).map(\.location)
    if !others.isEmpty {
      let names = others.prefix(shown).joined(separator: ", ")
      let more = others.count > shown ? " and \(others.count - shown) more (source --details lists them)" : ""
      console.say("  Not question files, passed over: \(names)\(more).")
    }
  }

  /// Loads off the main actor, at once.
  private static func startLoad(
    _ source: any DataSource, _ request: LoadRequest
  ) -> Task<Result<QuestionBank, DataSourceError>, Never> {
    Task.detached {
      do throws(DataSourceError) {
        return .success(try await source.load(request))
      } catch {
        return .failure(error)
      }
    }
  }
}

extension QuestionList {
  /// `61 easy`, `66 medium`…, for the levels the list has.
  public var gradedCounts: [String] {
    let counts = countsByDifficulty
    return Difficulty.allCases.compactMap { level in
      counts[level].map { "\(NumberText.grouped($0)) \(level.rawValue)" }
    }
  }

  /// Whether no question has a level (OpenTriviaQA files): only Mixed plays them.
  public var gradesNone: Bool { !isEmpty && countsByDifficulty[nil] == count }

  /// The categories and how many questions each has, by name.
  public var categoryCounts: [(name: String, count: Int)] {
    countsByCategory.map { ($0.category, $0.count) }.sorted { $0.name < $1.name }
  }

  /// The categories and how many questions of `difficulty` each has, by name: what a round
  /// of that level can deal. Every category, those with none at 0.
  public func categoryCounts(of difficulty: DifficultyChoice) -> [(name: String, count: Int)] {
    guard difficulty != .mixed else { return categoryCounts }
    var counts: [String: Int] = [:]
    for index in indices where difficulty.admits(self.difficulty(at: index)) {
      counts[category(at: index), default: 0] += 1
    }
    return categoryCounts.map { ($0.name, counts[$0.name] ?? 0) }
  }
}
