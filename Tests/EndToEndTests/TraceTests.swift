import Foundation
import Testing

/// `--trace FILE`: one JSON object per navigation event.
@Suite("Trace")
struct TraceTests {
  typealias Event = TraceEvent

  /// Runs `input` with a trace and returns its events (checked as `TraceFile.read` does).
  static func trace(
    _ arguments: [String] = [], input: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> [Event] {
    let sandbox = try Sandbox()
    let (result, events) = try await sandbox.runTraced(arguments, input: input, sourceLocation: sourceLocation)
    #expect(result.status == 0, sourceLocation: sourceLocation)
    return events
  }

  /// The steps that take a finished round off the stack.
  static let leaveComplete = ["dismiss complete", "pop game"]

  @Test("A round of two: play, answer, continue, answer, continue, complete, done")
  func round() async throws {
    let events = try await Self.trace(["--count", "2", "--seed", "3"], input: "play\na\ncontinue\n2\n\ndone\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("push", "game", ["landing", "game"], plan: ["push game"]),
        Event("child", "feedback", ["landing", "game"], plan: ["child feedback"]),
        Event("remove-child", "feedback", ["landing", "game"]),
        Event("child", "feedback", ["landing", "game"], plan: ["child feedback"]),
        Event("present", "complete", ["landing", "game", "complete"], plan: ["present complete"]),
        Event("dismiss", "complete", ["landing", "game"], plan: Self.leaveComplete),
        Event("pop", "game", ["landing"], plan: Self.leaveComplete),
      ])
  }

  @Test("A second round starts from a clean stack")
  func twoRounds() async throws {
    let events = try await Self.trace(["--count", "1", "--seed", "3"], input: "play\na\n\ndone\nplay\na\n\ndone\n")
    let round = [
      Event("push", "game", ["landing", "game"], plan: ["push game"]),
      Event("child", "feedback", ["landing", "game"], plan: ["child feedback"]),
      Event("present", "complete", ["landing", "game", "complete"], plan: ["present complete"]),
      Event("dismiss", "complete", ["landing", "game"], plan: Self.leaveComplete),
      Event("pop", "game", ["landing"], plan: Self.leaveComplete),
    ]
    #expect(events == [Event("root", "landing", ["landing"])] + round + round)
  }

  @Test("The options modal and the difficulty popover: back, a choice, done")
  func optionsAndPopover() async throws {
    let events = try await Self.trace(input: "options\ndifficulty\nback\ncount 4\ndifficulty\n2\ndone\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("present", "options", ["landing", "options"], plan: ["flow options"]),
        Event("popover", "difficulty", ["landing", "options", "difficulty"], plan: ["popover difficulty@difficulty"]),
        // Closing by back or by a choice is a plain step, not a route: no plan.
        Event("dismiss", "difficulty", ["landing", "options"]),
        Event("popover", "difficulty", ["landing", "options", "difficulty"], plan: ["popover difficulty@difficulty"]),
        Event("dismiss", "difficulty", ["landing", "options"]),
        Event("dismiss", "options", ["landing"]),
      ])
  }

  @Test("The difficulty popover from the landing screen, and back out of options")
  func landingPopover() async throws {
    let events = try await Self.trace(input: "difficulty\nhard\ndifficulty\nback\noptions\nback\nback\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("popover", "difficulty", ["landing", "difficulty"], plan: ["popover difficulty@difficulty"]),
        Event("dismiss", "difficulty", ["landing"]),
        Event("popover", "difficulty", ["landing", "difficulty"], plan: ["popover difficulty@difficulty"]),
        Event("dismiss", "difficulty", ["landing"]),
        Event("present", "options", ["landing", "options"], plan: ["flow options"]),
        Event("dismiss", "options", ["landing"]),
      ])
  }

  @Test("back from a question, from feedback and from the end of a round returns to the landing screen")
  func backFromGame() async throws {
    let events = try await Self.trace(
      ["--count", "1", "--seed", "3"], input: "play\nback\ny\nplay\na\nback\ny\nplay\na\n\nback\nback\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("push", "game", ["landing", "game"], plan: ["push game"]),
        Event("pop", "game", ["landing"], plan: ["pop game"]),
        Event("push", "game", ["landing", "game"], plan: ["push game"]),
        Event("child", "feedback", ["landing", "game"], plan: ["child feedback"]),
        // The feedback goes with the game it belongs to.
        Event("pop", "game", ["landing"], plan: ["pop game"]),
        Event("push", "game", ["landing", "game"], plan: ["push game"]),
        Event("child", "feedback", ["landing", "game"], plan: ["child feedback"]),
        Event("present", "complete", ["landing", "game", "complete"], plan: ["present complete"]),
        Event("dismiss", "complete", ["landing", "game"], plan: Self.leaveComplete),
        Event("pop", "game", ["landing"], plan: Self.leaveComplete),
      ])
  }

  @Test("No data pushes a screen; retry replaces it; back pops it")
  func noData() async throws {
    let events = try await Self.trace(["--source", "/nonexistent/questions.json"], input: "play\nretry\nback\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("push", "no-data", ["landing", "no-data"], plan: ["push no-data"]),
        Event("pop", "no-data", ["landing"], plan: ["pop no-data"]),
        Event("push", "no-data", ["landing", "no-data"], plan: ["push no-data"]),
        Event("pop", "no-data", ["landing"], plan: ["pop no-data"]),
      ])
  }

  @Test("Every screen is reached by a route: about, over the landing and over the options, and stats")
  func everyScreenByARoute() async throws {
    let events = try await Self.trace(input: "about\ndone\noptions\nabout\ndone\ndone\nstats\ndone\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("present", "about", ["landing", "about"], plan: ["present about"]),
        Event("dismiss", "about", ["landing"]),
        Event("present", "options", ["landing", "options"], plan: ["flow options"]),
        Event("present", "about", ["landing", "options", "about"], plan: ["present about"]),
        Event("dismiss", "about", ["landing", "options"]),
        Event("dismiss", "options", ["landing"]),
        Event("present", "stats", ["landing", "stats"], plan: ["present stats"]),
        Event("dismiss", "stats", ["landing"]),
      ])
  }

  @Test("Input that navigates nowhere writes nothing to the trace")
  func quietInput() async throws {
    let events = try await Self.trace(input: "help\nxyzzy\n\nback\noptions\ncount 0\nhelp\nquit\n")
    #expect(
      events == [
        Event("root", "landing", ["landing"]),
        Event("present", "options", ["landing", "options"], plan: ["flow options"]),
      ])
  }

  @Test("A trace file that cannot be written is a usage error")
  func unwritableTrace() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(["--trace", sandbox.work + "/no/such/folder/trace.jsonl"], input: "quit\n")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("--trace"))
  }
}
