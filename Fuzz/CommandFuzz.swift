/// libFuzzer target for what a player types: a `CommandTable` built as the game and options
/// screens build theirs (commands with and without an argument, freeform answers read by
/// `choiceIndex`), merged with the commands every screen has, plus help and Tab completion.
///
/// The input is lines: the first is what the player typed, the rest are the answers shown.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommands(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let text = fuzzText(data, size)
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let input = lines[0]
  let answers = Array(lines.dropFirst().prefix(200))

  var chosen: Int?
  var count: Int?
  let usage = choiceUsage(for: answers, noun: "answer")
  let game = CommandTable(
    [],
    freeform: .init(usage: usage, summary: "answer the question", completions: answers) { input in
      guard let index = choiceIndex(input, among: answers) else { return .rejected("'\(input)' is not an answer") }
      chosen = index
      return .done
    })
  let range = 1...50
  let options = CommandTable([
    Command("count", usage: "count N", summary: "play N questions", takesArgument: true) { argument in
      guard let number = Int(argument), range.contains(number) else { return .rejected("not '\(argument)'") }
      count = number
      return .done
    },
    Command("difficulty", summary: "pick the difficulty") {},
    Command("done", summary: "close the options") {},
  ])
  let global = CommandTable([
    Command("help", summary: "list the commands") {},
    Command("back", summary: "leave this screen") {},
    Command("quit", summary: "leave the game") {},
  ])

  for table in [game.merging(global), options.merging(global)] {
    let result = table.run(input)
    if case .rejected(let reason) = result { require(!reason.isEmpty, "a rejection without a reason") }
    let words = table.words
    for completion in table.completions(for: input) {
      require(words.contains(completion), "a completion that is not a word: \(completion)")
    }
    require(table.help.count == table.commands.count + (table.freeform == nil ? 0 : 1), "help rows")
  }
  if let chosen { require(answers.indices.contains(chosen), "choice \(chosen) among \(answers.count)") }
  if let count { require(range.contains(count), "count \(count)") }

  // choiceIndex on its own: whatever it returns is a position among the items.
  if let index = choiceIndex(input, among: answers) {
    require(answers.indices.contains(index), "index \(index) among \(answers.count)")
  }
  _ = input.matchingKey
  _ = input.trimmingWhitespace
  return 0
}
