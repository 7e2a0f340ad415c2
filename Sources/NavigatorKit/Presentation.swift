/// How an entry came to be in the navigation.
public enum Presentation: Equatable, Sendable {
  case root
  case push
  case modal
  case popover(anchor: String)

  /// Modals and popovers sit above the pushed stack and leave by `dismiss`.
  public var isPresented: Bool {
    switch self {
    case .root, .push: false
    case .modal, .popover: true
    }
  }
}
