/// How an entry came to be in the navigation.
public enum Presentation: Equatable, Sendable {
  /// The first entry of a navigator.
  case root
  /// Pushed on the stack by ``Navigation/push(_:)``.
  case push
  /// Presented by ``Navigation/present(_:)``.
  case modal
  /// Shown by ``Navigation/popover(_:anchor:)`` on `anchor` of the entry below.
  case popover(anchor: String)

  /// Popovers point at an anchor of the entry below; any modal or popover closes them.
  var isPopover: Bool {
    if case .popover = self { return true }
    return false
  }

  /// Modals and popovers sit above the pushed stack and leave by `dismiss`.
  public var isPresented: Bool {
    switch self {
    case .root, .push: false
    case .modal, .popover: true
    }
  }
}
