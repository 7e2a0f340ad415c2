import NavigatorKit
import Testing

/// An observer for tests: remembers every event a navigator tells its observers.
public final class NavigationRecorder {
  public private(set) var events: [NavigationEvent] = []

  public init() {}

  /// A recorder already observing `navigator`.
  public convenience init<View>(observing navigator: Navigator<View>) {
    self.init()
    navigator.addObserver(didNavigate: record)
  }

  /// Pass it to ``Navigator/addObserver(didNavigate:)``.
  public func record(_ event: NavigationEvent) {
    events.append(event)
  }

  public var kinds: [NavigationEvent.Kind] { events.map(\.kind) }

  /// The route plan each event was caused by, nil where none was.
  public var plans: [RoutePlan?] { events.map { $0.cause as? RoutePlan } }

  /// Each event as a trace line reads it: `push detail`, `dismiss menu`.
  public var lines: [String] { events.map { "\($0.kind.rawValue) \($0.screen)" } }

  /// Records an issue unless the last events read `lines` (`["pop detail", "popover menu"]`).
  public func expectLast(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let last = Array(self.lines.suffix(lines.count))
    if last != lines {
      Issue.record("expected the last events \(lines), got \(self.lines)", sourceLocation: sourceLocation)
    }
  }
}
