/// What the room asks of its caller after a call: the room decides, the transport sends.
public enum NightOutput: Equatable, Sendable {
  /// One message for many receivers, to be encoded once.
  case send(HostMessage, to: [ConnectionID])
  /// Send the message if any (a refusal, a kick), then close. The room has already forgotten
  /// the connection: telling it `disconnected` afterwards does nothing.
  case close(ConnectionID, HostMessage?)
  /// For the host's own screens.
  case host(NightNotice)
}
