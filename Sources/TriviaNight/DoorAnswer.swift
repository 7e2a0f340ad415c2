#if Night
  /// What the night answers a request for a path: a WebSocket, the player's page, or a status
  /// and a sentence.
  enum DoorAnswer: Sendable, Equatable {
    case upgrade
    case page(NightPage)
    case refuse(status: Int, sentence: String)
  }
#endif
