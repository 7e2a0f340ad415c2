import ScreenKit

extension Console {
  /// A line of information for the player.
  func say(_ message: String) {
    write([Line(message)])
  }
}
