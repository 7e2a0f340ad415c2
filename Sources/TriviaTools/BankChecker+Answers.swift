import ScreenKit
import TriviaData

extension BankChecker {
  /// What is wrong with the answers of a question the game plays: the right one also among
  /// the wrong ones, two options a player cannot tell apart by typing, the right one written
  /// in the question.
  func answerProblems(_ question: Question) -> [(QuestionLocation.Field, String)] {
    guard question.kind == .multiple else { return [] }
    var problems: [(QuestionLocation.Field, String)] = []
    let right = question.correctAnswer.matchingKey
    var seen: [String: String] = [:]
    for wrong in question.incorrectAnswers {
      let key = wrong.matchingKey
      if key == right {
        problems.append(
          (
            .incorrectAnswers,
            "the right answer '\(question.correctAnswer)' is also among the wrong ones, as '\(wrong)'"
          ))
      } else if let other = seen[key] {
        problems.append(
          (
            .incorrectAnswers,
            "the options '\(other)' and '\(wrong)' differ only in case, accents or spaces: typed, they are one answer"
          ))
      } else {
        seen[key] = wrong
      }
    }
    if Self.gives(question.correctAnswer, awayIn: question.text) {
      problems.append((.question, "the right answer '\(question.correctAnswer)' is written in the question"))
    }
    return problems
  }

  /// Whether `answer` stands in `text` as whole words, case, accents and punctuation aside.
  /// A single letter or digit, or two letters, stand in too many questions to mean anything
  /// ("a", "no"); two digits do not ("In 1066, …": 10 would not match).
  static func gives(_ answer: String, awayIn text: String) -> Bool {
    let answerWords = words(answer)
    let joined = answerWords.joined(separator: " ")
    let hasDigit = joined.contains(where: \.isNumber)
    guard joined.count >= 3 || (hasDigit && joined.count >= 2) else { return false }
    let textWords = words(text)
    guard answerWords.count <= textWords.count, !answerWords.isEmpty else { return false }
    for start in 0...(textWords.count - answerWords.count)
    where textWords[start..<start + answerWords.count].elementsEqual(answerWords) {
      return true
    }
    return false
  }

  /// The words of a text as the game matches them, without punctuation.
  static func words(_ text: String) -> [Substring] {
    text.matchingKey.split { !($0.isLetter || $0.isNumber) }
  }
}
