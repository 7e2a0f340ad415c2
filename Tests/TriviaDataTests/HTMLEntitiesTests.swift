import Testing

@testable import TriviaData

@Suite struct HTMLEntitiesTests {
  @Test func textWithoutAmpersandComesBackUnchanged() {
    let text = "Plain text, with ; and # but no ampersand — é"
    #expect(HTMLEntities.decode(text) == text)
    #expect(HTMLEntities.decode("") == "")
  }

  @Test func decodesTheBasicFive() {
    #expect(HTMLEntities.decode("&amp; &lt; &gt; &quot; &apos;") == "& < > \" '")
  }

  @Test func decodesNamedEntitiesBeyondTheBasicFive() {
    #expect(HTMLEntities.decode("Caf&eacute;") == "Café")
    #expect(HTMLEntities.decode("Don&rsquo;t") == "Don\u{2019}t")
    #expect(HTMLEntities.decode("90&deg;") == "90°")
    #expect(HTMLEntities.decode("&pi; &Omega; &hellip;") == "π Ω …")
    #expect(HTMLEntities.decode("&ldquo;Hi&rdquo;") == "\u{201C}Hi\u{201D}")
  }

  @Test func decodesEntitiesOfTwoCharactersAndOutsideTheBasicPlane() {
    // NotEqualTilde is U+2242 U+0338; the script letters are beyond U+FFFF.
    #expect(HTMLEntities.decode("&NotEqualTilde;").unicodeScalars.map(\.value) == [0x2242, 0x338])
    #expect(HTMLEntities.decode("&Ascr;").unicodeScalars.map(\.value) == [0x1D49C])
    #expect(HTMLEntities.decode("&fjlig;") == "fj")
  }

  @Test func namesAreCaseSensitive() {
    #expect(HTMLEntities.decode("&Eacute;&eacute;") == "Éé")
    #expect(HTMLEntities.decode("&AMP;") == "&")
    #expect(HTMLEntities.decode("&Amp;") == "&Amp;")
  }

  @Test func legacyNamesWorkWithoutTheSemicolon() {
    #expect(HTMLEntities.decode("fish &amp chips") == "fish & chips")
    #expect(HTMLEntities.decode("&ampx") == "&x")
    #expect(HTMLEntities.decode("caf&eacute!") == "café!")
    #expect(HTMLEntities.decode("&copy 2024") == "© 2024")
    // The longest legacy name that the letters begin with.
    #expect(HTMLEntities.decode("&notit;") == "¬it;")
    #expect(HTMLEntities.decode("&notin;") == "∉")
    #expect(HTMLEntities.decode("&frac12") == "½")
  }

  @Test func namesThatNeedTheSemicolonAreLeftWithoutIt() {
    #expect(HTMLEntities.decode("&hellip and") == "&hellip and")
    #expect(HTMLEntities.decode("&rsquo") == "&rsquo")
  }

  @Test func decimalReferences() {
    #expect(HTMLEntities.decode("It&#039;s") == "It's")
    #expect(HTMLEntities.decode("&#39;") == "'")
    #expect(HTMLEntities.decode("&#233;t&#233;") == "été")
    #expect(HTMLEntities.decode("&#128512;") == "😀")
    #expect(HTMLEntities.decode("&#39 and") == "' and")
  }

  @Test func hexReferencesInEitherCase() {
    #expect(HTMLEntities.decode("It&#x27;s") == "It's")
    #expect(HTMLEntities.decode("It&#X27;s") == "It's")
    #expect(HTMLEntities.decode("&#xE9;&#xe9;") == "éé")
    #expect(HTMLEntities.decode("&#x1F600;") == "😀")
    #expect(HTMLEntities.decode("&#x27") == "'")
  }

  @Test func windows1252RemapFor0x80To0x9F() {
    #expect(HTMLEntities.decode("&#128;") == "€")
    #expect(HTMLEntities.decode("&#x80;") == "€")
    #expect(HTMLEntities.decode("&#150;") == "–")
    #expect(HTMLEntities.decode("&#x92;") == "\u{2019}")
    #expect(HTMLEntities.decode("&#x9F;") == "Ÿ")
    // Undefined in Windows-1252.
    #expect(HTMLEntities.decode("&#x81;") == "\u{FFFD}")
  }

  @Test func invalidCodePointsBecomeReplacementCharacters() {
    #expect(HTMLEntities.decode("&#0;") == "\u{FFFD}")
    #expect(HTMLEntities.decode("&#xD800;") == "\u{FFFD}")
    #expect(HTMLEntities.decode("&#xDFFF;") == "\u{FFFD}")
    #expect(HTMLEntities.decode("&#x110000;") == "\u{FFFD}")
    #expect(HTMLEntities.decode("&#99999999999999999999999;") == "\u{FFFD}")
    #expect(HTMLEntities.decode("&#x10FFFF;") == "\u{10FFFF}")
  }

  @Test func controlCharactersBecomeReplacementCharactersButSpacesStay() {
    #expect(HTMLEntities.decode("a&#27;[31m") == "a\u{FFFD}[31m")
    #expect(HTMLEntities.decode("&#7;&#127;") == "\u{FFFD}\u{FFFD}")
    #expect(HTMLEntities.decode("a&#9;b&#10;c") == "a\tb\nc")
  }

  @Test func unknownOrIncompleteReferencesAreLeftAsTheyAre() {
    #expect(HTMLEntities.decode("&bogus;") == "&bogus;")
    #expect(HTMLEntities.decode("AT&T") == "AT&T")
    #expect(HTMLEntities.decode("a & b") == "a & b")
    #expect(HTMLEntities.decode("&") == "&")
    #expect(HTMLEntities.decode("&;") == "&;")
    #expect(HTMLEntities.decode("&#;") == "&#;")
    #expect(HTMLEntities.decode("&#x;") == "&#x;")
    #expect(HTMLEntities.decode("&#xZZ;") == "&#xZZ;")
    #expect(HTMLEntities.decode("trailing &") == "trailing &")
  }

  @Test func doesNotDecodeTwice() {
    #expect(HTMLEntities.decode("&amp;lt;") == "&lt;")
    #expect(HTMLEntities.decode("&amp;#039;") == "&#039;")
  }

  @Test func aRealOpenTriviaDBQuestion() {
    let encoded = "Which of these is NOT a &quot;Pok&eacute;mon&quot; type? &#039;Dragon&#039; &amp; &#039;Sound&#039;"
    #expect(HTMLEntities.decode(encoded) == "Which of these is NOT a \"Pokémon\" type? 'Dragon' & 'Sound'")
  }

  @Test func theTableHasEveryHTML5Name() {
    #expect(HTMLEntityTable.count == 2231)
    #expect(HTMLEntities.value(named: "amp;") == "&")
    #expect(HTMLEntities.value(named: "amp") == "&")
    #expect(HTMLEntities.value(named: "zwnj;") == "\u{200C}")
    #expect(HTMLEntities.value(named: "AElig;") == "Æ")
    #expect(HTMLEntities.value(named: "CounterClockwiseContourIntegral;") == "∳")
    #expect(HTMLEntities.value(named: "NewLine;") == "\n")
    #expect(HTMLEntities.value(named: "Tab;") == "\t")
    #expect(HTMLEntities.value(named: "hellip") == nil)
    #expect(HTMLEntities.value(named: "nonsense;") == nil)
  }
}
