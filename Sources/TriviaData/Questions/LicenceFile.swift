/// A licence file beside a folder's question files (LICENSE, COPYING), read for the name of
/// the licence it holds, so `about` can credit the questions as their authors asked.
public struct LicenceFile: Sendable, Equatable {
  /// The file's name in the folder.
  public var file: String
  /// The licence it names; nil when it names none this program knows.
  public var name: String?

  init(file: String, bytes: UnsafeBufferPointer<UInt8>) {
    self.file = file
    name = Self.name(of: bytes)
  }

  /// Whether a file of this name is a licence's.
  static func isLicence(_ name: String) -> Bool {
    let upper = name.uppercased()
    return ["LICENSE", "LICENCE", "COPYING"].contains { upper == $0 || upper.hasPrefix($0 + ".") }
  }

  /// The licences named at the top of such files, the most specific first.
  private static let known: [(needle: String, name: String)] = [
    ("Attribution-ShareAlike 4.0", "CC BY-SA 4.0"),
    ("Attribution-ShareAlike 3.0", "CC BY-SA 3.0"),
    ("Attribution-NonCommercial-ShareAlike 4.0", "CC BY-NC-SA 4.0"),
    ("Attribution 4.0 International", "CC BY 4.0"),
    ("CC0 1.0", "CC0 1.0"),
    ("Apache License", "Apache-2.0"),
    ("MIT License", "MIT"),
    ("GNU GENERAL PUBLIC LICENSE", "GPL"),
  ]

  /// The licence the file's first 4 KiB name, or nil when none known is named there.
  static func name(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
    let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
    return known.first { head.contains($0.needle) }?.name
  }
}
