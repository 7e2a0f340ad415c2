import FoundationEssentials
import Glibc
import NightKit

/// The pipe's framing. A frame is a header line, and for the two that carry a player's
/// frame the frame's bytes after it, as they are:
///
/// - `t ID COUNT` (or `t ID HELD COUNT`) and COUNT bytes: `RelayEvent.text(ID, …, held: HELD)`;
/// - `s COUNT ID ID …` and COUNT bytes: `RelayCommand.send(…, to: [ID, …])`;
/// - `y COUNT` and COUNT bytes, a line `ID ROW` a connection: `RelayCommand.yours(…)`;
/// - `j COUNT` and COUNT bytes: `RelayCommand.journal(…)`; `r COUNT` and COUNT bytes:
///   `RelayCommand.save(…)`, the room's JSON as it is;
/// - any other value, one line of JSON (it starts with `{`).
///
/// What players send and are sent is most of what crosses the pipe, already encoded once (a
/// player's JSON, or `NightWire.encode`): it is copied, never escaped into a JSON string and
/// parsed out again, and a newline in it cannot split a frame since its length is known.
public enum RelayLines {
  /// Appends `event`'s frame to `bytes`.
  public static func encode(_ event: RelayEvent, into bytes: inout [UInt8]) {
    if case .text(let id, let text, let held) = event {
      var text = text
      text.withUTF8 { payload in
        bytes.append(UInt8(ascii: "t"))
        bytes.append(UInt8(ascii: " "))
        append(id.rawValue, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        if held > 0 {
          append(UInt64(held), to: &bytes)
          bytes.append(UInt8(ascii: " "))
        }
        append(UInt64(payload.count), to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: payload)
      }
    } else {
      appendJSON(event, to: &bytes)
    }
  }

  /// Appends `command`'s frame to `bytes`.
  public static func encode(_ command: RelayCommand, into bytes: inout [UInt8]) {
    if case .yours(let rows) = command {
      var table: [UInt8] = []
      for personal in rows {
        append(personal.to.rawValue, to: &table)
        table.append(UInt8(ascii: " "))
        table.append(contentsOf: personal.row.utf8)
        table.append(UInt8(ascii: "\n"))
      }
      bytes.append(UInt8(ascii: "y"))
      bytes.append(UInt8(ascii: " "))
      append(UInt64(table.count), to: &bytes)
      bytes.append(UInt8(ascii: "\n"))
      bytes.append(contentsOf: table)
    } else if case .journal(let text) = command {
      appendPayload(text, tag: "j", to: &bytes)
    } else if case .save(let room) = command {
      appendPayload(room, tag: "r", to: &bytes)
    } else if case .send(let text, let receivers) = command {
      var text = text
      text.withUTF8 { payload in
        bytes.append(UInt8(ascii: "s"))
        bytes.append(UInt8(ascii: " "))
        append(UInt64(payload.count), to: &bytes)
        for receiver in receivers {
          bytes.append(UInt8(ascii: " "))
          append(receiver.rawValue, to: &bytes)
        }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: payload)
      }
    } else {
      appendJSON(command, to: &bytes)
    }
  }

  public static func encode(_ event: RelayEvent) -> [UInt8] {
    var bytes: [UInt8] = []
    encode(event, into: &bytes)
    return bytes
  }

  public static func encode(_ command: RelayCommand) -> [UInt8] {
    var bytes: [UInt8] = []
    encode(command, into: &bytes)
    return bytes
  }

  @discardableResult
  public static func write(_ event: RelayEvent, to descriptor: Int32) -> Bool {
    write(bytes: encode(event), to: descriptor)
  }

  @discardableResult
  public static func write(_ command: RelayCommand, to descriptor: Int32) -> Bool {
    write(bytes: encode(command), to: descriptor)
  }

