import TriviaData

/// What the game keeps about its player: every round and every answer. The round flow
/// records through this; `SQLiteHistory` keeps it in a file, and tests use a fake.
@MainActor
public protocol History: AnyObject {
  /// Records a round just dealt; its id, or nil when history is not kept.
  func roundStarted(_ round: PlayedRound) -> Int64?
  /// Records one answer to a question of round `round`; the number `askedQuestions` gives it
  /// from now on, or nil when it was not kept.
  @discardableResult
  func answered(_ answer: AnsweredQuestion, inRound round: Int64?) -> Int64?
  /// Records how round `round` ended and its score.
  func roundEnded(_ round: Int64?, score: Int, how: RoundEnding)
  /// A round saved at the end of the last game, `played` as it was dealt, goes on; its id
  /// from now on: `round`, or a new row's when the file no longer holds it (it was replaced).
  func roundResumed(_ round: Int64?, as played: PlayedRound) -> Int64?
  /// False once history has stopped for this game (a file it cannot use): nothing is kept,
  /// and what it would tell (which questions are new) is not known.
  var isKept: Bool { get }
  /// The best score of the rounds played to the end of `category` (nil: all) and `total`
  /// questions; nil when there were none.
  func bestScore(category: String?, total: Int) -> Int?
  /// The ids of the questions whose last answer was wrong: those `play missed` deals.
  func missedQuestionIDs() -> Set<Int64>
  /// The ids of the questions ever answered, each with a number that grows with the time
  /// of its last answer: a round deals the others first, then the longest unasked.
  func askedQuestions() -> [Int64: Int64]
  /// That number for question `id`, or nil when it was never answered: a round of ten asks
  /// after a few questions, not all.
  func lastAsked(_ id: Int64) -> Int64?
  /// The answers of the last round answered, in the order given; empty when there is none.
  func lastRoundAnswers() -> [AnsweredQuestion]
  /// Keeps a night this player hosted, once it is over.
  func nightEnded(_ night: PlayedNight)
  /// The nights kept by `nightEnded`, newest first; nil when there is no history to read.
  func hostedNights() -> [HostedNight]?
  /// How the player has done, overall or in one category (as the file spells it); nil when
  /// there is no history to read.
  func stats(category: String?) -> PlayerStats?
  /// The names that took turns at this terminal, as the file spells them.
  func playerNames() -> [String]
  /// How the players of `names` (one person, however the name was spelt) did in rounds of
  /// turns; nil when there is no history to read.
  func stats(players names: [String]) -> PlayerStats?
}

/// A round as it was dealt.
public struct PlayedRound: Equatable, Sendable {
  public var source: String
  /// The options it was dealt for.
  public var questionCount: Int
  public var difficulty: String
  public var category: String?
  /// How many questions were dealt.
  public var total: Int
  /// Who took turns, in order; empty for one player.
  public var players: [String]

  public init(
    source: String, questionCount: Int, difficulty: String, category: String?, total: Int, players: [String] = []
  ) {
    self.players = players
    self.source = source
    self.questionCount = questionCount
    self.difficulty = difficulty
    self.category = category
    self.total = total
  }
}

/// One answer given.
public struct AnsweredQuestion: Equatable, Sendable {
  public var source: String
  public let question: String
  public var category: String
  /// nil where the source does not grade its questions.
  public var difficulty: String?
  public var chosen: String
  public let correctAnswer: String
  /// The same question wherever it was read from: its text and right answer, folded. Made
  /// once, as the game and its history both ask for it.
  public let questionID: Int64
  public var isRight: Bool
  /// From the question appearing to the answer.
  public var seconds: Double
  /// Whose turn it was, where players took turns; nil for one player.
  public var player: String?

  public init(
    source: String, question: String, category: String, difficulty: String?, chosen: String, correctAnswer: String,
    isRight: Bool, seconds: Double, player: String? = nil
  ) {
    self.player = player
    self.source = source
    self.question = question
    questionID = QuestionID.make(text: question, answer: correctAnswer)
    self.category = category
    self.difficulty = difficulty
    self.chosen = chosen
    self.correctAnswer = correctAnswer
    self.isRight = isRight
    self.seconds = seconds
  }

}

/// How a round ended.
public enum RoundEnding: String, Sendable {
  /// Every question answered.
  case completed
  /// Left before the end, with the player's consent.
  case abandoned
  /// Kept when the game ended midway, to resume next time.
  case saved
}
