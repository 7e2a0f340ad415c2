#if Night
  import Foundation
  import ProcessSpawn
  import Testing

  /// The lobby's QR code as a phone would take it: a real `trivia host` draws it, its blocks
  /// become an image, and zbarimg (zbar-tools) reads it back to the address the lobby prints.
  @Suite("The lobby's QR code", .serialized)
  struct LobbyQRCodeTests {
    struct Failure: Error, CustomStringConvertible {
      var description: String
    }

    /// The folder the test bundle is built into, which holds `trivia` and `trivia-night`.
    static let binaries: String? = {
      var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
      if let first = CommandLine.arguments.first {
        folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
      }
      return folders.map(\.standardizedFileURL.path).first {
        FileManager.default.isExecutableFile(atPath: $0 + "/trivia")
          && FileManager.default.isExecutableFile(atPath: $0 + "/trivia-night")
      }
    }()

    /// Runs `program` with `arguments` in `folder`, killed after 20 seconds; its standard output,
    /// and its errors unless `quiet` (zbarimg's complaints of a missing D-Bus are not the code).
    static func run(_ program: String, _ arguments: [String], in folder: URL, quiet: Bool = false) throws -> String {
      let environment = [
        "HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/config", "XDG_STATE_HOME": folder.path + "/state",
        "XDG_RUNTIME_DIR": folder.path, "PATH": "/usr/bin:/bin",
      ]
      let run = try Child.run(
        program, arguments: arguments, environment: environment, directory: folder.path, timeout: .seconds(20),
        mergeErrors: !quiet)
      if run.timedOut { throw Failure(description: "\(program) \(arguments) did not end within 20 seconds") }
      return run.outputText
    }

    /// A host whose script ends the night from the lobby: what it printed.
    static func host(_ extra: [String]) throws -> String {
      guard let binaries else { throw Failure(description: "trivia and trivia-night are not built beside the tests") }
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trivia-qr-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      try Data("end\n".utf8).write(to: folder.appendingPathComponent("host.txt"))
      return try run(
        binaries + "/trivia", ["host", "--port", "0", "--script", "host.txt", "--no-history"] + extra, in: folder)
    }

    /// The first address the lobby prints.
    static func joinURL(in output: String) throws -> String {
      for line in output.split(separator: "\n") {
        if let join = line.firstRange(of: "Join: ") {
          return String(line[join.upperBound...].prefix { !$0.isWhitespace })
        }
      }
      throw Failure(description: "no Join line in:\n\(output)")
    }

    static func hasBlocks(_ line: Substring) -> Bool { line.contains { "█▀▄".contains($0) } }

    /// The code's lines as drawn: from the first line of blocks, as wide as its quiet zone's
    /// first run of full blocks, as many lines as its width takes at two module rows a line.
    static func drawnCode(in output: String) throws -> [[Character]] {
      let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
      guard let first = lines.firstIndex(where: hasBlocks) else {
        throw Failure(description: "no QR code in:\n\(output)")
      }
      let width = lines[first].prefix { $0 == "█" }.count
      let drawn = lines[first...].prefix((width + 1) / 2).map { Array($0.prefix(width)) }
      guard width >= 21 + 8, drawn.count == (width + 1) / 2, drawn.allSatisfy({ $0.count == width }) else {
        throw Failure(description: "not a QR code's drawing:\n\(drawn.map { String($0) }.joined(separator: "\n"))")
      }
      return drawn
    }

    /// A plain PBM (1: black) of the drawing, each module `scale` pixels square: a block is a
    /// light module, a space a dark one, two module rows a character.
    static func image(of drawn: [[Character]], scale: Int) -> String {
      let rows = drawn.flatMap { line in
        [line.map { "█▀".contains($0) ? "0" : "1" }, line.map { "█▄".contains($0) ? "0" : "1" }]
      }
      let width = drawn[0].count * scale
      let pixels = rows.flatMap { row in
        let line = row.flatMap { Array(repeating: $0, count: scale) }.joined(separator: " ")
        return Array(repeating: line, count: scale)
      }
      return "P1\n\(width) \(rows.count * scale)\n" + pixels.joined(separator: "\n") + "\n"
    }

    @Test func aPhoneReadsTheJoinAddressFromTheLobbysCode() throws {
      let output = try Self.host([])
      let url = try Self.joinURL(in: output)
      let drawn = try Self.drawnCode(in: output)
      // The address is printed beside the code, for those who type it.
      #expect(output.split(separator: "\n").contains { Self.hasBlocks($0) && $0.hasSuffix("Join: " + url) })
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("trivia-qr-\(UUID().uuidString).pbm")
      defer { try? FileManager.default.removeItem(at: file) }
      try Data(Self.image(of: drawn, scale: 4).utf8).write(to: file)
      let read = try Self.run(
        "/usr/bin/zbarimg", ["-q", "--raw", file.path], in: FileManager.default.temporaryDirectory, quiet: true)
      #expect(read == url + "\n")
    }

    @Test func noQRLeavesTheCodeOut() throws {
      let output = try Self.host(["--no-qr"])
      #expect(try Self.joinURL(in: output).hasPrefix("http://"))
      #expect(!output.split(separator: "\n").contains(where: Self.hasBlocks))
    }
  }
#endif
