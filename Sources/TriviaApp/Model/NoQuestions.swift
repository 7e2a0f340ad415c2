/// Why there is nothing to play, for the no-data screen: one line, and what to do.
public struct NoQuestions: Error, Equatable, Sendable {
  public var reason: String
  public var details: [String]

  public init(reason: String, details: [String] = []) {
    self.reason = reason
    self.details = details
  }
}
