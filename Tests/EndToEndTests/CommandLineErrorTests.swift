import Foundation
import Testing

/// What ArgumentParser itself says about a command line quotes the argument it refused, and
/// an argument may hold escape sequences: they reach standard error as placeholders, as the
/// game's own refusals do (#17).
@Suite("Command-line errors")
struct CommandLineErrorTests {
  static let osc = "\u{1B}]0;PWNED\u{07}"
  /// CSI as one C1 character, which some terminals obey as ESC [.
  static let csi = "\u{9B}31m"

  /// The arguments, and what the message must still say.
  static let cases: [([String], String)] = [
    (["--count", osc], "The value '\u{FFFD}]0;PWNED\u{FFFD}' is invalid for '--count <count>'"),
    (["--time", csi], "The value '\u{FFFD}31m' is invalid for '--time <time>'"),
    (["--difficulty", osc], "The value '\u{FFFD}]0;PWNED\u{FFFD}' is invalid for '--difficulty <difficulty>'"),
    (["--\(osc)"], "Unknown option '--\u{FFFD}]0;PWNED\u{FFFD}'"),
    (["--no-color", osc], "Unexpected argument '\u{FFFD}]0;PWNED\u{FFFD}'"),
    (["check", "--\(csi)", "x.json"], "Unknown option '--\u{FFFD}31m'"),
    (["convert", "--to", "x.json"], "Missing expected argument '<sources> ...'"),
    (["convert", "--\(osc)", "--to", "x.json", "y.json"], "Unknown option '--\u{FFFD}]0;PWNED\u{FFFD}'"),
  ]

  /// Whether `bytes` hold ESC, BEL, or a C1 control (U+0080 to U+009F, in UTF-8 C2 80 to C2 9F).
  static func holdsControls(_ bytes: [UInt8]) -> Bool {
    bytes.contains(0x1B) || bytes.contains(0x07)
      || zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }
  }

  @Test(
    "ArgumentParser's refusals reach standard error without a control character, and still say what was wrong",
    arguments: cases)
  func refusal(arguments: [String], says: String) async throws {
    let result = try await Sandbox().run(arguments)
    #expect(result.status == 64)
    #expect(!Self.holdsControls(result.stderrBytes), "\(result.stderr.debugDescription)")
    #expect(result.stderr.contains(says), "\(result.stderr.debugDescription)")
    // Its usage lines are still lines.
    #expect(result.stderr.contains("\nUsage: "), "\(result.stderr.debugDescription)")
    #expect(result.stdout.isEmpty)
  }

  @Test("Help and --version print as they did, to standard output")
  func help() async throws {
    let help = try await Sandbox().run(["--help"])
    #expect(help.status == 0 && help.stderr.isEmpty)
    #expect(help.stdout.hasPrefix("OVERVIEW: A trivia game for the terminal.\n"))
    let version = try await Sandbox().run(["--version"])
    #expect(version.status == 0 && version.stdout == "0.2.0\n")
  }

  @Test("check and convert quote a file's name without its control characters")
  func toolsQuoteNames() async throws {
    let sandbox = try Sandbox()
    let name = sandbox.work + "/\(Self.osc).json"
    try Data("{".utf8).write(to: URL(fileURLWithPath: name))
    let clean = sandbox.work + "/\u{FFFD}]0;PWNED\u{FFFD}.json"
    let check = try await sandbox.run(["check", name])
    #expect(check.status == 1 && check.stdout.contains(clean) && !Self.holdsControls(check.stdoutBytes))
    let convert = try await sandbox.run(["convert", name, "--to", sandbox.work + "/\(Self.csi).json"])
    #expect(convert.status == 1 && convert.stderr.contains(clean) && !Self.holdsControls(convert.stderrBytes))
  }
}
