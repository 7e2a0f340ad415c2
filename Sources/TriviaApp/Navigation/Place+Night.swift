/// A night's places: the screens its host sends each player to, and the host's own. Its
/// screens are built in AppNavigator+Night.swift.
extension Place {
  /// Each replaces the last, over the landing the night ends on; one already on top (a
  /// question sent again after a reconnect) is skipped.
  static func night(_ place: NightPlace) -> Place {
    Place(place.screen, detail: place, transition: .push, policy: .singleTop, host: .landing)
  }
}

extension ScreenName {
  // A night's: the host's, then a player's.
  public static let lobby = ScreenName(rawValue: "lobby")
  public static let hostQuestion = ScreenName(rawValue: "host-question")
  public static let reveal = ScreenName(rawValue: "reveal")
  public static let hostStandings = ScreenName(rawValue: "host-standings")
  public static let hostFinal = ScreenName(rawValue: "host-final")
  public static let waiting = ScreenName(rawValue: "waiting")
  public static let nightQuestion = ScreenName(rawValue: "night-question")
  public static let verdict = ScreenName(rawValue: "verdict")
  public static let standings = ScreenName(rawValue: "standings")
  public static let final = ScreenName(rawValue: "final")

  /// The screens a night's host is on.
  static let hosting: Set<ScreenName> = [.lobby, .hostQuestion, .reveal, .hostStandings, .hostFinal]
  /// The screens a night's player is on.
  static let playing: Set<ScreenName> = [.waiting, .nightQuestion, .verdict, .standings, .final]
}
