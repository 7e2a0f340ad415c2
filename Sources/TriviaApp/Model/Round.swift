import NightKit
import TriviaData

/// A round being played: the questions dealt, where the player is, and the score.
public struct Round: Codable, Equatable, Sendable {
  /// A question with its answers in the order shown.
  public struct Item: Codable, Equatable, Sendable {
    public var question: Question
    public var answers: [String]
    public var correctIndex: Int

    public init(question: Question, answers: [String], correctIndex: Int) {
      self.question = question
      self.answers = answers
      self.correctIndex = correctIndex
    }

    public var correctAnswer: String { answers[correctIndex] }

    /// The question with its answers shuffled, True before False.
    init(dealing question: Question, generator: inout SeededGenerator) {
      var answers = [question.correctAnswer] + question.incorrectAnswers
      if question.kind == .boolean {
        answers = ["True", "False"]
      } else {
        answers.seededShuffle(using: &generator)
      }
      self.init(
        question: question, answers: answers, correctIndex: answers.firstIndex(of: question.correctAnswer) ?? 0)
    }
  }

  public private(set) var items: [Item]
  public private(set) var index = 0
  public private(set) var score = 0
  public private(set) var answered = 0
  /// Whether the last answer given was right; nil before any.
  public private(set) var lastAnswerWasRight: Bool?
  /// Right answers in a row up to now, and the longest such run this round.
  public private(set) var run = 0
  public private(set) var bestRun = 0
  /// Seconds each question may take; nil when it is not timed.
  public var timeLimit: Int?
  /// Whether the last question answered ran out of time instead.
  public private(set) var lastTimedOut = false
  /// Who takes turns, a question each, in this order; empty for one player.
  public private(set) var players: [Player] = []
  /// What the last answer scored, for a round with players.
  public private(set) var lastPoints = 0

  public init(items: [Item], timeLimit: Int? = nil, players: [String] = []) {
    self.items = items
    self.timeLimit = timeLimit
    self.players = players.map { Player(name: $0) }
  }

  /// Deals up to `count` questions of the chosen difficulty (and of `categories`, if
  /// given: the names as the bank spells them; and among the indices `only`, if given),
  /// answers shuffled, True before False. With `asked`, questions asked before come only
  /// when the others run out, the longest unasked first.
  public static func deal(
    from questions: QuestionList, count wanted: Int, difficulty: DifficultyChoice, categories: Set<String>? = nil,
    only allowed: [Int]? = nil, asked: AskedQuestions? = nil, generator: inout SeededGenerator
  ) -> Round {
    // Indices, not questions: a bank of 50,000 is never copied to deal ten.
    let pool: [Int]? =
      difficulty == .mixed && categories == nil
      ? allowed
      : (allowed ?? Array(questions.indices)).filter {
        difficulty.admits(questions.difficulty(at: $0)) && categories?.contains(questions.category(at: $0)) != false
      }
    let available = pool?.count ?? questions.count
    var items: [Item] = []
    let deal = { (index: Int, generator: inout SeededGenerator) -> Bool in
      items.append(Item(dealing: questions[index], generator: &generator))
      return true
    }
    guard let asked else {
      sample(pool, count: available, wanted: wanted, generator: &generator, each: deal)
      return Round(items: items)
    }
    // Questions drawn at random as without history, the new ones dealt: with no history
    // this is that same deal. After a few hundred draws without enough new ones, every
    // question asked is read instead.
    let id = { (index: Int) in asked.questionIDs?[index] ?? questions.questionID(at: index) }
    let budget = 4 * wanted + 256
    var stale: [(last: Int64, index: Int)] = []
    var drawn = 0
    sample(pool, count: available, wanted: min(available, budget), generator: &generator) { index, generator in
      drawn += 1
      if let last = asked.lastAsked(id(index)) {
        stale.append((last, index))
      } else {
        _ = deal(index, &generator)
      }
      return items.count < wanted
    }
    if items.count < wanted, drawn < available {
      let all = asked.all()
      let ids = asked.questionIDs ?? questions.questionIDs()
      items = []
      stale = []
      var fresh: [Int] = []
      for index in pool ?? Array(questions.indices) {
        if let last = all[ids[index]] { stale.append((last, index)) } else { fresh.append(index) }
      }
      sample(fresh, count: fresh.count, wanted: wanted, generator: &generator, each: deal)
    }
    if items.count < wanted, !stale.isEmpty {
      stale.sort { ($0.last, $0.index) < ($1.last, $1.index) }
      for (_, index) in stale.prefix(wanted - items.count) { _ = deal(index, &generator) }
      items.seededShuffle(using: &generator)
    }
    return Round(items: items)
  }

