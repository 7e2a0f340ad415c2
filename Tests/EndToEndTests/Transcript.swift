/// Headless output read back: the lines before the first prompt, then for every prompt the
/// input echoed after it and the lines printed in response.
struct Transcript {
  struct Exchange: Equatable {
    /// `trivia`, `question 3/10`, `continue`, …
    var prompt: String
    var input: String
    var output: [String]
  }

  /// A question as the game screen showed it.
  struct ShownQuestion: Equatable {
    var number: Int
    var total: Int
    var category: String
    var difficulty: String
    var text: String
    var answers: [String]
  }

  var preamble: [String] = []
  var exchanges: [Exchange] = []

  /// What a guard asks before a round in progress is left; the answer is read on the next line.
  static let abandonPrompt = "Abandon this round? (y/n)"

  static let fixedPrompts = [
    "trivia", "continue", "round over", "options", "difficulty", "no questions", "stats", "review", "about", "nights",
    abandonPrompt,
  ]

  init(_ text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    for line in lines {
      if let (prompt, input) = Self.promptLine(line) {
        exchanges.append(Exchange(prompt: prompt, input: input, output: []))
      } else if exchanges.isEmpty {
        preamble.append(line)
      } else {
        exchanges[exchanges.count - 1].output.append(line)
      }
    }
  }

  /// Splits `question 2/10> 3` into the prompt and the input echoed after it.
  static func promptLine(_ line: String) -> (String, String)? {
    guard let marker = line.range(of: "> ") else { return nil }
    let prompt = String(line[..<marker.lowerBound])
    let input = String(line[marker.upperBound...])
    if fixedPrompts.contains(prompt) { return (prompt, input) }
    // `question 2/10`, or timed, `question 2/10 · 5s`, or a player's turn, `question 2/10 · Ann · 5s`.
    var sections = prompt.components(separatedBy: " · ")
    if sections.count > 1, let last = sections.last, last.hasSuffix("s"), Int(last.dropLast()) != nil {
      sections.removeLast()
    }
    if sections.count == 2, !sections[1].isEmpty { sections.removeLast() }
    let parts = sections.count == 1 ? sections[0].split(separator: " ") : []
    if parts.count == 2, parts[0] == "question" {
      let numbers = parts[1].split(separator: "/")
      if numbers.count == 2, numbers.allSatisfy({ Int($0) != nil }) { return (prompt, input) }
    }
    return nil
  }

  /// Every line, the prompt lines included, as printed.
  var allLines: [String] {
    preamble + exchanges.flatMap { ["\($0.prompt)> \($0.input)"] + $0.output }
  }

  /// The prompts in order, the last one being where input ended.
  var prompts: [String] { exchanges.map(\.prompt) }

  /// The response to the first input equal to `input`, after the `occurrence`-th match.
  func response(to input: String, occurrence: Int = 0) -> [String]? {
    let matches = exchanges.filter { $0.input == input }
    return matches.indices.contains(occurrence) ? matches[occurrence].output : nil
  }

  /// The questions shown, in order.
  var questions: [ShownQuestion] {
    let lines = allLines
    var result: [ShownQuestion] = []
    for (index, line) in lines.enumerated() {
      guard line.hasPrefix("Question "), let header = Self.header(line), index + 1 < lines.count else { continue }
      var answers: [String] = []
      var next = index + 2
      while next < lines.count, let answer = Self.answer(lines[next], number: answers.count + 1) {
        answers.append(answer)
        next += 1
      }
      result.append(
        ShownQuestion(
          number: header.number, total: header.total, category: header.category, difficulty: header.difficulty,
          text: lines[index + 1], answers: answers))
    }
    return result
  }

  /// `Question 3 of 10  Science · Easy`.
  static func header(_ line: String) -> (number: Int, total: Int, category: String, difficulty: String)? {
    guard let gap = line.range(of: "  ") else { return nil }
    let counts = line[..<gap.lowerBound].split(separator: " ")
    guard counts.count == 4, counts[0] == "Question", counts[2] == "of", let number = Int(counts[1]),
      let total = Int(counts[3])
    else { return nil }
    let labels = line[gap.upperBound...].components(separatedBy: " · ")
    guard labels.count == 2 else { return nil }
    return (number, total, labels[0], labels[1])
  }

  /// `  2) Oxygen`, or `  b) 6` where the answers are numbers, when it is answer `number`.
  static func answer(_ line: String, number: Int) -> String? {
    let letter = number <= 26 ? String(UnicodeScalar(UInt8(ascii: "a") + UInt8(number - 1))) : "\(number)"
    for prefix in ["  \(number)) ", "  \(letter)) "] where line.hasPrefix(prefix) {
      return String(line.dropFirst(prefix.count))
    }
    return nil
  }
}
