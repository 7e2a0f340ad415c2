import FeedbackScreen
import GameScreen
import ScreenKit
import TriviaData
import TriviaTerminal

/// How a question fits the game's screens on a terminal of `columns` columns: drawn by the
/// game's own screens and wrapped by its own renderer, so a warning is about what a player
/// would see.
///
/// Wrapping between words is what the renderer is for, and a question on two lines reads
/// well; what reads badly is a question of three lines or more, a word cut in two because it
/// is wider than the screen, an answer that runs onto a second line of the list, a heading
/// or a verdict that breaks.
public struct ScreenFit: Sendable {
  /// The width of a terminal as it opens, and the one most players keep.
  public static let standardColumns = 80
  /// The lines a question may take and still be read at a glance.
  public static let questionLines = 2

  public var columns: Int

  public init(columns: Int = standardColumns) {
    self.columns = columns
  }

  /// A problem with how a part of the question shows.
  public struct Problem: Sendable, Equatable {
    public var field: QuestionLocation.Field
    public var message: String
  }

  /// What wraps badly when `question` is shown, worst case: the heading of the last of 50
  /// questions, the verdict of a wrong answer.
  public func problems(_ question: Question) -> [Problem] {
    var problems: [Problem] = []
    let state = GameScreen.State(
      number: 50, total: 50, category: question.category, difficulty: question.difficulty?.title ?? "Any level",
      question: question.text, answers: [question.correctAnswer] + question.incorrectAnswers)
    let lines = GameScreen(state: state).render()
    // The screen: a blank line, the heading, the question, then each answer.
    let heading = lines[1]
    if lineCount(heading) > 1 {
      problems.append(
        Problem(
          field: .category,
          message: "the category makes the heading '\(heading.text)' \(width(heading)) columns wide, "
            + "over the \(columns) of a terminal: it wraps"))
    }
    let questionLines = lineCount(lines[2])
    if questionLines > Self.questionLines {
      problems.append(
        Problem(
          field: .question,
          message: "the question takes \(questionLines) lines at \(columns) columns; at most "
            + "\(Self.questionLines) read at a glance"))
    }
    for word in question.text.split(whereSeparator: \.isWhitespace) where width(Line(String(word))) > columns {
      problems.append(
        Problem(field: .question, message: "'\(word)' is wider than \(columns) columns: the game cuts it in two"))
    }
    for (index, answer) in lines.dropFirst(3).enumerated() where lineCount(answer) > 1 {
      problems.append(
        Problem(
          field: index == 0 ? .correctAnswer : .incorrectAnswers,
          message: "the answer '\(state.answers[index])' is \(width(answer)) columns as the game lists it "
            + "('\(answer.text.prefix(6))…'), over \(columns): it runs onto a second line"))
    }
    let verdict = FeedbackScreen(
      state: .init(isCorrect: false, correctAnswer: question.correctAnswer, score: 0, answered: 1, isLast: false)
    ).render()[0]
    if lineCount(verdict) > 1, !problems.contains(where: { $0.field == .correctAnswer }) {
      problems.append(
        Problem(
          field: .correctAnswer,
          message: "'\(verdict.text)' is \(width(verdict)) columns, over \(columns): the verdict on a wrong "
            + "answer wraps"))
    }
    return problems
  }

  /// The lines `line` takes on the screen, wrapped as the game wraps it.
  private func lineCount(_ line: Line) -> Int {
    width(line) <= columns ? 1 : TerminalRenderer.shown([line], width: columns).count
  }

  /// The columns a line takes unwrapped.
  private func width(_ line: Line) -> Int {
    LineWrapper.width(of: TerminalRenderer.shown([line], width: nil)[0].text)
  }
}
