import ScreenKit

/// A command the app offers on screens besides their own, such as `stats`: declared once,
/// by the flow that owns the screen it opens, with the screens that offer it. No screen,
/// factory or other flow changes to offer it.
public struct AppCommand {
  public let command: Command
  /// The screens it is offered on; nil: every screen but `except`.
  public let screens: Set<ScreenName>?
  /// The screens it is not offered on, when it is offered on every other.
  public let except: Set<ScreenName>

  public init(_ command: Command, on screens: Set<ScreenName>?) {
    self.command = command
    self.screens = screens
    except = []
  }

  /// Offered on every screen but `screens`, a screen added later included.
  public init(_ command: Command, except screens: Set<ScreenName>) {
    self.command = command
    self.screens = nil
    except = screens
  }

  func isOffered(on screen: ScreenName?) -> Bool {
    guard let screens else { return screen.map { !except.contains($0) } ?? true }
    return screen.map(screens.contains) ?? false
  }
}

/// The app's table of commands offered beside each screen's own; help and Tab completion
/// read it as they read a screen's.
public struct AppCommands {
  private let offers: [AppCommand]

  public init(_ offers: [AppCommand]) {
    self.offers = offers
  }

  /// The commands offered on the screen named `screen`, in the table's order.
  public func table(on screen: String?) -> CommandTable {
    let name = screen.map(ScreenName.init(rawValue:))
    return CommandTable(offers.filter { $0.isOffered(on: name) }.map(\.command))
  }
}
