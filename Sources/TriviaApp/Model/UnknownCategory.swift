import ScreenKit
import TriviaData

/// A category asked for that the source does not have, said with the ones it has: to the
/// player in lines, to a link's sender and on the command line in one sentence.
struct UnknownCategory {
  var name: String
  var source: String
  var categories: [(name: String, count: Int)]

  var lines: [String] {
    ["No category '\(name)' in \(source). Its categories:"]
      + categories.map { "  \($0.name) (\(NumberText.grouped($0.count)))" }
  }

  var sentence: String {
    "no category '\(name)' in \(source); its categories: \(categories.map(\.name).joined(separator: ", "))"
  }
}
