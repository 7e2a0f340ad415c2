/// The screens of the app, by the names traces and logs use.
public enum AppScreen: String, CaseIterable, Sendable {
  case landing
  case game
  case feedback
  case complete
  case options
  case difficulty
  case noData = "no-data"
}

/// Lines a popover can attach to.
public enum Anchor: String, Sendable {
  case difficulty
}
