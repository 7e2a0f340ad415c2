import Foundation
import Glibc

/// The binary in a real terminal emulator, tmux, on a server of its own: what a person sees
/// is the pane's screen, read back as text. Used where bytes alone cannot say it (how many
/// copies of a line a redraw leaves, what a resize does).
public final class TmuxScreen {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  private let server = "trivia-test-\(getpid())-\(UUID().uuidString.prefix(8))"

  /// Starts `trivia arguments` in a `columns`-wide pane with exactly `environment`.
  public init(
    _ arguments: [String], environment: [String: String], columns: Int, rows: Int = 30, executable: String
  ) throws {
    let command =
      ["env", "-i"] + environment.map { "\($0.key)=\($0.value)" }.sorted() + ["TERM=xterm", executable]
      + arguments
    try tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"] + command)
    // Kept open when the game ends, so its last screen can still be read.
    try tmux(["set-option", "-g", "remain-on-exit", "on"])
  }

  deinit {
    _ = try? tmux(["kill-server"])
  }

  /// Types `keys` as tmux names them (`Enter`, `C-c`, `Left`), or text with `-l`.
  public func send(_ keys: String...) throws {
    try tmux(["send-keys"] + keys)
  }

  /// Types `text` as it is.
  public func type(_ text: String) throws {
    try tmux(["send-keys", "-l", text])
  }

  public func resize(columns: Int) throws {
    try tmux(["resize-window", "-x", "\(columns)"])
  }

  /// The rows of the screen, without trailing blank rows.
  public func screen() throws -> [String] {
    var rows = try tmux(["capture-pane", "-p"]).components(separatedBy: "\n")
    while let last = rows.last, last.trimmingCharacters(in: .whitespaces).isEmpty { rows.removeLast() }
    return rows
  }

  /// Waits until the screen satisfies `condition`, and returns it.
  @discardableResult
  public func wait(
    for what: String, timeout: Duration = .seconds(8), _ condition: ([String]) -> Bool
  ) throws -> [String] {
    let deadline = ContinuousClock.now + timeout
    var rows = try screen()
    while !condition(rows) {
      guard ContinuousClock.now < deadline else {
        throw Failure(description: "waited \(timeout) for \(what); the screen:\n" + rows.joined(separator: "\n"))
      }
      Thread.sleep(forTimeInterval: 0.05)
      rows = try screen()
    }
    return rows
  }

  /// Waits until the last row is `prompt` followed by `typed` (a line that wraps continues
  /// on the rows below it).
  @discardableResult
  public func waitForPrompt(_ prompt: String, typed: String = "", timeout: Duration = .seconds(8)) throws -> [String] {
    try wait(for: "the prompt '\(prompt)> \(typed)'", timeout: timeout) { rows in
      // tmux leaves out the blanks at the end of a row.
      Self.lastLine(of: rows, startingWith: prompt + ">")?.text
        == (prompt + "> " + typed).trimmingCharacters(in: .whitespaces)
    }
  }

  /// The last logical line that starts with `prefix`: its rows joined, as the terminal
  /// wrapped it, and how many rows it took. `prefix` at the start of a row begins one.
  public static func lastLine(of rows: [String], startingWith prefix: String) -> (text: String, rows: Int)? {
    guard let start = rows.lastIndex(where: { $0.hasPrefix(prefix) }) else { return nil }
    let taken = rows[start...]
    return (taken.joined().trimmingCharacters(in: .whitespaces), taken.count)
  }

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    // Output goes to a file: the server that the first call starts keeps the descriptors it
    // was given, and a pipe of it would never reach its end. Spawn passes on no other
    // descriptor, so no test's pipes stay open in the server either.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(server)-\(UUID().uuidString).out").path
    defer { unlink(file) }
    let child: pid_t
    do throws(Spawn.Failure) {
      child = try Spawn.start(
        "/usr/bin/tmux", arguments: ["-L", server, "-f", "/dev/null"] + arguments,
        environment: ProcessInfo.processInfo.environment
      ) { actions in
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
      }
    } catch {
      throw Failure(description: error.description)
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0, errno == EINTR {}
    let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    guard status == 0 || arguments == ["kill-server"] else {
      throw Failure(description: "tmux \(arguments.joined(separator: " ")): \(text)")
    }
    return text
  }
}
