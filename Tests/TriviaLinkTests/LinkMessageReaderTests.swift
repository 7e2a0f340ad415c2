import Testing
import TriviaLink

@Suite("A sender's message read into a link or a refusal")
struct LinkMessageReaderTests {
  static let refusals: [(String, [UInt8], LinkMessageReader.Refusal)] = [
    ("binary", [0x6F, 0x70, 0x00, 0xFF, 0x0A], .notText),
    ("a tab", Array("open trivia://a\tb\n".utf8), .notText),
    ("a C1 control", Array("open trivia://\u{9B}31m\n".utf8), .notText),
    ("a line separator", Array("open trivia://a\u{2028}b\n".utf8), .notText),
    ("invalid UTF-8", Array("open trivia://".utf8) + [0xC3, 0x28, 0x0A], .notUTF8),
    ("several lines", Array("open trivia://a\nopen trivia://b\n".utf8), .severalLines),
    ("an empty line after", Array("open trivia://a\n\n".utf8), .severalLines),
    ("cut before its newline", Array("open trivia://opt".utf8), .unfinished),
    ("another request", Array("delete trivia://a\n".utf8), .unknownRequest),
    ("the link alone", Array("trivia://options\n".utf8), .unknownRequest),
    ("no link", Array("open   \n".utf8), .emptyLink),
    ("too long", Array(repeating: UInt8(ascii: "a"), count: 10_000), .tooLong),
  ]

  @Test("Refused with a reason", arguments: refusals)
  func refused(name: String, bytes: [UInt8], refusal: LinkMessageReader.Refusal) {
    #expect(LinkMessageReader.read(bytes) == .refused(refusal), "\(name)")
    #expect(!refusal.reason.isEmpty && !refusal.reason.contains("\n"))
  }

  @Test func aLinkIsReadWithoutTheSpacesAroundIt() {
    #expect(
      LinkMessageReader.read(Array("open  trivia://play?category=Art  \n".utf8)) == .link("trivia://play?category=Art"))
    #expect(LinkMessageReader.read(LinkProtocol.message(for: "trivia://é")) == .link("trivia://é"))
  }

  @Test func byteByByteReadsTheSame() {
    var reader = LinkMessageReader()
    let message = LinkProtocol.message(for: "trivia://options")
    for byte in message.dropLast() { #expect(reader.read([byte]) == nil) }
    #expect(reader.read([message.last!]) == .link("trivia://options"))
  }

  @Test func theLimitCountsTheNewline() {
    let fits = Array("open ".utf8) + Array(repeating: UInt8(ascii: "x"), count: LinkProtocol.maximumMessageBytes - 6)
    #expect(LinkMessageReader.read(fits + [0x0A]) == .link(String(repeating: "x", count: 4090)))
    #expect(LinkMessageReader.read(fits + [0x78, 0x0A]) == .refused(.tooLong))
  }

  @Test func tooLongIsRefusedWithoutWaitingForTheNewline() {
    var reader = LinkMessageReader()
    let prefix = [UInt8](repeating: UInt8(ascii: "a"), count: LinkProtocol.maximumMessageBytes - 1)
    #expect(reader.read(prefix) == nil)
    #expect(reader.read([UInt8(ascii: "a")]) == .refused(.tooLong))
  }

  @Test func nothingAtAllIsAProbeNotAMessage() {
    var reader = LinkMessageReader()
    #expect(reader.end() == nil)
  }

  @Test func aDecisionStands() {
    var reader = LinkMessageReader()
    #expect(reader.read([0x00]) == .refused(.notText))
    #expect(reader.read(Array("open trivia://a\n".utf8)) == .refused(.notText))
    #expect(reader.end() == .refused(.notText))
  }
}
