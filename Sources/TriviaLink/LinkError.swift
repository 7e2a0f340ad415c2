import Glibc

/// Why links cannot be received or sent, in words the player can act on.
public struct LinkError: Error, Equatable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  /// A failed system call: what was being done and the system's reason.
  static func system(_ doing: String, _ code: Int32 = errno) -> LinkError {
    LinkError("\(doing): \(String(cString: strerror(code)))")
  }

  public var description: String { message }
}
