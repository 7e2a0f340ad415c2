import ScreenKit
import TriviaApp
import TriviaData

extension Trivia {
  /// What this run plays with: the options `store` saved (the standard ones when it holds none,
  /// or none that can be used, which `say` is told), with the command line's over them. Those
  /// saved come back too: a change in the options screen is saved over them, not over the
  /// command line's, which are not saved.
  func options(from store: any OptionsStore, say: (String) -> Void) -> (run: GameOptions, saved: GameOptions) {
    var saved = GameOptions.standard
    switch store.load() {
    case .success(let options): saved = options ?? saved
    case .failure(let error): say(error.message)
    }
    var options = saved
    if let count = game.count { options.questionCount = count }
    if let time = game.time { options.timeLimit = time > 0 ? time : nil }
    if let players = playerNames { options.players = players.isEmpty ? nil : players }
    if let difficulty = game.difficulty { options.difficulty = difficulty }
    if let source = game.source { options.source = source }
    // `all` means every category, as the category command has it.
    if let category = game.category { options.category = category.lowercased() == "all" ? nil : category }
    return (options, saved)
  }
}
