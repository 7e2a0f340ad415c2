import NavigatorKit
import NavigatorKitTesting

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

/// A navigator with a root, a recording renderer and a recorder.
func makeNavigator(root: String = "home", anchors: Set<String> = ["line"]) throws -> (
  Navigator<TestView>, RecordingRenderer<TestView>, NavigationRecorder
) {
  let renderer = RecordingRenderer<TestView>()
  let navigator = Navigator<TestView>(renderer: renderer)
  let log = NavigationRecorder(observing: navigator)
  try navigator.handle(.root(.named(root, anchors: anchors)))
  return (navigator, renderer, log)
}
