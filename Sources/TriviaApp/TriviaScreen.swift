import CompleteScreen
import DifficultyScreen
import FeedbackScreen
import GameScreen
import LandingScreen
import NavigatorKit
import NoDataScreen
import OptionsScreen
import ScreenKit

/// A screen of this app as the navigator holds it.
public typealias TriviaScreen = Screen<any TerminalScreen>

/// Typed factories for every screen. Only the AppNavigator calls them; each wires the
/// screen's closures it is given.
extension Screen where View == any TerminalScreen {
  static func landing(_ state: LandingScreen.State, configure: @escaping (LandingScreen) -> Void) -> Self {
    Self(name: AppScreen.landing.rawValue, anchors: [LandingScreen.difficultyAnchor]) {
      let screen = LandingScreen(state: state)
      configure(screen)
      return screen
    }
  }

  static func game(_ state: GameScreen.State, onAnswer: @escaping (Int) -> Void) -> Self {
    Self(name: AppScreen.game.rawValue) {
      let screen = GameScreen(state: state)
      screen.onAnswer = onAnswer
      return screen
    }
  }

  static func feedback(_ state: FeedbackScreen.State, onContinue: @escaping () -> Void) -> Self {
    Self(name: AppScreen.feedback.rawValue) {
      let screen = FeedbackScreen(state: state)
      screen.onContinue = onContinue
      return screen
    }
  }

  static func complete(_ state: CompleteScreen.State, onDone: @escaping () -> Void) -> Self {
    Self(name: AppScreen.complete.rawValue) {
      let screen = CompleteScreen(state: state)
      screen.onDone = onDone
      return screen
    }
  }

  static func options(_ state: OptionsScreen.State, configure: @escaping (OptionsScreen) -> Void) -> Self {
    Self(name: AppScreen.options.rawValue, anchors: [OptionsScreen.difficultyAnchor]) {
      let screen = OptionsScreen(state: state)
      configure(screen)
      return screen
    }
  }

  static func difficulty(_ state: DifficultyScreen.State, onChoice: @escaping (Int) -> Void) -> Self {
    Self(name: AppScreen.difficulty.rawValue) {
      let screen = DifficultyScreen(state: state)
      screen.onChoice = onChoice
      return screen
    }
  }

  static func noData(_ state: NoDataScreen.State, configure: @escaping (NoDataScreen) -> Void) -> Self {
    Self(name: AppScreen.noData.rawValue) {
      let screen = NoDataScreen(state: state)
      configure(screen)
      return screen
    }
  }
}
