#if Night
  import Foundation
  import Glibc

  /// Who started whom, from /proc: a test finds the `trivia-night` a `trivia` runs to kill it
  /// alone, as a crash or the system would.
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

    /// `pid`'s children, theirs, and so on.
    static func descendants(of pid: pid_t) -> [pid_t] {
      children(of: pid).flatMap { [$0] + descendants(of: $0) }
    }

    /// The arguments `pid` runs with, its program first; empty once it has gone.
    static func arguments(of pid: pid_t) -> [String] {
      guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return [] }
      return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
  }
#endif
