import Foundation
import ProcessSpawn

/// What one run of the binary did.
struct ProcessResult: Sendable {
  /// The exit status, or 128 + the signal number when a signal ended it.
  var status: Int32
  var stdoutBytes: [UInt8]
  var stderrBytes: [UInt8]
  /// Whether it outlived its timeout and was killed.
  var timedOut: Bool

  var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
  var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
  /// Standard output as a transcript of prompts, inputs and responses.
  var transcript: Transcript { Transcript(stdout) }
}

/// Why a run could not be made or finished.
struct ProcessFailure: Error, CustomStringConvertible {
  var description: String
}

/// The `trivia` executable the test target depends on: it is built into the same folder as
/// the test bundle (`.build/debug/` or `--scratch-path …/debug/`).
enum TriviaBinary {
  static let path: String = {
    var folders: [URL] = []
    if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
    folders.append(Bundle.main.bundleURL)
    folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
    if let first = CommandLine.arguments.first {
      folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    // The bundle may sit inside `…/debug/X.xctest/` on some platforms: look up a few levels.
    for folder in folders {
      var candidate = folder.standardizedFileURL
      for _ in 0..<3 {
        let binary = candidate.appendingPathComponent("trivia").path
        if FileManager.default.isExecutableFile(atPath: binary) { return binary }
        candidate.deleteLastPathComponent()
      }
    }
    return "trivia-binary-not-found-next-to-\(Bundle.main.bundleURL.path)"
  }()
}

/// A fresh home, config and state folder for one test, removed when the sandbox goes away.
final class Sandbox {
  let root: String
  let home: String
  let config: String
  let state: String
  /// For fixtures, scripts and traces.
  let work: String
  /// `XDG_RUNTIME_DIR`.
  let runtime: String

  init() throws {
    var template = Array((NSTemporaryDirectory() + "/trivia-e2e-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard let created else { throw ProcessFailure(description: "mkdtemp failed: errno \(errno)") }
    root = URL(fileURLWithPath: String(cString: created)).standardizedFileURL.path
    home = root + "/home"
    config = root + "/config"
    state = root + "/state"
    work = root + "/work"
    runtime = root + "/runtime"
    for folder in [home, config, state, work] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    // Where a game's link socket goes: one for each sandbox, as XDG_RUNTIME_DIR is one for
    // each user, so games of other tests never receive this one's links.
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  deinit {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// The child's whole environment: nothing leaks in from the test runner's.
  var environment: [String: String] {
    [
      "HOME": home, "XDG_CONFIG_HOME": config, "XDG_STATE_HOME": state, "XDG_RUNTIME_DIR": runtime,
      "PATH": "/usr/bin:/bin",
      "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
    ]
  }

  var optionsPath: String { config + "/trivia/options.json" }
  var historyPath: String { state + "/trivia/history" }
  /// Where a round left unfinished is saved.
  var sessionPath: String { state + "/trivia/session.json" }
  /// Where Open Trivia DB session tokens are kept.
  var tokenPath: String { state + "/trivia/opentdb-token.json" }

  /// Writes a file under `work` and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let path = work + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Runs the binary (or `executable`) with `arguments`, `input` on standard input and this
  /// sandbox's environment plus `extraEnvironment`.
  ///
  /// The waiting happens on a thread of its own, so a test waiting for its run does not hold
  /// one of the few threads other tests need to start theirs.
  func run(
    _ arguments: [String], input: String = "", extraEnvironment: [String: String] = [:],
    timeout: Duration = .seconds(15), executable: String = TriviaBinary.path
  ) async throws -> ProcessResult {
    let environment = environment.merging(extraEnvironment) { _, new in new }
    return try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          with: Result {
            try TriviaProcess.run(
              arguments: arguments, input: Array(input.utf8), environment: environment, timeout: timeout,
              executable: executable)
          })
      }
    }
  }
}

/// Runs the binary with pipes on all three standard streams.
enum TriviaProcess {
  /// Runs the binary, or `executable` (such as `runuser` in front of it) when given, in the
  /// environment's home.
  static func run(
    arguments: [String], input: [UInt8], environment: [String: String], timeout: Duration,
    executable: String = TriviaBinary.path
  ) throws -> ProcessResult {
    let finished: Child.Finished
    do throws(Spawn.Failure) {
      finished = try Child.run(
        executable, arguments: arguments, environment: environment, directory: environment["HOME"], input: input,
        timeout: timeout)
    } catch {
      throw ProcessFailure(description: error.description)
    }
    guard finished.outputEnded else {
      throw ProcessFailure(description: "the output of trivia \(arguments) did not end")
    }
    return ProcessResult(
      status: finished.status, stdoutBytes: finished.output, stderrBytes: finished.errors,
      timedOut: finished.timedOut)
  }
}
