import FoundationEssentials
import NightKit
import Testing

/// Issue 36: a saved room held every player's token in clear, in a column any edge's role could
/// read, and a stolen token joined as its player. A room now keeps and saves only each token's
/// SHA-256; a player coming back with its token is found by hashing it.
@Suite("Tokens kept as their hashes")
struct TokenHashTests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (String(repeating: "a", count: 1_000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ("Zoë 🎉", "c2074656eca3276adf8f014e901e903f90f294e46fa6a135bf60f6bfc4b512be"),
  ])
  func aHashIsSHA256InHex(text: String, hex: String) {
    #expect(TokenHash.of(text) == hex)
  }

  @Test func aSaveHoldsNoTokenAndATokenStillBringsItsPlayerBack() throws {
    var night = room()
    let tokens = try joinThree(&night)
    _ = night.start(now: .zero)
    let json = String(decoding: try JSONEncoder().encode(night.saved(now: .seconds(1))), as: UTF8.self)
    for token in tokens {
      #expect(!json.contains(token), "a token in clear in \(json)")
      #expect(json.contains(TokenHash.of(token)))
    }
    var resumed = NightRoom(
      resuming: try JSONDecoder().decode(NightRoom.Saved.self, from: Data(json.utf8)), now: .seconds(100),
      generator: TestGenerator(state: 42))
    let back = resumed.join(ConnectionID(11), name: "", token: tokens[1], now: .seconds(101))
    #expect(notices(back) == [.back("Bob")])
    #expect(welcome(in: back, to: ConnectionID(11))?.token == tokens[1])
    // A hash is no token: sent as one, it joins nobody (and, with no name, is turned away).
    let thief = resumed.join(ConnectionID(12), name: "", token: TokenHash.of(tokens[0]), now: .seconds(101))
    #expect(!notices(thief).contains(.back("Ann")))
  }

  /// A save written before tokens were hashed (`"t"`, the token in clear) still resumes, and
  /// its players still come back with their tokens.
  @Test func aSaveFromBeforeHashesResumes() throws {
    var night = room()
    let tokens = try joinThree(&night)
    _ = night.start(now: .zero)
    var json = String(decoding: try JSONEncoder().encode(night.saved(now: .seconds(1))), as: UTF8.self)
    for token in tokens {
      json = json.replacing(#""h":"\#(TokenHash.of(token))""#, with: #""t":"\#(token)""#)
    }
    #expect(json.contains(#""t":"\#(tokens[2])""#))
    var resumed = NightRoom(
      resuming: try JSONDecoder().decode(NightRoom.Saved.self, from: Data(json.utf8)), now: .seconds(100),
      generator: TestGenerator(state: 42))
    let back = resumed.join(ConnectionID(13), name: "", token: tokens[2], now: .seconds(101))
    #expect(notices(back) == [.back("Cat")])
  }

  /// Ann, Bob and Cat on connections 1, 2, 3: their tokens.
  private func joinThree(_ night: inout NightRoom) throws -> [String] {
    try [(ann, "Ann"), (bob, "Bob"), (cat, "Cat")].map { connection, name in
      try #require(welcome(in: night.join(connection, name: name, token: nil, now: .zero), to: connection)).token
    }
  }
}