  /// Writes `bytes` (frames, any number of them) whole to `descriptor`, retrying after a
  /// signal; false once the other end has gone (EPIPE: SIGPIPE is ignored where a pipe is
  /// written).
  @discardableResult
  public static func write(bytes: [UInt8], to descriptor: Int32) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let wrote = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + sent, bytes.count - sent) }
      if wrote < 0, errno == EINTR { continue }
      guard wrote > 0 else { return false }
      sent += wrote
    }
    return true
  }

  /// The whole events in what was read, keeping a partial last frame in `buffer`; a frame
  /// that cannot be read is skipped.
  public static func events(_ buffer: inout [UInt8]) -> [RelayEvent] {
    frames(&buffer, tags: [UInt8(ascii: "t")]) { _, numbers, payload in
      guard numbers.count == 2 || numbers.count == 3 else { return nil }
      return RelayEvent.text(
        ConnectionID(numbers[0]), payload, held: numbers.count == 3 ? Int(clamping: numbers[1]) : 0)
    }
  }

  /// Whole event frames, each text held `held` ms longer: what waited on the way.
  public static func adding(held: Int, to frames: [UInt8]) -> [UInt8] {
    var rest = frames
    var bytes: [UInt8] = []
    bytes.reserveCapacity(frames.count + 16)
    for event in events(&rest) {
      guard case .text(let id, let text, let before) = event else {
        encode(event, into: &bytes)
        continue
      }
      encode(.text(id, text, held: before + held), into: &bytes)
    }
    return bytes
  }

  /// The whole commands in what was read, keeping a partial last frame in `buffer`; a frame
  /// that cannot be read is skipped.
  public static func commands(_ buffer: inout [UInt8]) -> [RelayCommand] {
    let tags = [UInt8(ascii: "s"), UInt8(ascii: "y"), UInt8(ascii: "j"), UInt8(ascii: "r")]
    return frames(&buffer, tags: tags) { tag, numbers, payload in
      guard !numbers.isEmpty else { return nil }
      switch tag {
      case UInt8(ascii: "s"): return RelayCommand.send(payload, to: numbers[1...].map { ConnectionID($0) })
      case UInt8(ascii: "j"): return RelayCommand.journal(payload)
      case UInt8(ascii: "r"): return RelayCommand.save(payload)
      default: break
      }
      // Split on the bytes: as Characters, a row's own CR and the LF after it are one.
      var table = payload
      return RelayCommand.yours(
        table.withUTF8 { bytes in
          bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let space = line.firstIndex(of: UInt8(ascii: " ")),
              let id = UInt64(String(decoding: UnsafeBufferPointer(rebasing: line[..<space]), as: UTF8.self))
            else { return nil }
            let row = String(decoding: UnsafeBufferPointer(rebasing: line[(space + 1)...]), as: UTF8.self)
            return RelayCommand.Personal(to: ConnectionID(id), row: row)
          }
        })
    }
  }

  /// Splits `buffer` into frames. A line starting with one of `tags` is a header of numbers,
  /// one of them (the last for an event, the first for a command) the count of bytes after it.
  private static func frames<Value: Decodable>(
    _ buffer: inout [UInt8], tags: [UInt8], make: (UInt8, [UInt64], String) -> Value?
  ) -> [Value] {
    var values: [Value] = []
    var start = 0
    let countIsFirst = tags[0] != UInt8(ascii: "t")
    buffer.withUnsafeBufferPointer { bytes in
      while start < bytes.count {
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return }
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if let tag = line.first, tags.contains(tag) {
          let numbers = Self.numbers(UnsafeBufferPointer(rebasing: line.dropFirst()))
          guard let count = countIsFirst ? numbers.first : numbers.last else {
            start = end + 1
            continue
          }
          // Compared before it is made an Int: a count past Int.max would stop the program.
          guard count <= UInt64(bytes.count - (end + 1)) else { return }
          let payloadEnd = end + 1 + Int(count)
          let payload = String(decoding: UnsafeBufferPointer(rebasing: bytes[(end + 1)..<payloadEnd]), as: UTF8.self)
          if let value = make(tag, numbers, payload) { values.append(value) }
          start = payloadEnd
        } else {
          if let value = try? JSONDecoder().decode(Value.self, from: Data(line)) { values.append(value) }
          start = end + 1
        }
      }
    }
    buffer.removeSubrange(..<start)
    return values
  }

  /// The decimal numbers in `bytes`, separated by spaces.
  private static func numbers(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt64] {
    var numbers: [UInt64] = []
    var current: UInt64?
    for byte in bytes {
      if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        current = (current ?? 0) &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
      } else if let number = current {
        numbers.append(number)
        current = nil
      }
    }
    if let current { numbers.append(current) }
    return numbers
  }

  private static func append(_ number: UInt64, to bytes: inout [UInt8]) {
    var digits = 1
    var rest = number / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    var index = bytes.count + digits
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    rest = number
    repeat {
      index -= 1
      bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    } while rest > 0
  }

  /// `TAG COUNT`, and the text's bytes as they are.
  private static func appendPayload(_ text: String, tag: Unicode.Scalar, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { payload in
      bytes.append(UInt8(ascii: tag))
      bytes.append(UInt8(ascii: " "))
      append(UInt64(payload.count), to: &bytes)
      bytes.append(UInt8(ascii: "\n"))
      bytes.append(contentsOf: payload)
    }
  }

  private static func appendJSON(_ value: some Encodable, to bytes: inout [UInt8]) {
    // Encoding these enums of strings and numbers cannot fail.
    if let data = try? JSONEncoder().encode(value) { bytes.append(contentsOf: data) }
    bytes.append(UInt8(ascii: "\n"))
  }
}
