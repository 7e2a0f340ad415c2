import Foundation
import Testing

/// One line of a `--trace` file: what happened, to which screen, the stack after it, and the
/// steps of the route plan that caused it (empty when no route did).
struct TraceEvent: Equatable, CustomStringConvertible {
  var event: String
  var screen: String
  var stack: [String]
  var plan: [String]

  init(_ event: String, _ screen: String, _ stack: [String], plan: [String] = []) {
    self.event = event
    self.screen = screen
    self.stack = stack
    self.plan = plan
  }

  var description: String { "\(event) \(screen) \(stack)" + (plan.isEmpty ? "" : " plan \(plan)") }
}

enum TraceFile {
  /// The events of a trace file, checking each line is a JSON object with exactly seq, event,
  /// screen and stack, plus a non-empty plan when a route caused it, and that seq counts from 1.
  static func read(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [TraceEvent] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.isEmpty || text.hasSuffix("\n"), sourceLocation: sourceLocation)
    var events: [TraceEvent] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "line \(index + 1): \(line)",
        sourceLocation: sourceLocation)
      let keys = Set(object.keys)
      #expect(
        keys == ["seq", "event", "screen", "stack"] || keys == ["seq", "event", "screen", "stack", "plan"],
        "line \(index + 1): \(line)", sourceLocation: sourceLocation)
      #expect(object["seq"] as? Int == index + 1, "line \(index + 1): \(line)", sourceLocation: sourceLocation)
      let event = try #require(object["event"] as? String, sourceLocation: sourceLocation)
      let screen = try #require(object["screen"] as? String, sourceLocation: sourceLocation)
      let stack = try #require(object["stack"] as? [String], sourceLocation: sourceLocation)
      var plan: [String] = []
      if keys.contains("plan") {
        plan = try #require(object["plan"] as? [String], "line \(index + 1): \(line)", sourceLocation: sourceLocation)
        #expect(!plan.isEmpty, "an empty plan is left out: line \(index + 1)", sourceLocation: sourceLocation)
      }
      events.append(TraceEvent(event, screen, stack, plan: plan))
    }
    return events
  }
}

extension Sandbox {
  /// Runs the binary with a trace and returns what it did and the trace's events.
  func runTraced(
    _ arguments: [String], input: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> (result: ProcessResult, events: [TraceEvent]) {
    let path = work + "/trace-\(UUID().uuidString).jsonl"
    let result = try await run(arguments + ["--trace", path], input: input)
    return (result, try TraceFile.read(path, sourceLocation: sourceLocation))
  }
}
