/// libFuzzer target for the link socket's message reader: whatever a sender writes becomes a
/// link the protocol allows or a refusal with a one-line reason, the reader never holds more
/// than a message, and bytes arriving in pieces read as they do at once (save a second line
/// arriving after the first was read alone, which the game can no longer see).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinkMessage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  let whole = LinkMessageReader.read(bytes)
  switch whole {
  case nil:
    require(bytes.isEmpty, "\(bytes.count) bytes and no outcome")
  case .link(let link)?:
    require(bytes.count <= LinkProtocol.maximumMessageBytes && bytes.last == 0x0A, "a link from a bad message")
    require(!link.isEmpty && link.first != " " && link.last != " ", "an empty or untrimmed link")
    require(
      !link.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
      "a control character in a link")
    require(LinkMessageReader.read(LinkProtocol.message(for: link)) == .link(link), "the link does not read back")
  case .refused(let refusal)?:
    require(!refusal.reason.isEmpty && !refusal.reason.contains("\n"), "a refusal without a one-line reason")
  }
  // In two pieces, cut where the first byte says, and byte by byte for short inputs.
  let cut = bytes.isEmpty ? 0 : Int(bytes[0]) * bytes.count / 255
  var pieces = [bytes[..<cut], bytes[cut...]]
  if bytes.count <= 256 { pieces = bytes.indices.map { bytes[$0...$0] } }
  var reader = LinkMessageReader()
  var pieced: LinkMessageReader.Outcome?
  for piece in pieces where pieced == nil {
    pieced = reader.read(piece)
    require(reader.bufferedCount < LinkProtocol.maximumMessageBytes, "holds \(reader.bufferedCount) bytes")
  }
  pieced = pieced ?? reader.end()
  // Cut right after the first newline, the first line is read alone.
  var alone = whole
  if whole == .refused(.severalLines), let newline = bytes.firstIndex(of: 0x0A) {
    alone = LinkMessageReader.read(bytes[...newline])
  }
  require(pieced == whole || pieced == alone, "whole: \(String(describing: whole)), in pieces: \(String(describing: pieced))")
  return 0
}
