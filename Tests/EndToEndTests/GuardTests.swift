import Foundation
import Testing

/// Leaving a round in progress asks `Abandon this round? (y/n)` whatever the way out; quitting
/// and finishing never ask.
@Suite("Abandon guard")
struct GuardTests {
  static let arguments = ["--seed", "4", "--count", "3"]

  /// A way out of the game, and where answering yes leads.
  struct Exit: Sendable, CustomTestStringConvertible {
    var input: String
    var prompt: String
    /// The trace events after the game leaves; every one carries the route's plan.
    var events: [TraceEvent]
    /// Whether the player is told the round is gone.
    var saysAbandoned: Bool
    var testDescription: String { input }

  }

  static let popGame = TraceEvent("pop", "game", ["landing"], plan: ["pop game"])

  static let exits = [
    Exit(input: "back", prompt: "trivia", events: [popGame], saysAbandoned: true),
    Exit(input: "open trivia://landing", prompt: "trivia", events: [popGame], saysAbandoned: true),
    Exit(
      input: "open trivia://options", prompt: "options",
      events: [
        TraceEvent("pop", "game", ["landing"], plan: ["pop game", "flow options"]),
        TraceEvent("present", "options", ["landing", "options"], plan: ["pop game", "flow options"]),
      ], saysAbandoned: false),
    Exit(
      input: "open trivia://difficulty", prompt: "difficulty",
      events: [
        TraceEvent("pop", "game", ["landing"], plan: ["pop game", "popover difficulty@difficulty"]),
        TraceEvent(
          "popover", "difficulty", ["landing", "difficulty"], plan: ["pop game", "popover difficulty@difficulty"]),
      ], saysAbandoned: false),
    Exit(
      input: "open trivia://play?difficulty=easy&count=2", prompt: "question 1/2",
      events: [popGame, TraceEvent("push", "game", ["landing", "game"], plan: ["push game"])], saysAbandoned: false),
    Exit(input: "open trivia://source?spec=bundled", prompt: "trivia", events: [popGame], saysAbandoned: false),
  ]

  /// Where in the round the player is when leaving.
  struct Place: Sendable, CustomTestStringConvertible {
    var input: String
    var prompt: String
    var testDescription: String { "from \(prompt)" }
  }

  static let places = [Place(input: "play\n", prompt: "question 1/3"), Place(input: "play\na\n", prompt: "continue")]

