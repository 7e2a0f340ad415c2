import FoundationEssentials
import NightKit

/// libFuzzer target for what crosses a night's wires. `NightWire.decode` reads every frame a
/// player sends, so anyone who reaches the night can write its input; it reads an answer
/// without the JSON decoder, and must read what the decoder would. `RelayLines` frames the
/// pipe between `trivia` and `trivia-night`, which arrives in pieces of any size: any bytes,
/// read whole or cut in two, give the same events and commands and keep the same rest.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWire(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  let text = String(decoding: bytes, as: UTF8.self)
  if let message = try? NightWire.decode(text) {
    let decoded = try? JSONDecoder().decode(PlayerMessage.self, from: Data(text.utf8))
    require(decoded == message, "NightWire read \(message), the decoder \(String(describing: decoded))")
    require((try? NightWire.decode(NightWire.encode(message))) == message, "\(message) written and read again")
  }
  // The cut: the first byte says where, so the fuzzer steers it.
  let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
  func readAlike<Value: Equatable>(_ read: (inout [UInt8]) -> [Value], _ encode: (Value) -> [UInt8]) {
    var whole = bytes
    let values = read(&whole)
    var piece = Array(bytes[..<cut])
    var inPieces = read(&piece)
    piece += bytes[cut...]
    inPieces += read(&piece)
    require(inPieces == values && piece == whole, "read in two pieces at \(cut), other values or another rest")
    for value in values {
      var frame = encode(value)
      require(read(&frame) == [value] && frame.isEmpty, "\(value) written and read again")
    }
  }
  readAlike(RelayLines.events, RelayLines.encode)
  readAlike(RelayLines.commands, RelayLines.encode)
  return 0
}
