/// Why a navigation was refused. A refused navigation changes nothing.
public enum NavigationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// There is no root screen yet.
  case noRoot
  /// `pop` with only the root left.
  case popAtRoot
  /// Push or pop while a modal or popover is showing; dismiss it first.
  case presentationActive
  /// `dismiss` with nothing presented.
  case nothingPresented
  /// A popover needs a screen below it to point at.
  case noPresenter
  /// The presenter has no anchor of that name.
  case unknownAnchor(String, screen: String)
  /// `removeChild` on a screen that has none.
  case noChild
  /// A guard refused, with its reason.
  case denied(String)
  /// A guard asked for confirmation and did not get it.
  case cancelled(String)

  /// The reason as a sentence a person can read.
  public var description: String {
    switch self {
    case .noRoot: "there is no screen yet"
    case .popAtRoot: "already at the first screen"
    case .presentationActive: "a modal or popover is showing; dismiss it first"
    case .nothingPresented: "nothing is presented"
    case .noPresenter: "a popover needs a screen to attach to"
    case .unknownAnchor(let anchor, let screen): "\(screen) has no anchor '\(anchor)'"
    case .noChild: "the screen has no child to remove"
    case .denied(let reason): reason
    case .cancelled(let question): "not confirmed: \(question)"
    }
  }
}
