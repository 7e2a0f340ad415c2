import TriviaApp

/// A night this run was started for: `trivia host` or `trivia join URL`.
enum NightStart {
  case host(HostPlan)
  case join(url: String, name: String?)
}
