import TriviaData

/// The options modal and the difficulty popover.
@MainActor
public protocol OptionsNavigating: AnyObject {
  func showOptions(_ options: GameOptions)
  func updateOptions(_ options: GameOptions)
  func closeOptions()
  /// A popover anchored to a line of the screen on top; on a choice it updates that line,
  /// dismisses itself, then calls back.
  func showDifficulty(
    anchor: Anchor, current: DifficultyChoice, onChoice: @escaping (DifficultyChoice) -> Void)
  func closeDifficulty()
}

/// Everything the coordinator asks of navigation.
public typealias AppNavigating = HomeNavigating & RoundNavigating & OptionsNavigating
