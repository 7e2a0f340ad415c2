/// What `about` tells: the game's version, the files it keeps about the player, and whose
/// questions it asks.
public struct About: Equatable, Sendable {
  /// A file the game keeps: what it holds, and where.
  public struct File: Equatable, Sendable {
    public var holds: String
    public var path: String

    public init(holds: String, path: String) {
      self.holds = holds
      self.path = path
    }
  }

  public var version: String
  public var files: [File]
  /// The source as the landing names it, and a line each of whom its questions come from.
  public var source = ""
  public var credits: [String] = []

  public init(version: String, files: [File]) {
    self.version = version
    self.files = files
  }
}
