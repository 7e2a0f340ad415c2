/// A spreadsheet's header row: what each column holds, told by the beginning of its name,
/// case aside, so that Kahoot's template (`Question - max 120 characters`, `Answer 1 - max 75
/// characters`, `Time limit (sec) – 5, 10, …`, `Correct answer(s) - choose at least one`),
/// Quizizz's (`Question Text`, `Question Type`, `Option 1`…`Option 5`, `Correct Answer`,
/// `Time in seconds`) and this game's own (`question`, `correct`, `wrong`…, `category`,
/// `difficulty`, `seconds`) are all read without a setting.
///
/// A name matches the longest known beginning that ends where a word does (`Question Type` is
/// a type, not a question); `answer` and `option` take the number after them.
struct SpreadsheetHeader: Sendable {
  enum Role: Hashable, Sendable {
    case question
    /// Kahoot's `Answer N`, Quizizz's `Option N`: the right one named by `correctNumbers`.
    case option(Int)
    /// The number (or numbers, `1,3`) of the right option.
    case correctNumbers
    /// This game's `correct`: the right answer's text.
    case correctText
    /// This game's `wrong`, `wrong 2`, `incorrect answer`…: a wrong answer's text.
    case wrong
    case category
    case difficulty
    case seconds
    /// Quizizz's `Question Type`: only multiple choice can be asked.
    case type
    /// A column a template has that the game has no use for (an image, an explanation).
    case unused
  }

  struct Column: Sendable {
    /// The header cell's index in its row, from 0.
    var index: Int
    /// As written, for messages: `column "Answer 3"`.
    var name: String
    /// Nil for a name nobody reads: `check` warns about it.
    var role: Role?
  }

  /// The columns with a name; empty header cells are left out.
  var columns: [Column]

  /// The header `cells` make, or nil when they name no question column and no answer column:
  /// a title row above the header (Kahoot's template has some), or a file that is no quiz.
  init?(_ cells: [String]) {
    var columns: [Column] = []
    var seen: Set<Role> = []
    for (index, cell) in cells.enumerated() {
      let name = cell.trimmedSpaces
      guard !name.isEmpty else { continue }
      var role = Self.role(of: name)
      // A second column of a kind read once (two `question` columns) is not read.
      if let known = role, known != .wrong, known != .unused, !seen.insert(known).inserted { role = nil }
      columns.append(Column(index: index, name: name, role: role))
    }
    let roles = Set(columns.compactMap(\.role))
    let hasAnswer = roles.contains(.correctText) || roles.contains { if case .option = $0 { true } else { false } }
    guard roles.contains(.question), hasAnswer else { return nil }
    self.columns = columns
  }

  /// The column that holds `role`.
  func column(_ role: Role) -> Column? {
    columns.first { $0.role == role }
  }

  /// The options' columns, by their number.
  var options: [(number: Int, column: Column)] {
    columns.compactMap { column in
      if case .option(let number) = column.role { (number, column) } else { nil }
    }.sorted { $0.number < $1.number }
  }

  /// Known beginnings, each with what it holds; `nil` for those that take a number after them.
  private static let names: [(prefix: String, role: Role?)] = [
    ("question text", .question), ("question type", .type), ("question", .question),
    ("answer explanation", .unused), ("explanation", .unused), ("image link", .unused), ("image", .unused),
    ("answer", nil), ("option", nil),
    ("correct answers", .correctNumbers), ("correct answer", .correctNumbers), ("correct", .correctText),
    ("right answer", .correctText), ("wrong answer", .wrong), ("wrong", .wrong), ("incorrect answer", .wrong),
    ("incorrect", .wrong), ("category", .category), ("difficulty", .difficulty), ("level", .difficulty),
    ("time limit", .seconds), ("time in seconds", .seconds), ("time", .seconds), ("seconds", .seconds),
  ]

  /// What a column named `name` holds, or nil when no known name begins it.
  static func role(of name: String) -> Role? {
    let lower = Array(name.lowercased().unicodeScalars)
    var best: (length: Int, role: Role)?
    for (prefix, role) in names {
      let wanted = Array(prefix.unicodeScalars)
      guard lower.starts(with: wanted), wanted.count > best?.length ?? -1 else { continue }
      var rest = lower[wanted.count...]
      if let role {
        // `wrong 2`, `wrong answer 1`: a number after a name that is read more than once.
        if role == .wrong { rest = rest.drop { $0 == " " || ("0"..."9").contains($0) } }
        guard rest.first.map({ !Self.isWordCharacter($0) }) ?? true else { continue }
        best = (wanted.count, role)
      } else {
        let afterSpaces = rest.drop { $0 == " " }
        let digits = afterSpaces.prefix { ("0"..."9").contains($0) }
        let after = afterSpaces.dropFirst(digits.count)
        guard !digits.isEmpty, digits.count <= 3, let number = Int(String(String.UnicodeScalarView(digits))),
          after.first.map({ !Self.isWordCharacter($0) }) ?? true
        else { continue }
        best = (wanted.count, .option(number))
      }
    }
    return best?.role
  }

  private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
  }
}
