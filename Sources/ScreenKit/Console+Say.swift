extension Console {
  /// A line of information for the player.
  public func say(_ message: String) {
    write([Line(message)])
  }
}
