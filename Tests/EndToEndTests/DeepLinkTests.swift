import Foundation
import Testing

/// `trivia://` links, followed at launch with `--open` or typed as `open LINK`, from every
/// place in the game: the route taken is visible in the trace, plan included.
@Suite("Deep links")
struct DeepLinkTests {
  static let arguments = ["--seed", "4", "--count", "3"]
  static let historyLink = "trivia://play?difficulty=hard&count=5&category=History"

  /// Where the player is when the link comes.
  struct Place: Sendable, CustomTestStringConvertible {
    var name: String
    /// What gets the player there.
    var input: String
    var prompt: String
    /// The trace up to there.
    var events: [TraceEvent]
    /// Plays a file that does not exist, so play leads to the no-data screen.
    var missingSource = false
    var testDescription: String { name }

    var inRound: Bool { prompt.hasPrefix("question ") || prompt == "continue" }
    var extraArguments: [String] { missingSource ? ["--source", "missing.json"] : [] }
  }

  static let root = TraceEvent("root", "landing", ["landing"])
  static let openOptions = TraceEvent("present", "options", ["landing", "options"], plan: ["flow options"])
  static let pushGame = TraceEvent("push", "game", ["landing", "game"], plan: ["push game"])

  static let places = [
    Place(name: "landing", input: "", prompt: "trivia", events: [root]),
    Place(name: "question", input: "play\n", prompt: "question 1/3", events: [root, pushGame]),
    Place(
      name: "feedback", input: "play\na\n", prompt: "continue",
      events: [root, pushGame, TraceEvent("child", "feedback", ["landing", "game"], plan: ["child feedback"])]),
    Place(
      name: "difficulty popover on the landing", input: "difficulty\n", prompt: "difficulty",
      events: [
        root, TraceEvent("popover", "difficulty", ["landing", "difficulty"], plan: ["popover difficulty@difficulty"]),
      ]),
    Place(name: "options", input: "options\n", prompt: "options", events: [root, openOptions]),
    Place(
      name: "difficulty popover in the options", input: "options\ndifficulty\n", prompt: "difficulty",
      events: [
        root, openOptions,
        TraceEvent(
          "popover", "difficulty", ["landing", "options", "difficulty"], plan: ["popover difficulty@difficulty"]),
      ]),
    Place(
      name: "no data", input: "play\n", prompt: "no questions",
      events: [root, TraceEvent("push", "no-data", ["landing", "no-data"], plan: ["push no-data"])],
      missingSource: true),
  ]

  enum Link: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case landing = "trivia://landing"
    case play = "trivia://play?difficulty=hard&count=5&category=History"
    case options = "trivia://options"
    case difficulty = "trivia://difficulty"
    case source = "trivia://source?spec=bundled"

