/// libFuzzer target for saved Open Trivia DB responses: `OpenTriviaDBFormat.decode` with the
/// encoding told from the content and with each encoding forced, and the text decoders under
/// it, checked against encoders written here.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenTriviaDB(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  for encoding in [nil] + OpenTriviaDBFormat.Encoding.allCases.map(Optional.some) {
    do {
      let bank = try OpenTriviaDBFormat.decode(bytes, name: "fuzz.json", encoding: encoding)
      QuestionInvariants.check(bank, requireDifficulty: true, trimmed: true)
    } catch {
      require(!error.message.isEmpty, "an error without a message")
    }
  }
  // The decoders on the bytes as text, and the round trips that must hold.
  let text = String(decoding: bytes, as: UTF8.self)
  _ = OpenTriviaDBFormat.percentDecode(text)
  _ = OpenTriviaDBFormat.base64Decode(text)
  _ = HTMLEntities.decode(text)
  require(OpenTriviaDBFormat.base64Decode(base64(Array(text.utf8))) == text, "Base64 round trip")
  require(OpenTriviaDBFormat.percentDecode(percentEncoded(text)) == text, "percent-encoding round trip")
  let escaped = text.split(separator: "&", omittingEmptySubsequences: false).joined(separator: "&amp;")
  require(HTMLEntities.decode(escaped) == text, "HTML escaping round trip")
  return 0
}

private func base64(_ bytes: [UInt8]) -> String {
  let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  var output: [UInt8] = []
  var index = 0
  while index < bytes.count {
    let chunk = bytes[index..<min(index + 3, bytes.count)]
    var value = 0
    for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
    for position in 0..<4 {
      output.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : UInt8(ascii: "="))
    }
    index += 3
  }
  return String(decoding: output, as: UTF8.self)
}

private func percentEncoded(_ text: String) -> String {
  let hex = Array("0123456789ABCDEF".utf8)
  var output: [UInt8] = []
  for byte in text.utf8 {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      output.append(byte)
    default:
      output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
    }
  }
  return String(decoding: output, as: UTF8.self)
}
