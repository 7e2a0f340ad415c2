import Foundation
import Testing

/// The fields of `session.json` the tests look at.
struct SavedSessionFile {
  var version: Int?
  var index: Int?
  var answered: Int?
  var score: Int?
  var total: Int?
  /// The whole file as JSON, for writing altered copies.
  var json: [String: Any]

  init(path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let data = try #require(FileManager.default.contents(atPath: path), "no \(path)", sourceLocation: sourceLocation)
    json = try #require(
      try JSONSerialization.jsonObject(with: data) as? [String: Any], "not a JSON object",
      sourceLocation: sourceLocation)
    version = json["version"] as? Int
    let round = json["round"] as? [String: Any]
    index = round?["index"] as? Int
    answered = round?["answered"] as? Int
    score = round?["score"] as? Int
    total = (round?["items"] as? [Any])?.count
  }
}
