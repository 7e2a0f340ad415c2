import Testing
import TriviaLink

@Suite("Reply lines and what the sender makes of them")
struct LinkReplyTests {
  @Test("Each status reads back from its line", arguments: LinkStatus.allCases)
  func roundTrip(status: LinkStatus) {
    #expect(LinkReply(line: LinkReply(status).line) == LinkReply(status))
    #expect(LinkReply(line: LinkReply(status, "why not").line) == LinkReply(status, "why not"))
  }

  @Test func wireWords() {
    #expect(
      LinkStatus.allCases.map(\.rawValue) == [
        "opened", "ignored", "brought-back", "asking", "refused", "declined", "superseded",
      ])
    #expect(LinkReply(.refused, "bad link").line == "refused bad link")
  }

  @Test func followedIsZeroAndTheRestOne() {
    #expect(LinkStatus.allCases.filter { $0.exitStatus == 0 } == [.opened, .ignored, .broughtBack])
    #expect(LinkStatus.allCases.filter { !$0.isFinal } == [.asking])
  }

  @Test func aDetailIsAlwaysOneShortLine() {
    #expect(LinkReply(.asking, "Abandon\nthis\u{1B}[2J round?").line == "asking Abandon this [2J round?")
    let long = LinkReply(.refused, String(repeating: "é", count: 5000)).line
    #expect(long.utf8.count <= 1024 + "refused ".utf8.count && long.hasSuffix("é"))
  }

  @Test func anUnknownWordIsNoReply() {
    #expect(LinkReply(line: "maybe later") == nil)
    #expect(LinkReply(line: "") == nil)
  }
}
