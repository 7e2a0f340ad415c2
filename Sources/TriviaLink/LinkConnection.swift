/// One sender's connection, while its message arrives and then while it waits for the reply.
struct LinkConnection {
  let id: UInt64
  let descriptor: Int32
  var reader = LinkMessageReader()
  /// When a sender still writing is dropped; nil once its link is out, since from then on
  /// the player decides how long it waits (and the sender gives up by its own timeout).
  var deadline: ContinuousClock.Instant?

  var awaitsReply: Bool { deadline == nil }
}
