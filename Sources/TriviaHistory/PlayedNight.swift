import TriviaData

/// A trivia night as its host keeps it: who played, where they finished, and each question
/// with how many answered it and how many were right.
public struct PlayedNight: Equatable, Sendable {
  public struct Player: Equatable, Sendable {
    public var place: Int
    public var name: String
    public var score: Int
    /// Gone before the end: the row and its score stay.
    public var hasLeft: Bool

    public init(place: Int, name: String, score: Int, hasLeft: Bool) {
      self.place = place
      self.name = name
      self.score = score
      self.hasLeft = hasLeft
    }
  }

  /// One player's answer to a question, for the night's report (`trivia nights export`).
  public struct Answer: Equatable, Sendable {
    public var name: String
    /// The answer's text; nil: none in time, or the player was not in yet.
    public var chosen: String?
    public var isRight: Bool
    /// Milliseconds taken; nil without an answer.
    public var milliseconds: Int?
    public var points: Int

    public init(name: String, chosen: String?, isRight: Bool, milliseconds: Int?, points: Int) {
      self.name = name
      self.chosen = chosen
      self.isRight = isRight
      self.milliseconds = milliseconds
      self.points = points
    }
  }

  public struct Question: Equatable, Sendable {
    public var number: Int
    public var question: String
    public var correctAnswer: String
    public var answered: Int
    public var right: Int
    /// Each player's answer, in the standings' order at its reveal; empty for a night kept
    /// before answers were.
    public var answers: [Answer]

    public init(
      number: Int, question: String, correctAnswer: String, answered: Int, right: Int, answers: [Answer] = []
    ) {
      self.number = number
      self.question = question
      self.correctAnswer = correctAnswer
      self.answered = answered
      self.right = right
      self.answers = answers
    }

    /// The same question wherever it was read from, as an answer's.
    public var questionID: Int64 { QuestionID.make(text: question, answer: correctAnswer) }
  }

  public var title: String
  public var source: String
  public var secondsPerQuestion: Int
  /// The host ended it before its last question.
  public var endedEarly: Bool
  public var players: [Player]
  /// The questions revealed, in order (a skipped one is not).
  public var questions: [Question]

  public init(
    title: String, source: String, secondsPerQuestion: Int, endedEarly: Bool, players: [Player],
    questions: [Question]
  ) {
    self.title = title
    self.source = source
    self.secondsPerQuestion = secondsPerQuestion
    self.endedEarly = endedEarly
    self.players = players
    self.questions = questions
  }
}
