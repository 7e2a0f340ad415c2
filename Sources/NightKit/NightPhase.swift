/// Where a night is: `lobby`, then for each question `question`, `reveal`, `standings`, then
/// `final`; `ended` when the host stops it. The number is the question's (1-based).
public enum NightPhase: Equatable, Sendable {
  case lobby
  case question(Int)
  case reveal(Int)
  case standings(Int)
  case final
  case ended
}
