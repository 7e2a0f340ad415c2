import TriviaData

/// A round being played: the questions dealt, where the player is, and the score.
public struct Round: Equatable, Sendable {
  /// A question with its answers in the order shown.
  public struct Item: Equatable, Sendable {
    public var question: Question
    public var answers: [String]
    public var correctIndex: Int

    public var correctAnswer: String { answers[correctIndex] }
  }

  public private(set) var items: [Item]
  public private(set) var index = 0
  public private(set) var score = 0
  public private(set) var answered = 0

  public init(items: [Item]) {
    self.items = items
  }

  /// Deals up to `count` questions of the chosen difficulty, answers shuffled, True before False.
  public static func deal(
    from questions: [Question], options: GameOptions, generator: inout SeededGenerator
  ) -> Round {
    var pool = questions.filter { options.difficulty.admits($0.difficulty) }
    // A partial shuffle: only the questions dealt need random places.
    let count = min(options.questionCount, pool.count)
    for i in 0..<count {
      pool.swapAt(i, i + generator.below(pool.count - i))
    }
    let items = pool.prefix(count).map { question in
      var answers = [question.correctAnswer] + question.incorrectAnswers
      if question.kind == .boolean {
        answers = ["True", "False"]
      } else {
        answers.seededShuffle(using: &generator)
      }
      return Item(
        question: question, answers: answers, correctIndex: answers.firstIndex(of: question.correctAnswer) ?? 0)
    }
    return Round(items: Array(items))
  }

  public var total: Int { items.count }
  public var current: Item? { items.indices.contains(index) ? items[index] : nil }
  /// The current question has been answered and awaits `advance()`.
  public var isAwaitingNext: Bool { answered > index }
  public var isLastQuestion: Bool { index == items.count - 1 }
  public var isOver: Bool { index >= items.count }

  /// Records an answer to the current question; nil when it was already answered.
  public mutating func answer(_ choice: Int) -> Bool? {
    guard let current, !isAwaitingNext else { return nil }
    answered += 1
    let isCorrect = choice == current.correctIndex
    if isCorrect { score += 1 }
    return isCorrect
  }

  /// Moves to the next question after an answer.
  public mutating func advance() {
    guard isAwaitingNext else { return }
    index += 1
  }
}
