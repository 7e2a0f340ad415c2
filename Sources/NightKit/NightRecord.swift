/// A question as it was revealed: what the host's history and its export keep, and what
/// PostgreSQL keeps of it, read from the room's own record and from nowhere else.
public struct NightRecord: Codable, Equatable, Sendable {
  public var number: Int
  public var text: String
  public var choices: [String]
  public var correct: Int
  /// Every player in the standings' order at the reveal, with its answer if it gave one in time.
  public var answers: [NightPlayerAnswer]

  public init(number: Int, text: String, choices: [String], correct: Int, answers: [NightPlayerAnswer]) {
    self.number = number
    self.text = text
    self.choices = choices
    self.correct = correct
    self.answers = answers
  }
}

extension NightRoom {
  /// A question closed, as the room keeps it (and saves it) for its record: seat numbers and
  /// small integers, since a night of thousands saves every question's answers.
  struct Closed: Codable, Equatable, Sendable {
    /// The question's index.
    var index: Int
    /// The seats in standings order at the reveal.
    var order: [Int]
    /// For each of `order`: the choice × 1,000,000 plus the milliseconds, or -1 for no answer.
    var taken: [Int]

    static let noAnswer = -1
  }

  /// Every question closed so far, oldest first: a resumed room's too, since it is saved.
  public var record: [NightRecord] { closed.map(record(of:)) }

  /// The last question closed, as the record has it.
  public var lastRecord: NightRecord? { closed.last.map(record(of:)) }

  /// While a question's reveal shows: each player's answer to it, in standings order (the
  /// host's report); empty otherwise.
  public var revealedAnswers: [NightPlayerAnswer] {
    guard case .reveal = phase, let last = closed.last else { return [] }
    return record(of: last).answers
  }

  func record(of closed: Closed) -> NightRecord {
    let question = questions[closed.index]
    let limitMs = limitMs(of: closed.index)
    let answers = zip(closed.order, closed.taken).map { seat, taken in
      let choice = taken == Closed.noAnswer ? nil : taken / 1_000_000
      let ms = taken == Closed.noAnswer ? nil : taken % 1_000_000
      let points =
        choice == question.correct ? NightScore.points(msLeft: limitMs - (ms ?? limitMs), limitMs: limitMs) : 0
      return NightPlayerAnswer(name: seats[seat].name, choice: choice, ms: ms, points: points)
    }
    return NightRecord(
      number: closed.index + 1, text: question.text, choices: question.choices, correct: question.correct,
      answers: answers)
  }

  /// The question just closed, into the record.
  mutating func keepClosed() {
    closed.append(
      Closed(
        index: index, order: order,
        taken: order.map { seat in
          seats[seat].answerRound == round ? seats[seat].choice * 1_000_000 + seats[seat].answerMs : Closed.noAnswer
        }))
  }
}
