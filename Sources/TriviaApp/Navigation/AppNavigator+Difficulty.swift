import DifficultyScreen
import NavigatorKit
import ScreenKit
import TriviaData

extension ScreenName {
  public static let difficulty = ScreenName(rawValue: "difficulty")
}

extension Place {
  /// A menu on the Difficulty line of the screen on top, or of the landing's when the top has
  /// no such line.
  static var difficulty: Place {
    Place(.difficulty, transition: .popover(anchor: Anchor.difficulty), host: .landing)
  }
}

extension AppNavigator {
  public func showDifficulty(
    current: DifficultyChoice, onChoice: @escaping (DifficultyChoice) -> Void, onBack: @escaping () -> Void
  ) {
    show(.difficulty, .difficulty(current: current, onChoice: onChoice, onBack: onBack))
  }

  public func closeDifficulty() {
    dismiss(.difficulty)
  }
}

extension Screen where View == any TerminalView {
  static func difficulty(
    current: DifficultyChoice, onChoice: @escaping (DifficultyChoice) -> Void, onBack: @escaping () -> Void
  ) -> Self {
    let choices = DifficultyChoice.allCases
    let state = DifficultyScreen.State(choices: choices.map(\.title), selected: choices.firstIndex(of: current) ?? 0)
    return Self(.difficulty) {
      let screen = DifficultyScreen(state: state)
      screen.onChoice = { onChoice(choices[$0]) }
      screen.onBack = onBack
      return screen
    }
  }
}