  /// Hands `each` up to `wanted` of the `count` indices of `pool` (nil: 0..<count), at
  /// random, until it returns false: a partial Fisher–Yates with the swaps kept in a
  /// dictionary, so only the places drawn are touched.
  private static func sample(
    _ pool: [Int]?, count available: Int, wanted: Int, generator: inout SeededGenerator,
    each: (Int, inout SeededGenerator) -> Bool
  ) {
    var swapped: [Int: Int] = [:]
    for i in 0..<max(0, min(wanted, available)) {
      let j = i + generator.below(available - i)
      let chosen = swapped[j] ?? j
      swapped[j] = swapped[i] ?? i
      guard each(pool?[chosen] ?? chosen, &generator) else { return }
    }
  }

  public var total: Int { items.count }

  /// Whether the counts agree with each other, as a round read from a file must.
  public var isConsistent: Bool {
    // Ranges first: no count read from a file may overflow where it is added to.
    (0...items.count).contains(index) && (0...items.count).contains(answered) && !items.isEmpty
      && (index...index + 1).contains(answered) && (0...answered).contains(score)
      && (0...answered).contains(run) && (run...answered).contains(bestRun)
      && timeLimit.map { GameOptions.allowsTime($0) } != false
      && items.allSatisfy {
        $0.answers.indices.contains($0.correctIndex) && !$0.answers.isEmpty
          && $0.question.seconds.map(Question.secondsRange.contains) != false
      }
      && playersAddUp
  }
  public var current: Item? { items.indices.contains(index) ? items[index] : nil }

  /// Seconds the current question may take: its own time, where its file gives one (a
  /// spreadsheet's time column), else the round's limit; nil when the round is not timed.
  public var questionTime: Int? { current.flatMap(time(of:)) }

  /// Seconds `item` may take in this round; nil when the round is not timed.
  func time(of item: Item) -> Int? {
    timeLimit.map { item.question.seconds ?? $0 }
  }
  /// The current question has been answered and awaits `advance()`.
  public var isAwaitingNext: Bool { answered > index }
  public var isLastQuestion: Bool { index == items.count - 1 }
  public var isOver: Bool { index >= items.count }

  /// Records an answer to the current question, given `milliseconds` after it appeared;
  /// nil when it was already answered.
  public mutating func answer(_ choice: Int, milliseconds: Int = 0) -> Bool? {
    guard let current, !isAwaitingNext else { return nil }
    answered += 1
    let isCorrect = choice == current.correctIndex
    if isCorrect { score += 1 }
    run = isCorrect ? run + 1 : 0
    bestRun = max(bestRun, run)
    lastAnswerWasRight = isCorrect
    lastTimedOut = false
    scoreTurn(isRight: isCorrect, milliseconds: milliseconds)
    return isCorrect
  }

  /// The current question ran out of time: it counts as answered, and wrong. False when it
  /// was already answered.
  public mutating func timeUp() -> Bool {
    guard current != nil, !isAwaitingNext else { return false }
    answered += 1
    run = 0
    lastAnswerWasRight = false
    lastTimedOut = true
    scoreTurn(isRight: false, milliseconds: (questionTime ?? 0) * 1000)
    return true
  }

  /// Scores the answer of the player whose turn it is as a night does: speed counts only
  /// where there is a clock, so an untimed right answer scores 1000.
  private mutating func scoreTurn(isRight: Bool, milliseconds: Int) {
    guard let turn = turnIndex else { return }
    let limit = (questionTime ?? 0) * 1000
    let taken = limit > 0 ? min(max(milliseconds, 0), limit) : 0
    lastPoints = isRight ? NightScore.points(msLeft: limit - taken, limitMs: limit) : 0
    players[turn].points += lastPoints
    players[turn].right += isRight ? 1 : 0
    players[turn].milliseconds += taken
  }

  /// Moves to the next question after an answer.
  public mutating func advance() {
    guard isAwaitingNext else { return }
    index += 1
  }
}

extension Round {
  private enum CodingKeys: String, CodingKey {
    case items, index, score, answered, lastAnswerWasRight, run, bestRun, timeLimit, lastTimedOut, players
    case lastPoints
  }

  /// A round saved before runs were counted reads with none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    items = try container.decode([Item].self, forKey: .items)
    index = try container.decode(Int.self, forKey: .index)
    score = try container.decode(Int.self, forKey: .score)
    answered = try container.decode(Int.self, forKey: .answered)
    lastAnswerWasRight = try container.decodeIfPresent(Bool.self, forKey: .lastAnswerWasRight)
    run = try container.decodeIfPresent(Int.self, forKey: .run) ?? 0
    bestRun = try container.decodeIfPresent(Int.self, forKey: .bestRun) ?? 0
    timeLimit = try container.decodeIfPresent(Int.self, forKey: .timeLimit)
    lastTimedOut = try container.decodeIfPresent(Bool.self, forKey: .lastTimedOut) ?? false
    players = try container.decodeIfPresent([Player].self, forKey: .players) ?? []
    lastPoints = try container.decodeIfPresent(Int.self, forKey: .lastPoints) ?? 0
  }
}
