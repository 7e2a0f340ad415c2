/// A reusable terminal view: it shows its state as lines and reports what the person
/// asked for through closures. It never knows which screen comes next.
public protocol TerminalScreen: AnyObject {
  /// Where the person is, for the prompt: `landing`, `question 3/10`.
  var prompt: String { get }
  /// What the screen shows.
  func render() -> [Line]
  /// The commands this screen understands; help and completion come from the same table.
  var commands: CommandTable { get }
  /// What `back` means here, as whoever showed the screen decided; nil where there is
  /// nothing to go back to.
  var onBack: (() -> Void)? { get }
}
