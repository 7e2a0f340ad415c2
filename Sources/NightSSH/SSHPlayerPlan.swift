#if Night
  /// What a night's SSH door runs for each session, and what it tells: the night's own terms,
  /// handed down by `trivia-night serve`, so that this target knows nothing of the game.
  public struct SSHPlayerPlan: Sendable {
    /// `trivia`, found beside `trivia-night` or given by `trivia host`.
    public var program: String
    /// The night as a player on this machine joins it: `trivia join URL`.
    public var nightURL: String
    /// Where else to join, for a player turned away when the door is full.
    public var webURL: String
    /// The host's runtime folder for this night: a state folder in it for each key.
    public var folder: String
    /// The players' PATH, `trivia-night`'s folder first.
    public var path: String
    /// Sessions with a player at once; one more is told the door is full.
    public var maxPlayers: Int
    /// Judges a user name as the page judges a path: nil when it is the night's code, else the
    /// sentence to tell (wrong, or too many wrong from `address`). Slowed as the page's guesses are.
    public var checkCode: @Sendable (_ code: String, _ address: String) async -> String?

    public init(
      program: String, nightURL: String, webURL: String, folder: String, path: String, maxPlayers: Int,
      checkCode: @escaping @Sendable (String, String) async -> String?
    ) {
      self.program = program
      self.nightURL = nightURL
      self.webURL = webURL
      self.folder = folder
      self.path = path
      self.maxPlayers = maxPlayers
      self.checkCode = checkCode
    }
  }
#endif
