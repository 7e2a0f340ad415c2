import NightKit
import NightRelay
import Testing

/// The pipe between `trivia` and `trivia-night`: a player's frame crosses it as its bytes,
/// whatever they hold, and what was read in pieces is read whole once it is all there.
@Suite("NightRelay: the pipe's frames")
struct NightRelayFramingTests {
  static let awkward = "{\"answer\":{\"question\":1,\"choice\":2}}\nsecond line \"quoted\" \\ é 🎉 t 5 9\n"

  @Test("Events of every kind come back as they were, one write or byte by byte")
  func events() {
    let events: [RelayEvent] = [
      .listening(port: 8080, addresses: ["10.0.0.2", "127.0.0.1"], qr: ["101", "010"]),
      .opened(7, address: "127.0.0.1"),
      .text(7, Self.awkward),
      .text(0, ""),
      .text(ConnectionID(UInt64.max), "t 1 1\n"),
      .text(9, "held at an edge", held: 87),
      .closed(7, reason: "gone"),
      .failed("cannot listen"),
      .refusing("full"),
      .resumed(code: "XW67RP", room: #"{"phase":"lobby"}"#, journal: #"{"j":1,"t":"ab","q":1,"c":0,"ms":900}"# + "\n"),
      .unreachable("PostgreSQL at postgres://trivia@db:5432/trivia cannot be reached"),
      .reachable,
    ]
    var bytes: [UInt8] = []
    for event in events { RelayLines.encode(event, into: &bytes) }
    var buffer = bytes
    #expect(RelayLines.events(&buffer) == events)
    #expect(buffer.isEmpty)

    var read: [RelayEvent] = []
    buffer = []
    for byte in bytes {
      buffer.append(byte)
      read += RelayLines.events(&buffer)
    }
    #expect(read == events)
    #expect(buffer.isEmpty)
  }

  @Test("Commands of every kind come back as they were, one write or byte by byte")
  func commands() {
    let commands: [RelayCommand] = [
      .lastWords("{\"ended\":\"bye\"}"),
      .send(Self.awkward, to: (1...1000).map { ConnectionID($0) }),
      .send("s 3 1\nabc", to: []),
      .send("", to: [0]),
      .close(3),
      .yours([
        .init(to: 7, row: "1 0 0 0 0 - - Ann Lee"),
        .init(to: ConnectionID(UInt64.max), row: "2 950 1950 1 -1 3 2 Zoë 🎉"),
      ]),
      .yours([]),
      .save(#"{"phase":"question 2","title":"a\nb"}"#),
      .save(""),
      .journal("1 TOKEN a 2 1 950\n2 TOKEN s 0 30000 Zoë 🎉\n"),
      .journal(Self.awkward),
      .answers(question: 2, json: "[]"),
      .stop,
    ]
    var bytes: [UInt8] = []
    for command in commands { RelayLines.encode(command, into: &bytes) }
    var buffer = bytes
    #expect(RelayLines.commands(&buffer) == commands)
    #expect(buffer.isEmpty)

    var read: [RelayCommand] = []
    buffer = []
    for chunk in stride(from: 0, to: bytes.count, by: 7) {
      buffer += bytes[chunk..<min(chunk + 7, bytes.count)]
      read += RelayLines.commands(&buffer)
    }
    #expect(read == commands)
    #expect(buffer.isEmpty)
  }

  @Test("A line that is no frame is skipped, and what follows is read")
  func skipsGarbage() {
    var buffer = Array("nonsense\n{\"nope\":1}\n".utf8) + RelayLines.encode(RelayEvent.text(2, "hi"))
    #expect(RelayLines.events(&buffer) == [.text(2, "hi")])
    #expect(buffer.isEmpty)
  }

  /// Found by the wire fuzz target: a count past Int.max stopped the program when it was made
  /// an Int. Such a frame's bytes never all come, so it is waited for like any other.
  @Test("A count too large for any frame is waited for, not a crash")
  func countPastIntMax() {
    var events = Array("t 1 18446744073709551615\n".utf8)
    #expect(RelayLines.events(&events).isEmpty)
    #expect(events == Array("t 1 18446744073709551615\n".utf8))
    for header in ["r 99999999999999999999\nab", "s 9223372036854775808 1\n"] {
      var commands = Array(header.utf8)
      #expect(RelayLines.commands(&commands).isEmpty)
      #expect(commands == Array(header.utf8))
    }
  }

  /// Found by the wire fuzz target: the rows of `yours` were split as Characters, in which a
  /// row's last CR and the LF after it are one, so a row ending in CR swallowed the next.
  @Test("Rows of yours ending in CR come back as they were")
  func rowsEndingInCR() {
    let command = RelayCommand.yours([.init(to: 3, row: "a\r"), .init(to: 4, row: "b")])
    var buffer = RelayLines.encode(command)
    #expect(RelayLines.commands(&buffer) == [command])
  }

  @Test("What waited on the way is added to each text's held time, and nothing else changes")
  func waitingIsAddedToHeld() {
    let events: [RelayEvent] = [
      .opened(4, address: "10.0.0.2"), .text(4, "a", held: 30), .text(5, "b\nc"), .closed(4, reason: nil),
    ]
    var bytes: [UInt8] = []
    for event in events { RelayLines.encode(event, into: &bytes) }
    var waited = RelayLines.adding(held: 7_000, to: bytes)
    #expect(
      RelayLines.events(&waited) == [
        .opened(4, address: "10.0.0.2"), .text(4, "a", held: 7_030), .text(5, "b\nc", held: 7_000),
        .closed(4, reason: nil),
      ])
  }
}
