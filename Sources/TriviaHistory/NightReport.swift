import FoundationEssentials

/// A hosted night's report, as a teacher or a host takes it away: one row per player per
/// question (the answer chosen, right or not, the time taken, the points) with each player's
/// final place and score, as CSV a spreadsheet opens as it is, or as JSON for a program.
public enum NightReport {
  /// The columns, in order.
  static let columns = [
    "night", "date", "title", "question_number", "question", "correct_answer", "player", "answer", "right",
    "milliseconds", "points", "final_place", "final_score",
  ]

  /// RFC 4180: CRLF line ends, a field quoted when it holds a comma, a quote or a line end. UTF-8
  /// with a byte-order mark, which spreadsheets need to read it as UTF-8. A text that starts
  /// as a formula would (`=`, `+`, `-`, `@`) gets an apostrophe first: a player's name is
  /// anyone's text, and must not run as a formula in the host's spreadsheet.
  public static func csv(_ hosted: HostedNight) -> String {
    let night = hosted.night
    let finals = Dictionary(night.players.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var lines = [columns.joined(separator: ",")]
    for question in night.questions {
      for answer in question.answers {
        let final = finals[answer.name]
        let fields: [String] = [
          "\(hosted.number)", hosted.date, text(night.title), "\(question.number)", text(question.question),
          text(question.correctAnswer), text(answer.name), answer.chosen.map(text) ?? "", answer.isRight ? "yes" : "no",
          answer.milliseconds.map { "\($0)" } ?? "", "\(answer.points)", final.map { "\($0.place)" } ?? "",
          final.map { "\($0.score)" } ?? "",
        ]
        lines.append(fields.map(quoted).joined(separator: ","))
      }
    }
    return "\u{FEFF}" + lines.map { $0 + "\r\n" }.joined()
  }

  /// The night whole: its players' final table and each question with every answer.
  public static func json(_ hosted: HostedNight) -> String {
    let night = hosted.night
    let report = Report(
      night: hosted.number, date: hosted.date, title: night.title, source: night.source,
      secondsPerQuestion: night.secondsPerQuestion, endedEarly: night.endedEarly,
      players: night.players.map { .init(place: $0.place, name: $0.name, score: $0.score, left: $0.hasLeft) },
      questions: night.questions.map { question in
        .init(
          number: question.number, question: question.question, correctAnswer: question.correctAnswer,
          answers: question.answers.map {
            .init(
              player: $0.name, answer: $0.chosen, right: $0.isRight, milliseconds: $0.milliseconds,
              points: $0.points)
          })
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    // Plain values: encoding cannot fail.
    return String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self) + "\n"
  }

  /// A text field, with an apostrophe before what a spreadsheet would take for a formula.
  private static func text(_ value: String) -> String {
    guard let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return value }
    return "'" + value
  }

  private static func quoted(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
    return "\"" + field.replacing("\"", with: "\"\"") + "\""
  }

  private struct Report: Encodable {
    struct Player: Encodable {
      var place: Int
      var name: String
      var score: Int
      var left: Bool
    }

    struct Answer: Encodable {
      var player: String
      var answer: String?
      var right: Bool
      var milliseconds: Int?
      var points: Int
    }

    struct Question: Encodable {
      var number: Int
      var question: String
      var correctAnswer: String
      var answers: [Answer]
    }

    var night: Int
    var date: String
    var title: String
    var source: String
    var secondsPerQuestion: Int
    var endedEarly: Bool
    var players: [Player]
    var questions: [Question]
  }
}
