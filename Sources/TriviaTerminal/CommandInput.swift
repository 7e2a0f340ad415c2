import NavigatorKit
import ScreenKit

/// The input layer: reads a typed line as a command of the screen that takes input, else
/// as one of the commands every screen has. Help, parsing and Tab completion read the same
/// tables; what a command means is for the screen's owner, or the app's `open` and `quit`.
@MainActor
public final class CommandInput {
  private let navigator: Navigator<any TerminalView>
  private let console: any Console
  private let open: (String) -> Void
  private let quit: () -> Void
  /// What Tab offers after `open`: the links the app takes.
  private let links: [String]
  /// The commands the app offers on the screen of this name, besides its own.
  private let offered: (String?) -> CommandTable
  /// What `where` says, in a person's words, of the screens open (their names, from the
  /// first).
  private let whereYouAre: ([String]) -> String
  /// Lines `help` adds after the commands: a night hosted here tells how players join (its
  /// addresses, the SSH line and its key), which the lobby shows and the night scrolls away.
  private let helpNote: () -> [String]

  public init(
    navigator: Navigator<any TerminalView>, console: any Console, open: @escaping (String) -> Void,
    quit: @escaping () -> Void, links: [String] = [], offered: @escaping (String?) -> CommandTable = { _ in .init() },
    whereYouAre: @escaping ([String]) -> String = { "Open screens, from the first: \($0.joined(separator: ", "))." },
    helpNote: @escaping () -> [String] = { [] }
  ) {
    self.navigator = navigator
    self.console = console
    self.open = open
    self.quit = quit
    self.links = links
    self.offered = offered
    self.whereYouAre = whereYouAre
    self.helpNote = helpNote
  }

  /// The prompt for the screen the player is on.
  public var prompt: String { navigator.activeView?.prompt ?? "trivia" }

  /// The active screen's commands, then those the app offers there, then the global ones.
  public var commands: CommandTable {
    (navigator.activeView?.commands ?? CommandTable()).merging(offered(navigator.activeState.activeName)).merging(
      global)
  }

  public func run(_ line: String) {
    switch commands.run(line) {
    case .done: break
    case .rejected(let reason): console.write([Line(reason, style: .failure)])
    case .unknown:
      // An empty line where it means nothing just asks again.
      let typed = line.trimmingWhitespace
      guard !typed.isEmpty else { return }
      console.write([Line("Unknown command '\(typed)'. Type help to see what you can do here.", style: .failure)])
    }
  }

  /// Commands every screen understands, after its own.
  private var global: CommandTable {
    CommandTable([
      Command("help", summary: "list what you can type here") { [unowned self] in
        let note = helpNote()
        let joining =
          note.isEmpty ? [] : [Line(""), Line("Players join with:", style: .title)] + note.map { Line("  " + $0) }
        console.write([Line("You can type:", style: .title)] + commands.help + joining)
      },
      Command("back", summary: "leave this screen") { [unowned self] in
        guard let back = navigator.activeView?.onBack else {
          return console.say("Nothing to go back to; type quit to leave.")
        }
        back()
      },
      Command("where", summary: "show where you are: the screens open now") { [unowned self] in
        console.say(whereYouAre(navigator.openScreens))
      },
      Command(
        "open", usage: "open LINK", summary: "follow a trivia:// link", takesArgument: true,
        completeArgument: { [links] typed in links.filter { $0.hasPrefix(typed.lowercased()) } }
      ) { [unowned self] link in
        guard !link.isEmpty else { return .rejected("open needs a link, such as trivia://play?difficulty=easy") }
        open(link)
        return .done
      },
      Command("quit", summary: "leave the game") { [unowned self] in quit() },
    ])
  }
}
