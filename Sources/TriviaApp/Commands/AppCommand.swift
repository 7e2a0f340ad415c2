import ScreenKit

/// A command the app offers on screens besides their own, such as `stats`: declared once,
/// by the flow that owns the screen it opens, with the screens that offer it. No screen,
/// factory or other flow changes to offer it.
public struct AppCommand {
  public let command: Command
  /// The screens it is offered on; nil: every screen.
  public let screens: Set<ScreenName>?

  public init(_ command: Command, on screens: Set<ScreenName>?) {
    self.command = command
    self.screens = screens
  }

  func isOffered(on screen: ScreenName?) -> Bool {
    guard let screens else { return true }
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
    let name = screen.flatMap(ScreenName.init(rawValue:))
    return CommandTable(offers.filter { $0.isOffered(on: name) }.map(\.command))
  }
}
