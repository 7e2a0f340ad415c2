#if Night
  import NIOCore

  /// A server's WebSocket frame as its bytes on the wire (RFC 6455, 5.2): FIN, the opcode, the
  /// payload's length in the fewest bytes, no mask (a server's frames have none), the payload.
  enum WireFrame {
    static func text(_ text: String) -> ByteBuffer {
      var text = text
      return text.withUTF8 { frame(opcode: 0x1, $0) }
    }

    static let ping = frame(opcode: 0x9, UnsafeBufferPointer(start: nil, count: 0))

    private static func frame(opcode: UInt8, _ payload: UnsafeBufferPointer<UInt8>) -> ByteBuffer {
      var buffer = ByteBuffer()
      buffer.reserveCapacity(payload.count + 10)
      buffer.writeInteger(0x80 | opcode)
      switch payload.count {
      case ..<126: buffer.writeInteger(UInt8(payload.count))
      case ...0xFFFF:
        buffer.writeInteger(UInt8(126))
        buffer.writeInteger(UInt16(payload.count))
      default:
        buffer.writeInteger(UInt8(127))
        buffer.writeInteger(UInt64(payload.count))
      }
      buffer.writeBytes(payload)
      return buffer
    }
  }
#endif
