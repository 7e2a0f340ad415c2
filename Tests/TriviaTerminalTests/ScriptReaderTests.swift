import Foundation
import Testing
import TriviaTerminal

@Suite("Script input")
struct ScriptReaderTests {
  final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [String] = []
    var text: String { lock.withLock { chunks.joined() } }
    func append(_ chunk: String) { lock.withLock { chunks.append(chunk) } }
  }

  func reader(_ bytes: [UInt8]) throws -> (ScriptReader, Collected, String) {
    let path = NSTemporaryDirectory() + "trivia-script-\(UUID().uuidString)"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let collected = Collected()
    let reader = try #require(ScriptReader(path: path, output: TextOutput(collected.append)))
    return (reader, collected, path)
  }

  @Test func echoesEachLineAfterItsPromptAndEndsCleanly() throws {
    let (reader, output, path) = try reader(Array("play\r\n1\n\nlast".utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(reader.read(prompt: "trivia") == .line("play"))
    #expect(reader.read(prompt: "q") == .line("1"))
    #expect(reader.read(prompt: "c") == .line(""))
    #expect(reader.read(prompt: "x") == .line("last"))
    #expect(reader.read(prompt: "y") == .end)
    #expect(reader.read(prompt: "z") == .end)
    #expect(output.text == "trivia> play\nq> 1\nc> \nx> last\ny> \nz> \n")
  }

  @Test func escapesInAScriptAreNotEchoedRaw() throws {
    let (reader, output, path) = try reader(Array("\u{1B}[2Jhi\n".utf8) + [0xFF, 0x0A])
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(reader.read(prompt: "p") == .line("\u{1B}[2Jhi"))
    #expect(reader.read(prompt: "p") == .line("\u{FFFD}"))
    #expect(!output.text.contains("\u{1B}"))
  }

  @Test func aMissingScriptIsNil() {
    #expect(ScriptReader(path: "/nonexistent/script") == nil)
  }
}