    var testDescription: String { rawValue }
  }

  /// Where a link leads from a place: the prompt and the trace events it adds.
  struct Outcome {
    var prompt: String
    var events: [TraceEvent]
  }

  static func outcome(of link: Link, from place: Place) -> Outcome {
    let leaveGame = { (next: String) in
      TraceEvent("pop", "game", ["landing"], plan: ["pop game"] + (next.isEmpty ? [] : [next]))
    }
    let closePopover = { (next: String) in
      TraceEvent("dismiss", "difficulty", ["landing"], plan: ["dismiss difficulty"] + (next.isEmpty ? [] : [next]))
    }
    let closeBoth = ["dismiss difficulty", "end-flow options"]
    let closeNested = [
      TraceEvent("dismiss", "difficulty", ["landing", "options"], plan: closeBoth),
      TraceEvent("dismiss", "options", ["landing"], plan: closeBoth),
    ]
    let endOptions = TraceEvent("dismiss", "options", ["landing"], plan: ["end-flow options"])
    let popNoData = { (next: String) in
      TraceEvent("pop", "no-data", ["landing"], plan: ["pop no-data"] + (next.isEmpty ? [] : [next]))
    }
    let popoverStep = "popover difficulty@difficulty"

    switch (link, place.name) {
    case (.landing, "landing"):
      return Outcome(
        prompt: "trivia", events: [TraceEvent("ignored", "landing", ["landing"], plan: ["ignored landing"])])
    case (.landing, "question"), (.landing, "feedback"), (.source, "question"), (.source, "feedback"):
      return Outcome(prompt: "trivia", events: [leaveGame("")])
    case (.landing, "difficulty popover on the landing"), (.source, "difficulty popover on the landing"):
      return Outcome(prompt: "trivia", events: [closePopover("")])
    case (.landing, "options"), (.source, "options"):
      return Outcome(prompt: "trivia", events: [endOptions])
    case (.landing, "difficulty popover in the options"), (.source, "difficulty popover in the options"):
      return Outcome(prompt: "trivia", events: closeNested)
    case (.landing, _), (.source, "no data"):
      return Outcome(prompt: "trivia", events: [popNoData("")])
    case (.source, _):
      return Outcome(prompt: "trivia", events: [])

    case (.play, "landing"):
      return Outcome(prompt: "question 1/5", events: [pushGame])
    case (.play, "question"), (.play, "feedback"):
      return Outcome(prompt: "question 1/5", events: [leaveGame(""), pushGame])
    case (.play, "difficulty popover on the landing"):
      return Outcome(prompt: "question 1/5", events: [closePopover(""), pushGame])
    case (.play, "options"):
      return Outcome(prompt: "question 1/5", events: [endOptions, pushGame])
    case (.play, "difficulty popover in the options"):
      return Outcome(prompt: "question 1/5", events: closeNested + [pushGame])
    case (.play, _):
      // The source is still missing: back to the no-data screen, with the reason.
      return Outcome(
        prompt: "no questions",
        events: [popNoData(""), TraceEvent("push", "no-data", ["landing", "no-data"], plan: ["push no-data"])])

    case (.options, "landing"):
      return Outcome(prompt: "options", events: [openOptions])
    case (.options, "question"), (.options, "feedback"):
      let plan = ["pop game", "flow options"]
      return Outcome(
        prompt: "options",
        events: [
          TraceEvent("pop", "game", ["landing"], plan: plan),
          TraceEvent("present", "options", ["landing", "options"], plan: plan),
        ])
    case (.options, "difficulty popover on the landing"):
      let plan = ["dismiss difficulty", "flow options"]
      return Outcome(
        prompt: "options",
        events: [closePopover("flow options"), TraceEvent("present", "options", ["landing", "options"], plan: plan)])
    case (.options, "options"):
      return Outcome(
        prompt: "options",
        events: [TraceEvent("ignored", "options", ["landing", "options"], plan: ["ignored options"])])
    case (.options, "difficulty popover in the options"):
      return Outcome(
        prompt: "options",
        events: [TraceEvent("dismiss", "difficulty", ["landing", "options"], plan: ["dismiss difficulty"])])
    case (.options, _):
      // The options may open over the no-data screen, to fix what is wrong and retry.
      return Outcome(
        prompt: "options",
        events: [TraceEvent("present", "options", ["landing", "no-data", "options"], plan: ["flow options"])])

    case (.difficulty, "landing"):
      return Outcome(
        prompt: "difficulty",
        events: [TraceEvent("popover", "difficulty", ["landing", "difficulty"], plan: [popoverStep])])
    case (.difficulty, "question"), (.difficulty, "feedback"):
      let plan = ["pop game", popoverStep]
      return Outcome(
        prompt: "difficulty",
        events: [
          TraceEvent("pop", "game", ["landing"], plan: plan),
          TraceEvent("popover", "difficulty", ["landing", "difficulty"], plan: plan),
        ])
    case (.difficulty, "difficulty popover on the landing"):
      return Outcome(
        prompt: "difficulty",
        events: [TraceEvent("ignored", "difficulty", ["landing", "difficulty"], plan: ["ignored difficulty"])])
    case (.difficulty, "options"):
      return Outcome(
        prompt: "difficulty",
        events: [TraceEvent("popover", "difficulty", ["landing", "options", "difficulty"], plan: [popoverStep])])
    case (.difficulty, "difficulty popover in the options"):
      return Outcome(
        prompt: "difficulty",
        events: [
          TraceEvent("ignored", "difficulty", ["landing", "options", "difficulty"], plan: ["ignored difficulty"])
        ])
    case (.difficulty, _):
      let plan = ["pop no-data", popoverStep]
      return Outcome(
        prompt: "difficulty",
        events: [
          TraceEvent("pop", "no-data", ["landing"], plan: plan),
          TraceEvent("popover", "difficulty", ["landing", "difficulty"], plan: plan),
        ])
    }
  }

  /// What `where` prints for a stack.
  /// What `where` says of `stack`, in a person's words: the screen in front first.
  static func whereLines(_ stack: [String]) -> [String] {
    let words = [
      "landing": "the start screen", "game": "a question of your round",
      "no-data": "the notice that there are no questions", "options": "the options",
      "difficulty": "the choice of level",
    ]
    let named = stack.reversed().map { words[$0] ?? "?" }
    return ["You are on " + ([named[0]] + named.dropFirst().map { "over " + $0 }).joined(separator: ", ") + "."]
  }

  @Test("open LINK goes where the link says from every place", arguments: places, Link.allCases)
  func openCommand(_ place: Place, _ link: Link) async throws {
    let sandbox = try Sandbox()
    let answer = place.inRound ? "y\n" : ""
    let (result, events) = try await sandbox.runTraced(
      Self.arguments + place.extraArguments, input: place.input + "open \(link.rawValue)\n" + answer + "where\n")
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let transcript = result.transcript
    let expected = Self.outcome(of: link, from: place)

    // The place was reached, then the link asked about the round only if one was in play.
    let linkIndex = try #require(transcript.exchanges.firstIndex { $0.input == "open \(link.rawValue)" })
    #expect(transcript.exchanges[linkIndex].prompt == place.prompt)
    let arrival: [String]
    if place.inRound {
      #expect(transcript.exchanges[linkIndex].output == [])
      #expect(transcript.exchanges[linkIndex + 1].prompt == Transcript.abandonPrompt)
      arrival = transcript.exchanges[linkIndex + 1].output
      #expect(arrival.contains(Expected.roundAbandoned) == (link == .landing))
    } else {
      arrival = transcript.exchanges[linkIndex].output
      #expect(!result.stdout.contains(Transcript.abandonPrompt))
    }
    #expect(transcript.prompts.last == expected.prompt)
    #expect(!arrival.contains { $0.hasPrefix("Cannot open") || $0.hasPrefix("Navigation refused") })

    #expect(Array(events.prefix(place.events.count)) == place.events)
    #expect(Array(events.dropFirst(place.events.count)) == expected.events)

    let finalStack = expected.events.last?.stack ?? place.events.last?.stack ?? []
    let stackShown = try #require(transcript.response(to: "where"))
    #expect(stackShown == Self.whereLines(finalStack))

    switch link {
    case .play where !place.missingSource:
      let question = try #require(transcript.questions.last)
      #expect(question.category == "History")
      #expect(question.difficulty == "Hard")
      #expect(question.number == 1 && question.total == 5)
      // Questions already loaded for a round are not loaded again.
      #expect(arrival.contains(Expected.bundledLoaded[1]) == !place.inRound)
    case .play:
      #expect(arrival.suffix(4) == Expected.noData(reason: "missing.json: No such file or directory").suffix(4))
    case .source:
      #expect(arrival.suffix(2) == Expected.bundledLoaded)
      if place.prompt != "trivia" {
        // The landing shown on the way names the new source.
        #expect(arrival.contains("  Source:     bundled"))
        #expect(!arrival.contains("  Source:     missing.json"))

      }
    case .difficulty where expected.events.last?.event != "ignored":
      #expect(arrival.suffix(6) == Expected.difficulty(current: "Mixed"))
    case .options where expected.events.last?.event != "ignored":
      #expect(arrival.suffix(9).prefix(2) == ["", "Options"])
      #expect(arrival.last == "Type done when finished.")
    case .landing where !arrival.isEmpty:
      #expect(arrival.contains("TRIVIA"))
    default:
      // Ignored: nothing is shown again.
      #expect(arrival == [])
    }
  }

  @Test("--open LINK at launch goes there from the landing", arguments: Link.allCases)
  func openFlag(_ link: Link) async throws {
    let sandbox = try Sandbox()
    let (result, events) = try await sandbox.runTraced(Self.arguments + ["--open", link.rawValue], input: "where\n")
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let expected = Self.outcome(of: link, from: Self.places[0])
    #expect(result.transcript.preamble.starts(with: Expected.landing(questions: 3)))
    #expect(result.transcript.prompts.first == expected.prompt)
    #expect(events.first == Self.root)
    #expect(Array(events.dropFirst()) == expected.events)

    #expect(
      result.transcript.response(to: "where") == Self.whereLines(expected.events.last?.stack ?? ["landing"]))
    if link == .play {
      #expect(result.transcript.questions.first?.category == "History")
      #expect(result.transcript.exchanges.last?.output == [Expected.roundSaved])
    }
  }

  @Test("--open after --resume: a link to the resumed round is ignored, a link away asks first")
  func openAfterResume() async throws {
    let sandbox = try Sandbox()
    let saved = try await sandbox.run(["--seed", "1", "--count", "3"], input: "play\na\n\nquit\n")
    try #require(saved.transcript.response(to: "quit") == [Expected.roundSaved])
    let session = try #require(FileManager.default.contents(atPath: sandbox.sessionPath))
    let game = TraceEvent("push", "game", ["landing", "game"], plan: ["push game"])

    // The round was dealt as 3 Mixed questions of every category: the link asks for that.
    let same = try await sandbox.runTraced(["--resume", "--open", "trivia://play?count=3"], input: "where\n")
    #expect(same.result.transcript.preamble.contains("Resuming question 2 of 3."))
    #expect(same.result.transcript.preamble.last == Expected.alreadyPlaying)
    #expect(!same.result.stdout.contains(Transcript.abandonPrompt))
    #expect(same.result.transcript.prompts.first == "question 2/3")
    #expect(
      same.events == [Self.root, game, TraceEvent("ignored", "game", ["landing", "game"], plan: ["ignored game"])])

    for (answer, prompt) in [("n", "question 2/3"), ("y", "trivia")] {
      try session.write(to: URL(fileURLWithPath: sandbox.sessionPath))
      let (result, events) = try await sandbox.runTraced(
        ["--resume", "--open", "trivia://landing"], input: answer + "\nwhere\n")
      let transcript = result.transcript
      // The question comes from the script, like any other line.
      #expect(transcript.prompts.prefix(2) == [Transcript.abandonPrompt, prompt], "\(answer)")
      #expect(transcript.preamble.contains("Resuming question 2 of 3."))
      if answer == "n" {
        #expect(transcript.response(to: "n")?.first == Expected.stayingHere)
        #expect(events == [Self.root, game])
        #expect(transcript.exchanges.last?.output == [Expected.roundSaved])
      } else {
        #expect(transcript.response(to: "y")?.first == Expected.roundAbandoned)
        #expect(events == [Self.root, game, TraceEvent("pop", "game", ["landing"], plan: ["pop game"])])
        #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath))
      }
    }
  }

  @Test("--open with a missing source leads to the no-data screen with the reason")
  func openFlagWithoutData() async throws {
    let sandbox = try Sandbox()
    let (result, events) = try await sandbox.runTraced(
      ["--source", "missing.json", "--open", "trivia://play?count=2"], input: "")
    #expect(result.status == 0)
    #expect(result.transcript.prompts == ["no questions"])
    #expect(
      result.transcript.preamble.suffix(4)
        == Expected.noData(reason: "missing.json: No such file or directory").suffix(4))
    #expect(events == [Self.root, TraceEvent("push", "no-data", ["landing", "no-data"], plan: ["push no-data"])])
  }

  @Test("A category with a space and an ampersand travels percent-encoded, by --open and by open")
  func encodedCategory() async throws {
    let link = "trivia://play?category=Animals%20%26%20Nature&count=4"
    let sandbox = try Sandbox()
    let atLaunch = try await sandbox.run(["--seed", "2", "--open", link], input: "a\n\na\n\na\n\na\n\n")
    let typed = try await Sandbox().run(["--seed", "2"], input: "open \(link)\na\n\na\n\na\n\na\n\n")
    for result in [atLaunch, typed] {
      #expect(result.status == 0)
      let questions = result.transcript.questions
      #expect(questions.count == 4)
      #expect(questions.allSatisfy { $0.category == "Animals & Nature" && $0.total == 4 })
      #expect(result.transcript.prompts.last == "round over")
    }
    #expect(atLaunch.transcript.questions == typed.transcript.questions)
  }

  @Test("A link to the round already playing is ignored, on the question and on the feedback")
  func samePlayIgnored() async throws {
    let sandbox = try Sandbox()
    let (result, events) = try await sandbox.runTraced(
      Self.arguments,
      input: "open \(Self.historyLink)\nopen \(Self.historyLink)\na\nopen \(Self.historyLink)\nwhere\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(!result.stdout.contains(Transcript.abandonPrompt))
    #expect(transcript.response(to: "open \(Self.historyLink)", occurrence: 1) == [Expected.alreadyPlaying])
    #expect(transcript.response(to: "open \(Self.historyLink)", occurrence: 2) == [Expected.alreadyPlaying])
    #expect(transcript.prompts == ["trivia", "question 1/5", "question 1/5", "continue", "continue", "continue"])
    let ignored = TraceEvent("ignored", "game", ["landing", "game"], plan: ["ignored game"])
    #expect(
      events == [
        Self.root, Self.pushGame, ignored,
        TraceEvent("child", "feedback", ["landing", "game"], plan: ["child feedback"]), ignored,
      ])
    #expect(transcript.questions.count == 1)
  }

  @Test("A link that asks for the round in play in other words is ignored too")
  func equivalentPlayIgnored() async throws {
    let sandbox = try Sandbox()
    // play with --count 3 deals 3 Mixed questions of every category: the link says the same.
    let (result, events) = try await sandbox.runTraced(
      Self.arguments, input: "play\nopen trivia://play?count=3&difficulty=mixed\nopen trivia://play\n")
    #expect(result.transcript.response(to: "open trivia://play?count=3&difficulty=mixed") == [Expected.alreadyPlaying])
    #expect(result.transcript.response(to: "open trivia://play") == [Expected.alreadyPlaying])
    #expect(events.filter { $0.event == "ignored" }.count == 2)
    #expect(!result.stdout.contains(Transcript.abandonPrompt))
  }

  /// Links that cannot be followed, and what is said about each.
  static let badLinks = [
    ("trivia://nowhere", "unknown place 'nowhere': expected landing, play, options, difficulty or source"),
    ("http://x", "'http://x' is not a trivia link: expected trivia://landing, play, options, difficulty or source"),
    ("trivia://play?count=99", "count must be a whole number from 1 to 50, not '99'"),
    ("trivia://play?bogus=1", "trivia://play does not take 'bogus'"),
  ]

  @Test("A malformed or unknown link prints one line and changes nothing, wherever it comes", arguments: places)
  func badLink(_ place: Place) async throws {
    let links = Self.badLinks.map { "open \($0.0)\n" }.joined() + "open\n"
    let after = "where\nhelp\n"
    let arguments = Self.arguments + place.extraArguments
    let (with, withEvents) = try await Sandbox().runTraced(arguments, input: place.input + links + after)
    let (without, withoutEvents) = try await Sandbox().runTraced(arguments, input: place.input + after)
    #expect(with.status == 0)
    var exchanges = with.transcript.exchanges
    for (link, reason) in Self.badLinks {
      let index = try #require(exchanges.firstIndex { $0.input == "open \(link)" })
      #expect(exchanges[index].prompt == place.prompt)
      #expect(exchanges[index].output == ["Cannot open that link: \(reason)."])
      exchanges.remove(at: index)
    }
    let bare = try #require(exchanges.firstIndex { $0.input == "open" })
    #expect(exchanges[bare].output == ["open needs a link, such as trivia://play?difficulty=easy"])
    exchanges.remove(at: bare)
    #expect(exchanges == without.transcript.exchanges)
    #expect(withEvents == withoutEvents)
    #expect(withEvents == place.events)
    #expect(!with.stdout.contains(Transcript.abandonPrompt))
  }

  @Test("--open with a malformed or unknown link is a usage error", arguments: badLinks.map(\.0))
  func badLinkAtLaunch(_ link: String) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(["--open", link], input: "play\n")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    let reason = try #require(Self.badLinks.first { $0.0 == link }?.1)
    #expect(result.stderr.contains("Error: --open: \(reason)."))
    #expect(result.stderr.contains("Usage: trivia"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath))
  }
}
