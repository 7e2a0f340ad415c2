import TriviaData

/// The options flow: a modal with its own navigator, and the difficulty popover.
@MainActor
public protocol OptionsNavigating: AnyObject {
  func showOptions(_ options: GameOptions)
  func updateOptions(_ options: GameOptions)
  func closeOptions()
  /// A popover anchored to a line of the screen on top (going back to the landing first if
  /// the top has no such line); on a choice it updates that line, dismisses itself, then
  /// calls back.
  func showDifficulty(
    anchor: Anchor, current: DifficultyChoice, onChoice: @escaping (DifficultyChoice) -> Void)
  func closeDifficulty()
}

/// Everything the coordinator asks of navigation.
public typealias AppNavigating = HomeNavigating & RoundNavigating & OptionsNavigating