  /// The screen as shown before leaving was attempted: the question, or the verdict over it.
  static func screen(at place: Place, in transcript: Transcript) throws -> [String] {
    if place.prompt == "continue" { return try #require(transcript.response(to: "a")) }
    let response = try #require(transcript.response(to: "play"))
    let start = try #require(response.firstIndex { $0.hasPrefix("Question 1 of 3") })
    return Array(response[(start - 1)...])
  }

  @Test("Answering y leaves the round by any way out", arguments: places, exits)
  func yes(_ place: Place, _ exit: Exit) async throws {
    let (before, beforeEvents) = try await Sandbox().runTraced(Self.arguments, input: place.input)
    try #require(before.transcript.prompts.last == place.prompt)
    let sandbox = try Sandbox()
    let (result, events) = try await sandbox.runTraced(Self.arguments, input: place.input + exit.input + "\ny\nquit\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(transcript.response(to: exit.input) == [])
    #expect(
      transcript.prompts.suffix(3) == [place.prompt, Transcript.abandonPrompt, exit.prompt], "asked once, then left")
    #expect(result.stdout.components(separatedBy: Transcript.abandonPrompt).count == 2)
    let answer = try #require(transcript.response(to: "y"))
    #expect(answer.contains(Expected.roundAbandoned) == exit.saysAbandoned)
    #expect(!answer.contains(Expected.stayingHere))
    #expect(Array(events.prefix(beforeEvents.count)) == beforeEvents)
    #expect(Array(events.dropFirst(beforeEvents.count)) == exit.events)
    if exit.prompt.hasPrefix("question ") {
      // A new round is in play: quit saves that one.
      #expect(transcript.response(to: "quit") == [Expected.roundSaved])
      let session = try SavedSessionFile(path: sandbox.sessionPath)
      #expect(session.total == 2 && session.answered == 0)
    } else {
      #expect(transcript.response(to: "quit") == [])
      #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath))
    }
  }

  @Test("Answering n stays on the same screen, with the round as it was", arguments: places, exits)
  func no(_ place: Place, _ exit: Exit) async throws {
    let (before, beforeEvents) = try await Sandbox().runTraced(Self.arguments, input: place.input)
    let screen = try Self.screen(at: place, in: before.transcript)
    let feedback = place.prompt == "continue" ? "the verdict on your answer, over " : ""
    let whereYouAre = "You are on \(feedback)a question of your round, over the start screen."
    let sandbox = try Sandbox()
    let (result, events) = try await sandbox.runTraced(
      Self.arguments, input: place.input + exit.input + "\nn\nwhere\nquit\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(transcript.prompts.suffix(4) == [place.prompt, Transcript.abandonPrompt, place.prompt, place.prompt])
    #expect(transcript.response(to: "n") == [Expected.stayingHere] + screen)
    #expect(transcript.response(to: "where") == [whereYouAre])
    // Nothing moved.
    #expect(events == beforeEvents)
    #expect(transcript.response(to: "quit") == [Expected.roundSaved])
    let session = try SavedSessionFile(path: sandbox.sessionPath)
    #expect(session.index == 0)
    #expect(session.answered == (place.prompt == "continue" ? 1 : 0))
    #expect(session.total == 3)
  }

  @Test(
    "Only y or yes, in any case and with spaces around, abandons; n or no stays",
    arguments: [
      ("y", true), ("yes", true), ("Y", true), (" YES ", true), ("n", false), ("no", false), (" No ", false),
    ])
  func answers(answer: String, abandons: Bool) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(Self.arguments, input: "play\nback\n\(answer)\nwhere\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(transcript.prompts.prefix(3) == ["trivia", "question 1/3", Transcript.abandonPrompt])
    #expect(transcript.exchanges[2].input == answer)
    #expect(transcript.exchanges[2].output.first == (abandons ? Expected.roundAbandoned : Expected.stayingHere))
    #expect(transcript.prompts.dropFirst(3).first == (abandons ? "trivia" : "question 1/3"))
    #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath) == !abandons)
  }

  @Test(
    "Anything but y, yes, n or no has the question said again with what answers it, and asked again",
    arguments: ["", "nope", "quit", "yy", "Yes please", "play"])
  func noAnswer(answer: String) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(Self.arguments, input: "play\nback\n\(answer)\nn\nwhere\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(
      transcript.prompts.prefix(4) == [
        "trivia", "question 1/3", Transcript.abandonPrompt, Transcript.abandonPrompt,
      ])
    #expect(transcript.exchanges[2].output == ["Abandon this round? Type y for yes or n for no."])
    #expect(transcript.exchanges[3].output.first == Expected.stayingHere)
    #expect(transcript.prompts.dropFirst(4).first == "question 1/3")
    #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath))
  }

  @Test("The end of input at the question stays, then saves the round as the end of input does")
  func endOfInputAtQuestion() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(Self.arguments, input: "play\nback\n")
    #expect(result.status == 0)
    #expect(result.transcript.prompts == ["trivia", "question 1/3", Transcript.abandonPrompt, "question 1/3"])
    #expect(result.transcript.exchanges[2].output.first == Expected.stayingHere)
    #expect(result.transcript.exchanges.last?.output == [Expected.roundSaved])
    #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath))
  }

  @Test(
    "quit and the end of input never ask, on the question or the feedback",
    arguments: ["play\nquit\n", "play\na\nquit\n", "play\n", "play\na\n", "play\na\nQUIT\n"])
  func quitNeverAsks(input: String) async throws {
    let sandbox = try Sandbox()
    let (result, events) = try await sandbox.runTraced(Self.arguments, input: input)
    #expect(result.status == 0)
    #expect(!result.stdout.contains(Transcript.abandonPrompt))
    #expect(result.transcript.exchanges.last?.output == [Expected.roundSaved])
    // The game is left as it was: nothing is popped on the way out.
    #expect(events.last?.event != "pop")
    #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath))
  }

  @Test(
    "A finished round never asks: done, back or a link from the end of the round",
    arguments: ["done", "back", "open trivia://landing", "open trivia://options"])
  func finishedRound(leave: String) async throws {
    let sandbox = try Sandbox()
    let (result, events) = try await sandbox.runTraced(
      ["--seed", "4", "--count", "1"], input: "play\na\n\n\(leave)\nquit\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(!result.stdout.contains(Transcript.abandonPrompt))
    #expect(transcript.prompts.suffix(2) == ["round over", leave == "open trivia://options" ? "options" : "trivia"])
    #expect(transcript.response(to: leave)?.contains(Expected.roundAbandoned) == false)
    #expect(
      events.contains(
        TraceEvent(
          "pop", "game", ["landing"],
          plan: ["dismiss complete", "pop game"] + (leave == "open trivia://options" ? ["flow options"] : []))))
    #expect(transcript.response(to: "quit") == [])
    #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath))
  }

  @Test("A resumed round asks before it is left, like a new one")
  func resumedRound() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run(Self.arguments, input: "play\na\n\n")
    #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath))
    let result = try await sandbox.run([], input: "resume\nback\nn\nback\ny\nquit\n")
    #expect(
      result.transcript.prompts == [
        "trivia", "question 2/3", Transcript.abandonPrompt, "question 2/3", Transcript.abandonPrompt, "trivia",
      ])
    #expect(result.transcript.response(to: "y")?.first == Expected.roundAbandoned)
    #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath))
  }
}
