import NightKit
import Testing

@Suite("Players' names")
struct PlayerNameTests {
  @Test func trimmedAndKept() {
    #expect(PlayerName.validate("  Ann  ", taken: []) == .success("Ann"))
  }

  @Test func oneToTwentyCharacters() {
    #expect(PlayerName.validate("", taken: []) == .failure(.empty))
    #expect(PlayerName.validate("   ", taken: []) == .failure(.empty))
    #expect(
      PlayerName.validate(String(repeating: "a", count: 20), taken: []) == .success(String(repeating: "a", count: 20)))
    #expect(PlayerName.validate(String(repeating: "a", count: 21), taken: []) == .failure(.tooLong))
  }

  @Test("A ZWJ emoji is one character, and allowed")
  func zwjEmoji() {
    let family = "👨‍👩‍👧"
    #expect(family.unicodeScalars.count == 5)
    let twenty = family + String(repeating: "a", count: 19)
    #expect(PlayerName.validate(twenty, taken: []) == .success(twenty))
    #expect(PlayerName.validate(twenty + "a", taken: []) == .failure(.tooLong))
    #expect(PlayerName.validate("🏴󠁧󠁢󠁥󠁮󠁧󠁿 fan", taken: []) == .success("🏴󠁧󠁢󠁥󠁮󠁧󠁿 fan"))
  }

  @Test(
    "Control characters are refused",
    arguments: [
      "Ann\u{7}", "\u{1B}[2JAnn", "Ann\nBob", "\u{202E}nnA", "An\u{200B}n", "Ann\u{2028}", "Ann\u{2029}", "A\u{200D}",
    ])
  func control(name: String) {
    #expect(PlayerName.validate(name, taken: []) == .failure(.controlCharacter))
  }

  @Test func uniqueIgnoringCaseAndAccents() {
    #expect(PlayerName.validate("zoe", taken: ["Zoë"]) == .failure(.taken("zoe", by: "Zoë")))
    #expect(PlayerName.validate("Zoë", taken: ["ZOE"]) == .failure(.taken("Zoë", by: "ZOE")))
    #expect(PlayerName.validate("Zoe\u{308}", taken: ["ZOË"]) == .failure(.taken("Zoe\u{308}", by: "ZOË")))
    #expect(PlayerName.validate("Zoey", taken: ["Zoë"]) == .success("Zoey"))
  }

  @Test(
    "Spaces of any width and invisible characters are trimmed at the ends, so those names are Ann",
    arguments: ["Ann\u{A0}", "Ann\u{2000}", "\u{3000}Ann\u{200A}", "Ann\u{3164}", "\u{2800}Ann", "Ann\u{FFA0}"])
  func spacesAndBlanksAtTheEnds(name: String) {
    #expect(PlayerName.validate(name, taken: []) == .success("Ann"))
    #expect(PlayerName.validate(name, taken: ["Ann"]) == .failure(.taken("Ann", by: "Ann")))
  }

  @Test(
    "Names that look like Ann are Ann, and the refusal names it",
    arguments: [
      "\u{410}nn",  // Cyrillic А
      "\u{391}nn",  // Greek Α
      "\u{FF21}nn",  // fullwidth Ａ
      "\u{1D400}nn",  // mathematical bold 𝐀
      "A\u{578}\u{578}",  // Armenian ո
      "An\u{3164}n",  // a Hangul filler inside
      "An\u{2800}n",  // a blank braille pattern inside
      "\u{FF41}\u{FF4E}\u{FF4E}",  // fullwidth ａｎｎ
    ])
  func lookAlikes(name: String) {
    #expect(PlayerName.key(name) == PlayerName.key("Ann"))
    #expect(PlayerName.validate(name, taken: ["Bob", "Ann"]) == .failure(.taken(name, by: "Ann")))
    #expect(PlayerName.validate("Ann", taken: [name]) == .failure(.taken("Ann", by: name)))
  }

  @Test func digitsAndLettersThatLookAlike() {
    #expect(PlayerName.validate("B0b", taken: ["Bob"]) == .failure(.taken("B0b", by: "Bob")))
    #expect(PlayerName.validate("Iris", taken: ["lris"]) == .failure(.taken("Iris", by: "lris")))
    #expect(
      PlayerName.validate("Ann  Lee", taken: ["Ann\u{A0}Lee"]) == .failure(.taken("Ann  Lee", by: "Ann\u{A0}Lee")))
  }

  @Test(
    "A name of nothing but spaces and blanks is empty",
    arguments: [
      "\u{A0}", "\u{3164}", "\u{2800}", "\u{115F}\u{1160}", "\u{FFA0}", "\u{2000} \u{200A}\u{3000}", "\u{301}",
    ])
  func blank(name: String) {
    #expect(PlayerName.validate(name, taken: []) == .failure(.empty))
  }

  @Test("Different names stay different", arguments: [("Ann", "Anna"), ("Zoey", "Zoë"), ("王芳", "王方"), ("Bob", "Rob")])
  func distinct(name: String, other: String) {
    #expect(PlayerName.validate(name, taken: [other]) == .success(name))
    #expect(PlayerName.validate(other, taken: [name]) == .success(other))
  }

  @Test func namesInOtherScriptsAndEmojiAreKept() {
    for name in ["王芳", "김민준", "Σοφία", "Дмитрий", "👨‍👩‍👧", "🏴󠁧󠁢󠁥󠁮󠁧󠁿 fan", "Ann Lee"] {
      #expect(PlayerName.validate(name, taken: ["Ann", "Bob"]) == .success(name))
    }
    #expect(PlayerName.validate("👨‍👩‍👧", taken: ["👨‍👩‍👦"]) == .success("👨‍👩‍👧"))
  }

  /// Issue 35: five characters, the last an emoji carrying 1,008 invisible tags, 4 KiB in all.
  @Test func aFewCharactersPaddedWithInvisibleTagsAreRefusedByTheirBytes() {
    let tags = (0..<1_008).map { Character(Unicode.Scalar(0xE0020 + UInt32($0 % 0x60))!) }
    let fat = "Zed😀" + String(tags)
    #expect(fat.count == 4)
    #expect(fat.utf8.count == 4_039)
    #expect(PlayerName.validate(fat, taken: []) == .failure(.tooManyBytes))
    // Refused before any folding: the refusal does not depend on who is in.
    #expect(PlayerName.validate(fat, taken: ["Zed😀"]) == .failure(.tooManyBytes))
    // One byte over is over; the bound is of the trimmed name.
    let over = String(repeating: "😀", count: 5) + String(tags.prefix(1_024 / 4 - 5 + 1))
    #expect(over.count == 5)
    #expect(over.utf8.count == PlayerName.maxBytes + 4)
    #expect(PlayerName.validate(over, taken: []) == .failure(.tooManyBytes))
    let atTheBound = "😀" + String(tags.prefix(PlayerName.maxBytes / 4 - 1))
    #expect(atTheBound.utf8.count == PlayerName.maxBytes)
    // At the bound, a character of 256 code points: what refuses it is then its parts.
    #expect(PlayerName.validate("  " + atTheBound + "\u{3000}", taken: []) == .failure(.crowdedCharacter))
  }

  /// Any name of 20 characters a person would choose fits the byte bound: the longest emoji
  /// sequences there are, a flag of a subdivision, scripts whose letters carry marks.
  @Test(
    "Twenty of the longest characters people use fit in bytes",
    arguments: [
      // A kiss with two skin tones: 35 bytes.
      "\u{1F469}\u{1F3FB}\u{200D}\u{2764}\u{FE0F}\u{200D}\u{1F48B}\u{200D}\u{1F468}\u{1F3FC}",
      // The flag of Scotland: 28 bytes.
      "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
      // A family of four, each with a tone: 41 bytes.
      "\u{1F468}\u{1F3FB}\u{200D}\u{1F469}\u{1F3FB}\u{200D}\u{1F467}\u{1F3FB}\u{200D}\u{1F466}\u{1F3FB}",
      "\u{0915}\u{094D}\u{0937}\u{093F}",  // Devanagari kṣi, a conjunct and its vowel sign
      "\u{0E01}\u{0E34}\u{0E48}",  // Thai, a vowel and a tone mark
      "e\u{0302}\u{0323}",  // Vietnamese ệ, decomposed
    ])
  func twentyOfTheLongest(character: String) {
    #expect(character.count == 1)
    let name = String(repeating: character, count: 20)
    #expect(name.count == 20)
    #expect(name.utf8.count <= PlayerName.maxBytes)
    #expect(PlayerName.validate(name, taken: []) == .success(name))
  }

  /// Issue 36: look-alike names got through when emoji were involved, each pair drawn the same
  /// on every screen.
  @Test(
    "An emoji's invisible parts do not make a name of their own",
    arguments: [
      ("Zed😀", "Zed😀\u{E0041}"),  // a tag after an emoji that is no flag
      ("😀Kim", "😀\u{200D}Kim"),  // a joiner with nothing to join
      ("Lu😀😀", "Lu😀\u{200D}😀"),  // a joiner between emoji that make no one picture
      ("Fat😀", "Fat😀\u{FE0F}"),  // a presentation selector
      ("Fat😀", "Fat😀" + String(repeating: "\u{E0020}", count: 8)),  // blank tags
    ])
  func emojiLookAlikes(name: String, other: String) {
    #expect(PlayerName.key(name) == PlayerName.key(other))
    guard case .failure(.taken(_, by: name)) = PlayerName.validate(other, taken: [name]) else {
      Issue.record("\(other.unicodeScalars.map { String($0.value, radix: 16) }) got in beside \(name)")
      return
    }
  }

  @Test func aNameIsKeptAsItShows() {
    #expect(PlayerName.validate("Zed😀\u{E0041}", taken: []) == .success("Zed😀"))
    #expect(PlayerName.validate("😀\u{200D}Kim", taken: []) == .success("😀Kim"))
    // What does show is kept: a joined emoji, a subdivision's flag, an emoji presentation.
    for name in ["👨‍👩‍👧", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "❤\u{FE0F} Ann"] {
      #expect(PlayerName.validate(name, taken: []) == .success(name))
    }
  }

  @Test func flagsOfSubdivisionsStayApart() {
    let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} fan"
    let wales = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F} fan"
    #expect(PlayerName.validate(wales, taken: [scotland]) == .success(wales))
  }

  @Test func aCharacterStackedWithMarksIsRefused() {
    let stacked = "Z" + String(repeating: "\u{0336}", count: PlayerName.maxCharacterParts)
    #expect(PlayerName.validate(stacked + "ed", taken: []) == .failure(.crowdedCharacter))
    let atTheBound = "Z" + String(repeating: "\u{0336}", count: PlayerName.maxCharacterParts - 1)
    #expect(PlayerName.validate(atTheBound + "ed", taken: []) == .success(atTheBound + "ed"))
  }

  @Test func aRefusalSaysItsRule() {
    #expect(
      NameRefusal.tooManyBytes.description
        == "A name is at most 1,024 bytes: its characters hide too many invisible parts.")
    #expect(PlayerName.maxBytes == 1_024)
    #expect(NameRefusal.tooLong.description == "A name has at most 20 characters.")
    #expect(NameRefusal.taken("Ann", by: "Ann").description == "The name Ann is taken.")
    #expect(NameRefusal.taken("\u{410}nn", by: "Ann").description == "The name \u{410}nn is taken: it looks like Ann.")
  }
}
