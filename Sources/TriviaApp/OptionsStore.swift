import Foundation
import TriviaData

/// Keeps the options between runs.
public protocol OptionsStore: Sendable {
  /// The saved options, or nil with a one-line reason when there are none or they are unreadable.
  func load() -> Result<GameOptions?, DataSourceError>
  func save(_ options: GameOptions) throws(DataSourceError)
}

/// Options in a JSON file, by default `$XDG_CONFIG_HOME/trivia/options.json`.
public struct FileOptionsStore: OptionsStore {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  /// The standard place, following the XDG base directory rules.
  public static func standardPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    XDGDirectory.config.path(environment: environment) + "/trivia/options.json"
  }

  public func load() -> Result<GameOptions?, DataSourceError> {
    guard let data = FileManager.default.contents(atPath: path) else { return .success(nil) }
    do {
      let options = try JSONDecoder().decode(GameOptions.self, from: data)
      guard GameOptions.countRange.contains(options.questionCount) else {
        return .failure(DataSourceError("\(path): questionCount must be from 1 to 50; using the defaults"))
      }
      return .success(options)
    } catch {
      return .failure(DataSourceError("\(path): not a valid options file; using the defaults"))
    }
  }

  public func save(_ options: GameOptions) throws(DataSourceError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      try AtomicFile.write(try encoder.encode(options) + [0x0A], to: path)
    } catch {
      throw DataSourceError("could not save the options to \(path): \(error)")
    }
  }
}
