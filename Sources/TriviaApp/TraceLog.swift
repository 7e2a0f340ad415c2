import Foundation
import NavigatorKit

/// Writes every navigation event as one JSON object per line, for tests and tools:
/// `{"seq":1,"event":"push","screen":"game","stack":["landing","game"]}`, with the steps of
/// the route plan (`"plan":["pop game","flow options"]`) when a route caused it.
public final class TraceLog {
  private let handle: FileHandle

  public init(path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
    }
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    self.handle = handle
  }

  public func record(_ event: NavigationEvent) {
    handle.write(Data((Self.line(for: event) + "\n").utf8))
  }

  static func line(for event: NavigationEvent) -> String {
    let stack = event.stack.map(quoted).joined(separator: ",")
    let plan = event.plan.isEmpty ? "" : ",\"plan\":[\(event.plan.map(quoted).joined(separator: ","))]"
    return
      "{\"seq\":\(event.sequence),\"event\":\(quoted(event.kind.rawValue)),\"screen\":\(quoted(event.screen)),\"stack\":[\(stack)]\(plan)}"
  }

  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\u{0}"..."\u{1F}": result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
