import Foundation
import Glibc

/// Who started whom, from /proc: a night's `trivia-night` is its `trivia`'s child, which a
/// test stops or kills without a pid of its own for it.
enum ProcessTree {
  /// The processes whose parent is `pid`.
  static func children(of pid: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { pid_t($0) }.filter { child in
      guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      // After the name in parentheses: the state, then the parent's pid.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && pid_t(fields[1]) == pid
    }
  }
}
