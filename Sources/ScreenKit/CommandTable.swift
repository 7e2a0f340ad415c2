/// The commands of a screen. Parsing, help and Tab completion all read this one table, so
/// they cannot disagree.
public struct CommandTable {
  /// What became of a line of input.
  public enum Result: Equatable, Sendable {
    case done
    case rejected(String)
    /// No command matched; the caller explains how to get help.
    case unknown
  }

  /// Free-form input that is not a command word, such as an answer typed out.
  public struct Freeform {
    public let usage: String
    public let summary: String
    /// Words offered by Tab completion.
    public let completions: [String]
    /// Returns nil when the input is not for it.
    let accept: (String) -> Command.Outcome?

    public init(
      usage: String, summary: String, completions: [String] = [],
      accept: @escaping (String) -> Command.Outcome?
    ) {
      self.usage = usage
      self.summary = summary
      self.completions = completions
      self.accept = accept
    }
  }

  public var commands: [Command]
  public var freeform: Freeform?

  public init(_ commands: [Command] = [], freeform: Freeform? = nil) {
    self.commands = commands
    self.freeform = freeform
  }

  /// This table followed by another's commands; freeform input stays this table's.
  public func merging(_ other: CommandTable) -> CommandTable {
    let names = Set(commands.map(\.name))
    return CommandTable(
      commands + other.commands.filter { !names.contains($0.name) }, freeform: freeform ?? other.freeform)
  }

  public func command(named name: String) -> Command? {
    commands.first { $0.name == name }
  }

  /// Runs the line: a command word (case-insensitive) with its argument, else freeform input.
  public func run(_ line: String) -> Result {
    let trimmed = line.trimmingWhitespace
    let (word, argument) = trimmed.splitFirstWord
    if let command = command(named: word.lowercased()), command.takesArgument || argument.isEmpty {
      return Result(command.run(argument))
    }
    if let outcome = freeform?.accept(trimmed) {
      return Result(outcome)
    }
    return .unknown
  }

  /// Lines for `help`: usage and summary of each command, aligned.
  public var help: [Line] {
    var rows = commands.map { ($0.usage, $0.summary) }
    if let freeform { rows.insert((freeform.usage, freeform.summary), at: 0) }
    let width = rows.map(\.0.count).max() ?? 0
    // Wrapped, a summary goes on under itself.
    return rows.map { usage, summary in
      Line(spans: [
        .init(text: "  " + usage.padded(to: width), style: .emphasis),
        .init(text: "  " + summary, style: .plain),
      ]).hanging(at: width + 4)
    }
  }

  /// Every word Tab may offer, commands first.
  public var words: [String] {
    commands.map(\.name) + (freeform?.completions ?? [])
  }

  /// The words that complete `prefix` (case-insensitive), in table order, without repeats;
  /// after a command that completes its argument, that command's offers, as whole lines.
  public func completions(for prefix: String) -> [String] {
    if let space = prefix.firstIndex(where: \.isWhitespace),
      let complete = command(named: String(prefix[..<space]).lowercased())?.completeArgument
    {
      let start = prefix[space...].firstIndex { !$0.isWhitespace } ?? prefix.endIndex
      return complete(String(prefix[start...])).map { String(prefix[..<start]) + $0 }
    }
    let lowered = prefix.lowercased()
    var seen = Set<String>()
    return words.filter { $0.lowercased().hasPrefix(lowered) && seen.insert($0).inserted }
  }
}

extension CommandTable.Result {
  init(_ outcome: Command.Outcome) {
    switch outcome {
    case .done: self = .done
    case .rejected(let reason): self = .rejected(reason)
    }
  }
}

extension String {
  /// Without leading and trailing spaces, tabs and line ends.
  public var trimmingWhitespace: String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }

  /// Padded with spaces on the right to `width` characters.
  public func padded(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }

  /// Padded with spaces on the left to `width` characters, so numbers stand in a column.
  public func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }

  /// The first word and the rest, trimmed.
  var splitFirstWord: (String, String) {
    guard let space = firstIndex(where: \.isWhitespace) else { return (self, "") }
    return (String(self[..<space]), String(self[space...]).trimmingWhitespace)
  }
}
