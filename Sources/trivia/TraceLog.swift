import ArgumentParser
import FoundationEssentials
import Glibc
import NavigatorKit
import TriviaData

/// Writes every navigation event as one JSON object per line, for tests and tools:
/// `{"seq":1,"event":"push","screen":"game","stack":["landing","game"]}`, with the steps of
/// the route plan (`"plan":["pop game","flow options"]`) when a route caused it.
final class TraceLog {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let descriptor: Int32

  init(path: String) throws(Failure) {
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Failure(description: "\(path): \(String(cString: strerror(errno)))") }
  }

  deinit { close(descriptor) }

  /// `--trace FILE`: a log of every navigation of `navigator`, or a usage error that says why not.
  static func following(_ navigator: Navigator<some Any>, to path: String) throws -> TraceLog {
    // A name that is not UTF-8 reaches here repaired: it would name another file.
    guard !path.unicodeScalars.contains("\u{FFFD}") else {
      throw ValidationError.clean("--trace: \(path) is not a name this system can be given back (not UTF-8).")
    }
    do {
      let log = try TraceLog(path: path)
      navigator.addObserver(didNavigate: log.record)
      return log
    } catch {
      throw ValidationError.clean("--trace: cannot write \(path).")
    }
  }

  func record(_ event: NavigationEvent) {
    var line = Self.line(for: event) + "\n"
    // A trace that cannot be written must not stop the game.
    _ = line.withUTF8 { Descriptor.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
  }

  static func line(for event: NavigationEvent) -> String {
    let quoted = JSONString.quoted
    let stack = event.stack.map(quoted).joined(separator: ",")
    let steps = (event.cause as? RoutePlan)?.steps.map { quoted($0.description) } ?? []
    let plan = steps.isEmpty ? "" : ",\"plan\":[\(steps.joined(separator: ","))]"
    return
      "{\"seq\":\(event.sequence),\"event\":\(quoted(event.kind.rawValue)),\"screen\":\(quoted(event.screen)),\"stack\":[\(stack)]\(plan)}"
  }
}
