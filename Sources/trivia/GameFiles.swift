import TriviaApp
import TriviaData

/// Where the game keeps what it knows of its player, in the environment's XDG folders: the
/// paths the stores are opened at, and what `about` says of them.
struct GameFiles {
  let options: String
  /// A round left unfinished, for `resume`.
  let session: String
  let tokens: String
  /// The lines typed, for the line editor's history.
  let lines: String
  let history: String
  /// A player's place in each night under way, to come back to after a crash.
  let nights: String

  init(environment: [String: String]) {
    let state = XDGDirectory.state.path(environment: environment) + "/trivia"
    options = FileOptionsStore.standardPath(environment: environment)
    session = FileSessionStore.standardPath(environment: environment)
    tokens = OpenTriviaDBTokenStore.standardPath(environment: environment)
    lines = state + "/history"
    history = state + "/history.sqlite"
    nights = FileNightSeatStore.standardFolder(environment: environment)
  }

  /// What `about` tells: the version, and the files kept (the history's only when it is).
  func about(keepsHistory: Bool) -> About {
    About(
      version: Trivia.configuration.version,
      files: [
        .init(holds: "Options", path: options),
        .init(holds: "A round left to resume", path: session),
        .init(holds: "Lines typed", path: lines),
        .init(holds: "Open Trivia DB tokens", path: tokens),
        .init(holds: "Your place in a night under way", path: nights + "/"),
      ] + (keepsHistory ? [.init(holds: "Answers (SQLite)", path: history)] : []))
  }
}
