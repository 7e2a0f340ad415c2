/// What the night answers a request for a path: a WebSocket, or a status and a sentence.
enum DoorAnswer: Sendable, Equatable {
  case upgrade
  case refuse(status: Int, sentence: String)
}
