import FoundationEssentials
import NightKit
import Testing

@Suite("Messages on the wire")
struct NightWireTests {
  static let standings = NightStandings(
    played: 2, rows: [NightStandings.Row(place: 1, name: "Ann", score: 1750, moved: 1, left: false)], of: 12)

  static func stage(_ scene: NightScene, names: [String] = []) -> NightStage {
    NightStage(title: "Friday", questions: 10, limitMs: 20_000, count: 12, names: names, scene: scene)
  }

  static let question = NightQuestionView(
    number: 1, total: 10, category: "Art", difficulty: nil, text: "Who?", choices: ["a", "b"], msLeft: 19_500,
    limitMs: 20_000)

  static let hostMessages: [HostMessage] = [
    .welcome(
      NightWelcome(
        token: "00ff", stage: stage(.lobby, names: ["Ann", "Bob"]),
        you: NightYou(name: "Ann", since: 1))),
    .refused("The night is full (100 players)."),
    .stage(stage(.lobby, names: ["Ann"])),
    .stage(stage(.question(question))),
    .stage(stage(.reveal(NightAnswer(number: 1, correct: 1, text: "b")))),
    .stage(stage(.standings(standings))),
    .stage(stage(.final(standings))),
    .stage(stage(.ended(reason: "The host ended the night.", table: standings))),
    .stage(stage(.ended(reason: "The host ended the night.", table: nil))),
    .you(NightYou(name: "Zoë", since: 2, answer: .init(question: 1, choice: 0), points: 950, score: 1900, place: 3)),
    .you(NightYou(name: "Zoë", since: 1, points: 0, score: 0, place: 12, moved: -2)),
    .late(question: 3),
    .ended("The host quit."),
    .kicked,
  ]

  @Test("Each host message reads back as itself", arguments: hostMessages)
  func hostRoundTrip(message: HostMessage) throws {
    #expect(try NightWire.decodeHost(NightWire.encode(message)) == message)
  }

  @Test(
    "Each player message reads back as itself",
    arguments: [
      PlayerMessage.join(name: "Ann", token: nil), .join(name: "Zoë", token: "ab12"), .answer(question: 2, choice: 3),
    ])
  func playerRoundTrip(message: PlayerMessage) throws {
    #expect(try NightWire.decode(NightWire.encode(message)) == message)
  }

  @Test func smallOnTheWire() {
    #expect(NightWire.encode(PlayerMessage.answer(question: 2, choice: 3)) == #"{"answer":{"c":3,"q":2}}"#)
    #expect(NightWire.encode(PlayerMessage.join(name: "Ann", token: nil)) == #"{"join":{"name":"Ann"}}"#)
    #expect(NightWire.encode(HostMessage.late(question: 3)) == #"{"late":3}"#)
    #expect(
      NightWire.encode(HostMessage.stage(Self.stage(.reveal(NightAnswer(number: 2, correct: 1, text: "b")))))
        == #"{"stage":{"count":12,"limit":20000,"names":[],"questions":10,"scene":{"reveal":{"correct":1,"n":2,"text":"b"}},"title":"Friday"}}"#
    )
  }

  @Test(
    "What is wrong is said",
    arguments: [
      ("hello", NightWireError.notJSON),
      (#"{"answer":{"q":1,"c":0}"#, .notJSON),
      (#"{"hello":{}}"#, .unknownMessage),
      (#"[1,2]"#, .unknownMessage),
      (#"{"answer":{"q":1,"c":0},"join":{"name":"x"}}"#, .unknownMessage),
      (#"{"answer":{"q":0,"c":0}}"#, .outOfRange(field: "question")),
      (#"{"answer":{"q":1,"c":-1}}"#, .outOfRange(field: "choice")),
      (#"{"answer":{"q":1}}"#, .malformed),
      (#"{"join":{"name":7}}"#, .malformed),
    ])
  func errors(text: String, error: NightWireError) {
    #expect(throws: error) { try NightWire.decode(text) }
  }

  @Test func overFourKiBIsRefusedBeforeParsing() {
    let fits = NightWire.encode(PlayerMessage.join(name: String(repeating: "a", count: 4096 - 20), token: nil))
    #expect(fits.utf8.count == 4096)
    #expect(throws: Never.self) { try NightWire.decode(fits) }
    let over = NightWire.encode(PlayerMessage.join(name: String(repeating: "a", count: 4096 - 19), token: nil))
    #expect(throws: NightWireError.tooLarge(bytes: 4097)) { try NightWire.decode(over) }
    #expect(NightWireError.tooLarge(bytes: 5000).description.contains("4096"))
  }

  @Test("The right answer is not in a question, only in the reveal")
  func rightAnswerStaysHome() {
    var night = NightRoom(
      title: "Friday",
      questions: [
        NightQuestion(
          text: "Which is blue?", choices: ["Sky", "Grass"], correct: 0, category: "Nature", difficulty: nil)
      ], limit: .seconds(5), maxPlayers: 10, generator: TestGenerator(state: 1))
    var before = night.join(ann, name: "Ann", token: nil, now: .zero)
    before += night.join(bob, name: "Bob", token: nil, now: .zero)
    before += night.start(now: .zero)
    before += night.received(ann, text: answer(1, 1), now: .seconds(1))
    let sent = before.compactMap { if case .send(let message, _) = $0 { NightWire.encode(message) } else { nil } }
    #expect(sent.contains { $0.contains("Which is blue?") })
    #expect(sent.allSatisfy { !$0.contains("correct") })
    let after = night.tick(now: .seconds(5)).compactMap {
      if case .send(let m, _) = $0 { NightWire.encode(m) } else { nil }
    }
    // Each player's own part, then the reveal, once for both, which names it.
    #expect(after.count == 3)
    #expect(after.last?.contains(#""correct":0"#) == true && after.last?.contains(#""text":"Sky""#) == true)
  }

  /// Answers are read without a decoder when written as pages and `trivia join` write them:
  /// whatever the text, the result is the decoder's.
  @Test(
    "An answer reads as the JSON decoder reads it, however it is written",
    arguments: [
      #"{"answer":{"q":3,"c":1}}"#, #"{"answer":{"c":1,"q":3}}"#, #"{"answer":{"q":1,"c":0}}"#,
      #"{"answer":{"q":123456789,"c":987654321}}"#, #"{"answer":{"q":0,"c":1}}"#, #"{"answer":{"q":03,"c":1}}"#,
      #"{"answer":{"q":3,"c":-1}}"#, #"{"answer":{"q":3,"c":1}} "#, #"{"answer": {"q":3,"c":1}}"#,
      #"{"answer":{"q":3,"c":1,"x":2}}"#, #"{"answer":{"q":3}}"#, #"{"answer":{"q":3,"c":1}}}"#,
      #"{"answer":{"q":3.0,"c":1}}"#, #"{"answer":{"q":1234567890123,"c":1}}"#, #"{"answer":{"q":"3","c":1}}"#,
    ])
  func fastAnswers(_ text: String) {
    let decoded = try? JSONDecoder().decode(PlayerMessage.self, from: Data(text.utf8))
    let read = try? NightWire.decode(text)
    #expect(read == decoded)
  }
}
