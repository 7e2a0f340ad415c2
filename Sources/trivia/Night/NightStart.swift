import TriviaApp

/// A night this run was started for: `trivia host` or `trivia join URL`.
enum NightStart {
  case host(HostPlan)
  /// `onlyThisNight`: the session ends with the night, never going on to the landing.
  case join(url: String, name: String?, onlyThisNight: Bool = false)
}
