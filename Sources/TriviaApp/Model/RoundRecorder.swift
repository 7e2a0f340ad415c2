import TriviaData
import TriviaHistory

/// What the round flow keeps in the player's history, and what it reads back: the round
/// in play as history knows it, each answer, how it ended, what was asked and missed.
@MainActor
final class RoundRecorder {
  /// Nil with `--no-history`.
  let history: (any History)?
  /// The round in play as history knows it, and where its questions came from.
  private(set) var recorded: (round: Int64?, source: String) = (nil, "")
  /// Every question history says was asked, read for the landing's count once this game has
  /// dealt, and kept up with its answers (not with another game's played meanwhile).
  private var asked: [Int64: Int64]?
  private var hasDealt = false
  /// The bank last counted: its ids, made once a bank (each landing's count of what is new,
  /// and each deal after it, read every one), and those never asked, each with how many of
  /// its questions carry it: an answer takes its id away rather than count again.
  private var bank: (questions: QuestionList, ids: [Int64], neverAsked: [Int64: Int])?

  init(history: (any History)?) {
    self.history = history
  }

  /// What dealing from `questions` asks of history to deal new questions first; nil
  /// without history. Once this game has read every question asked (for the landing's
  /// count), and made the bank's ids, it deals from those rather than ask the file again.
  func askedQuestions(in questions: QuestionList) -> AskedQuestions? {
    guard let history else { return nil }
    if let asked, history.isKept, let bank, bank.questions.isIdentical(to: questions) {
      return AskedQuestions(asked, questionIDs: bank.ids)
    }
    return AskedQuestions(lastAsked: history.lastAsked, all: history.askedQuestions)
  }

  /// A deal has read history, whether or not it found questions: what is new can be told.
  func dealt() {
    hasDealt = history != nil
  }

  func started(_ round: Round, for request: RoundRequest, from source: String) {
    recorded = (history?.roundStarted(Self.played(round, for: request, from: source)), source)
  }

  /// A saved round goes on in its row; in a new one when the file no longer holds it.
  func resumed(_ session: SavedSession) {
    let source = session.source ?? ""
    let row = history?.roundResumed(
      session.historyRound, as: Self.played(session.round, for: session.request, from: source))
    recorded = (row ?? session.historyRound, source)
    // A resumed round read history as a dealt one does (its row): the landing after it can
    // count what is left to ask, as after a round dealt in this game.
    dealt()
  }

  /// `round` as history keeps it.
  private static func played(_ round: Round, for request: RoundRequest, from source: String) -> PlayedRound {
    PlayedRound(
      source: source, questionCount: request.count ?? GameOptions.standard.questionCount,
      difficulty: (request.difficulty ?? .mixed).rawValue, category: request.category, total: round.total,
      players: round.players.map(\.name))
  }

  /// An answer (`chosen` empty when time ran out), by `player` in a round of turns.
  func answered(_ item: Round.Item, by player: String?, chosen: String, isRight: Bool, seconds: Double) {
    let answer = AnsweredQuestion(
      source: recorded.source, question: item.question.text, category: item.question.category,
      difficulty: item.question.difficulty?.rawValue, chosen: chosen, correctAnswer: item.correctAnswer,
      isRight: isRight, seconds: seconds, player: player)
    let row = history?.answered(answer, inRound: recorded.round)
    guard asked != nil else { return }
    let id = answer.questionID
    asked?[id] = row ?? .max
    bank?.neverAsked[id] = nil
  }

  func ended(_ round: Round, how: RoundEnding) {
    history?.roundEnded(recorded.round, score: round.score, how: how)
  }

  /// The best score before `round`'s, of its category and length; nil when there was none.
  func bestScore(before round: Round, category: String?) -> Int? {
    history?.bestScore(category: category, total: round.total)
  }

  /// The questions of `questions` this player got wrong and has not since answered right.
  func missed(in questions: QuestionList, source: String) throws(NoQuestions) -> [Int] {
    let missed = history?.missedQuestionIDs() ?? []
    let found =
      missed.isEmpty
      ? []
      : questions.indices.filter { missed.contains(questions.questionID(at: $0)) }
    guard found.isEmpty else { return found }
    let reason =
      if history == nil {
        NoHistory.cannot("no missed questions to play")
      } else if missed.isEmpty, history?.lastRoundAnswers().isEmpty != false {
        "Nothing missed yet: you have not answered a question yet."
      } else {
        "No questions you missed in \(source): any you got wrong, you have since answered right."
      }
    throw NoQuestions(reason: reason, details: ["Type play for a round of any questions."])
  }

  /// How many of `questions` this player was never asked; nil before this game has read its
  /// history, which it does when it first deals.
  func unasked(in questions: QuestionList) -> Int? {
    guard hasDealt, let history, history.isKept else { return nil }
    if let bank, bank.questions.isIdentical(to: questions) { return bank.neverAsked.values.reduce(0, +) }
    let asked = self.asked ?? history.askedQuestions()
    self.asked = asked
    let ids = questions.questionIDs()
    var neverAsked: [Int64: Int] = [:]
    for id in ids where asked[id] == nil { neverAsked[id, default: 0] += 1 }
    bank = (questions, ids, neverAsked)
    return neverAsked.values.reduce(0, +)
  }

  /// Whether history is kept by this game but has stopped (a file it cannot use).
  var isOff: Bool { history?.isKept == false }
}
