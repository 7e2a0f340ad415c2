import FoundationEssentials
import Glibc

/// The XDG base directories, with their standard fallbacks under the home folder.
public enum XDGDirectory: Sendable {
  case config
  case state

  public func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let (variable, fallback) =
      switch self {
      case .config: ("XDG_CONFIG_HOME", ".config")
      case .state: ("XDG_STATE_HOME", ".local/state")
      }
    // The spec says a relative path is invalid and must be ignored.
    if let value = environment[variable], value.hasPrefix("/") { return value }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.accountHome
    return home + "/" + fallback
  }

  /// The home folder the account database gives, for when HOME is not set.
  private static var accountHome: String {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
    return String(cString: directory)
  }
}
