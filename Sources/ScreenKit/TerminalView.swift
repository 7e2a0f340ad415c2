/// What every screen of the game is: a reusable terminal view that shows its state as lines
/// and reports what the person asked for through closures. It never knows which screen
/// comes next. (A NavigatorKit `Screen` is the recipe that builds one.)
public protocol TerminalView: AnyObject {
  /// Where the person is, for the prompt: `landing`, `question 3/10`.
  var prompt: String { get }
  /// What the screen shows.
  func render() -> [Line]
  /// The commands this screen understands; help and completion come from the same table.
  var commands: CommandTable { get }
  /// What `back` means here, as whoever showed the screen decided; nil where there is
  /// nothing to go back to.
  var onBack: (() -> Void)? { get }
  /// Whether a terminal draws this screen over the whole window each time, rather than under
  /// what came before: a screen that changes while it shows and must stay whole (the lobby).
  var drawsInPlace: Bool { get }
}

extension TerminalView {
  public var drawsInPlace: Bool { false }
}
