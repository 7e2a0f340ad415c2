// A small settings app for the terminal, on NavigatorKit alone. Type a page's command,
// `back`, `open settings://wifi/home`, `where` or `quit`. Run it with `swift run SettingsApp`.
import NavigatorKit

// snippet.page
/// The app's view type: a title, lines to show, and the commands the page understands.
final class Page {
  let title: String
  var lines: [String]
  var commands: [String: (String) -> Void] = [:]

  init(_ title: String, _ lines: [String]) {
    self.title = title
    self.lines = lines
  }
}
// snippet.end

// snippet.screens
/// One typed factory per screen: the navigator never grows a case per screen.
extension Screen where View == Page {
  static func settings(_ app: SettingsApp) -> Self {
    Self(name: "settings", anchors: ["title"]) {
      let page = Page("Settings", ["network: Wi-Fi", "account: sign in", "about", "help"])
      for (command, route) in [("network", Route.network), ("account", .account), ("about", .about), ("help", .help)] {
        page.commands[command] = { _ in app.go(route) }
      }
      return page
    }
  }

  static func network(_ app: SettingsApp) -> Self {
    Self(name: "network") {
      let page = Page("Network", ["join NAME: a Wi-Fi network (home, office)"])
      page.commands["join"] = { name in app.go(.wifi(name)) }
      return page
    }
  }

  static func wifi(_ name: String) -> Self {
    Self(name: "wifi") { Page("Wi-Fi \(name)", ["Joined \(name)."]) }
  }

  static var about: Self {
    Self(name: "about") { Page("About", ["Settings 1.0, built on NavigatorKit."]) }
  }

  static var help: Self {
    Self(name: "help") { Page("Help", ["Type a command, back, where, open LINK or quit."]) }
  }

  static func account(_ app: SettingsApp) -> Self {
    Self(name: "account") {
      let page = Page("Account", ["password TEXT, then done"])
      page.commands["password"] = { text in app.password = text }
      page.commands["done"] = { _ in app.endAccount(saving: true) }
      return page
    }
  }
}
// snippet.end

// snippet.routes
/// Places a link can lead to: `settings://wifi/home`.
enum Route: Hashable {
  case settings, network, wifi(String), about, help, account

  init?(link: String) {
    guard link.hasPrefix("settings://") else { return nil }
    let parts = link.dropFirst(11).split(separator: "/").map(String.init)
    switch parts.first {
    case "settings": self = .settings
    case "network": self = .network
    case "wifi" where parts.count == 2: self = .wifi(parts[1])
    case "about": self = .about
    case "help": self = .help
    case "account": self = .account
    default: return nil
    }
  }
}
// snippet.end

// snippet.renderer
/// Prints the active page after every navigation.
final class PrintingRenderer: NavigationRenderer {
  let write: (String) -> Void
  init(write: @escaping (String) -> Void) { self.write = write }

  func render(_ state: NavigationState<Page>) {
    guard let page = state.active else { return }
    write("== \(page.title) ==")
    page.lines.forEach(write)
  }
}
// snippet.end

/// The app: one navigator, one router, a guard, and a loop over lines of input.
final class SettingsApp {
  let navigator: Navigator<Page>
  private(set) var router: Router<Route, Page>!
  private let renderer: PrintingRenderer
  private let read: () -> String?
  private let write: (String) -> Void
  var password = ""

  init(read: @escaping () -> String?, write: @escaping (String) -> Void) {
    self.read = read
    self.write = write
    renderer = PrintingRenderer(write: write)
    navigator = Navigator(renderer: renderer)
    // snippet.router
    router = Router(navigator: navigator) { [unowned self] route in
      switch route {
      case .settings: Destination(route, screen: .settings(self), transition: .push)
      case .network: Destination(route, screen: .network(self), transition: .push, host: .settings)
      case .wifi(let name): Destination(route, screen: .wifi(name), transition: .push, host: .network)
      case .about: Destination(route, screen: .about, transition: .present)
      case .help: Destination(route, screen: .help, transition: .popover(anchor: "title"), host: .settings)
      case .account: Destination(route, screen: .account(self), transition: .flow, host: .settings)
      }
    }
    // snippet.end
    // snippet.guard
    navigator.addGuard(.leave, screen: "account") { [unowned self] in
      password.isEmpty ? .allow : .confirm("Discard the password?")
    }
    navigator.confirm = { [read, write] question in
      write("\(question) (y/n)")
      return read() == "y"
    }
    // snippet.end
  }

  /// Follows a route, telling the person when a guard or a rule refuses.
  func go(_ route: Route) {
    attempt { () throws(NavigationError) in try router.navigate(to: route) }
  }

  /// Leaves the screen on top: the end of the account flow, a dismiss or a pop.
  func back() {
    let level = navigator.activeNavigator
    if level !== navigator, level.state.entries.count == 1 { return endAccount(saving: false) }
    attempt { () throws(NavigationError) in try level.handle(level.state.isPresenting ? .dismiss : .pop) }
  }

  func endAccount(saving: Bool) {
    guard let flow = navigator.subNavigators.last else { return }
    if saving { password = "" }
    attempt { () throws(NavigationError) in
      try navigator.removeSubNavigator(flow)
      password = ""
    }
  }

  private func attempt(_ body: () throws(NavigationError) -> Void) {
    do { try body() } catch { write("Refused: \(error)") }
  }

  func run() {
    attempt { () throws(NavigationError) in try router.reset(to: .settings) }
    while let line = read() {
      let words = line.split(separator: " ", maxSplits: 1).map(String.init)
      let (word, argument) = (words.first ?? "", words.count > 1 ? words[1] : "")
      if let command = navigator.activeView?.commands[word] {
        command(argument)
      } else {
        switch word {
        case "back": back()
        case "where": navigator.tree.forEach(write)
        case "open":
          guard let route = Route(link: argument) else {
            write("No such link: \(argument)")
            continue
          }
          write("plan: \(router.plan(to: route))")
          go(route)
        case "quit": return
        default: write("Unknown command: \(line)")
        }
      }
    }
  }
}

SettingsApp(read: { readLine() }, write: { print($0) }).run()
