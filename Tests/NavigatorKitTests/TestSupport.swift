import NavigatorKit

/// A stand-in view: NavigatorKit works with any view type.
final class TestView {
  let name: String
  var configured = false

  init(_ name: String) {
    self.name = name
  }
}

extension Screen where View == TestView {
  static func named(_ name: String, anchors: Set<String> = []) -> Self {
    Self(name: name, anchors: anchors) { TestView(name) }
  }
}

/// Remembers what it was asked to render.
final class RecordingRenderer: NavigationRenderer {
  var renders: [[String]] = []
  var activeNames: [String?] = []

  func render(_ state: NavigationState<TestView>) {
    renders.append(state.stack)
    activeNames.append(state.activeName)
  }
}

/// A navigator with a root, a renderer and an event log.
func makeNavigator(root: String = "home", anchors: Set<String> = ["line"]) throws -> (
  Navigator<TestView>, RecordingRenderer, EventLog
) {
  let renderer = RecordingRenderer()
  let navigator = Navigator<TestView>(renderer: renderer)
  let log = EventLog()
  navigator.addObserver(didNavigate: log.record)
  try navigator.handle(.root(.named(root, anchors: anchors)))
  return (navigator, renderer, log)
}

final class EventLog {
  var events: [NavigationEvent] = []

  func record(_ event: NavigationEvent) {
    events.append(event)
  }

  var kinds: [NavigationEvent.Kind] { events.map(\.kind) }
}
