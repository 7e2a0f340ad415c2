import Foundation
import Testing

/// `--trace FILE`: one JSON object per navigation event.
@Suite("Trace")
struct TraceTests {
  /// One line of a trace.
  struct Event: Equatable, CustomStringConvertible {
    var event: String
    var screen: String
    var stack: [String]

    init(_ event: String, _ screen: String, _ stack: [String]) {
      self.event = event
      self.screen = screen
      self.stack = stack
    }

    var description: String { "\(event) \(screen) \(stack)" }
  }

  /// Runs `input` with a trace and returns its events, checking each line is a JSON object
  /// with exactly seq, event, screen and stack, and that seq counts from 1.
  static func trace(_ arguments: [String] = [], input: String) throws -> [Event] {
    let sandbox = try Sandbox()
    let path = sandbox.work + "/trace.jsonl"
    let result = try sandbox.run(arguments + ["--trace", path], input: input)
    #expect(result.status == 0)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasSuffix("\n"))
    var events: [Event] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "line \(index + 1): \(line)")
      #expect(Set(object.keys) == ["seq", "event", "screen", "stack"], "line \(index + 1)")
      #expect(object["seq"] as? Int == index + 1, "line \(index + 1): \(line)")
      let event = try #require(object["event"] as? String)
      let screen = try #require(object["screen"] as? String)
      let stack = try #require(object["stack"] as? [String])
      events.append(Event(event, screen, stack))
    }
    return events
  }

  @Test("A round of two: play, answer, continue, answer, continue, complete, done")
  func round() throws {
    let events = try Self.trace(["--count", "2", "--seed", "3"], input: "play\n1\ncontinue\n2\n\ndone\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("push", "game", ["landing", "game"]),
        Event("child", "feedback", ["landing", "game"]),
        Event("remove-child", "feedback", ["landing", "game"]),
        Event("child", "feedback", ["landing", "game"]),
        Event("present", "complete", ["landing", "game", "complete"]),
        Event("dismiss", "complete", ["landing", "game"]),
        Event("pop", "game", ["landing"]),
      ])
  }

  @Test("A second round starts from a clean stack")
  func twoRounds() throws {
    let events = try Self.trace(["--count", "1", "--seed", "3"], input: "play\n1\n\ndone\nplay\n1\n\ndone\n")
    let round = [
      Event("push", "game", ["landing", "game"]),
      Event("child", "feedback", ["landing", "game"]),
      Event("present", "complete", ["landing", "game", "complete"]),
      Event("dismiss", "complete", ["landing", "game"]),
      Event("pop", "game", ["landing"]),
    ]
    #expect(events == [Event("root", "landing", ["landing"])] + round + round)
  }

  @Test("The options modal and the difficulty popover: back, a choice, done")
  func optionsAndPopover() throws {
    let events = try Self.trace(input: "options\ndifficulty\nback\ncount 4\ndifficulty\n2\ndone\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("present", "options", ["landing", "options"]),
        Event("popover", "difficulty", ["landing", "options", "difficulty"]),
        Event("dismiss", "difficulty", ["landing", "options"]),
        Event("popover", "difficulty", ["landing", "options", "difficulty"]),
        Event("dismiss", "difficulty", ["landing", "options"]),
        Event("dismiss", "options", ["landing"]),
      ])
  }

  @Test("The difficulty popover from the landing screen, and back out of options")
  func landingPopover() throws {
    let events = try Self.trace(input: "difficulty\nhard\ndifficulty\nback\noptions\nback\nback\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("popover", "difficulty", ["landing", "difficulty"]),
        Event("dismiss", "difficulty", ["landing"]),
        Event("popover", "difficulty", ["landing", "difficulty"]),
        Event("dismiss", "difficulty", ["landing"]),
        Event("present", "options", ["landing", "options"]),
        Event("dismiss", "options", ["landing"]),
      ])
  }

  @Test("back from a question, from feedback and from the end of a round returns to the landing screen")
  func backFromGame() throws {
    let events = try Self.trace(
      ["--count", "1", "--seed", "3"], input: "play\nback\nplay\n1\nback\nplay\n1\n\nback\nback\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("push", "game", ["landing", "game"]),
        Event("pop", "game", ["landing"]),
        Event("push", "game", ["landing", "game"]),
        Event("child", "feedback", ["landing", "game"]),
        Event("pop", "game", ["landing"]),
        Event("push", "game", ["landing", "game"]),
        Event("child", "feedback", ["landing", "game"]),
        Event("present", "complete", ["landing", "game", "complete"]),
        Event("dismiss", "complete", ["landing", "game"]),
        Event("pop", "game", ["landing"]),
      ])
  }

  @Test("No data pushes a screen; retry replaces it; back pops it")
  func noData() throws {
    let events = try Self.trace(["--source", "/nonexistent/questions.json"], input: "play\nretry\nback\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("push", "no-data", ["landing", "no-data"]),
        Event("pop", "no-data", ["landing"]),
        Event("push", "no-data", ["landing", "no-data"]),
        Event("pop", "no-data", ["landing"]),
      ])
  }

  @Test("Input that navigates nowhere writes nothing to the trace")
  func quietInput() throws {
    let events = try Self.trace(input: "help\nxyzzy\n\nback\noptions\ncount 0\nhelp\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("present", "options", ["landing", "options"]),
      ])
  }

  @Test("A trace file that cannot be written is a usage error")
  func unwritableTrace() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["--trace", sandbox.work + "/no/such/folder/trace.jsonl"], input: "quit\n")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("--trace"))
  }
}
