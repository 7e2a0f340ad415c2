#if Night
  import CQRencode

  /// A QR code's modules from libqrencode, for the host's lobby to draw. Encoded here, so that
  /// `trivia` never links the library.
  enum QRModules {
    /// One string a row, "1" for a dark module; nil if the text does not fit any QR code.
    /// Level L: a screen is not a torn poster, and the smallest code fits beside the lobby.
    static func rows(for text: String) -> [String]? {
      guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1) else { return nil }
      defer { QRcode_free(code) }
      let width = Int(code.pointee.width)
      let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
      // The low bit of each byte is the module's colour; the others say what part it is.
      return (0..<width).map { row in
        String(data[(row * width)..<((row + 1) * width)].map { $0 & 1 == 1 ? "1" : "0" })
      }
    }
  }
#endif
