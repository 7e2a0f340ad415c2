import FoundationEssentials
import Glibc
import NumberWords

/// The sentences a failed load shows: what happened, and what the player can do about it.
extension URLDataSource {
  /// The sentence for an HTTP status that is not success, or nil for 2xx.
  static func message(forStatus status: Int, name: String) -> String? {
    switch status {
    case 200..<300: nil
    case 429: OpenTriviaDBFormat.rateLimitMessage + " (HTTP 429)."
    case 500..<600: "\(name) has a server error (HTTP \(status)); try again later."
    case 404: "\(name) has no such page (HTTP 404); check the URL."
    default: "\(name) refused the request (HTTP \(status)\(reasonPhrases[status].map { " " + $0 } ?? ""))."
    }
  }

  /// The standard phrases of the refusals a trivia API is likely to give.
  static let reasonPhrases: [Int: String] = [
    400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 405: "Method Not Allowed",
    406: "Not Acceptable", 407: "Proxy Authentication Required", 408: "Request Timeout", 410: "Gone",
    414: "URI Too Long", 451: "Unavailable For Legal Reasons",
  ]

  /// The sentence for a fetch libcurl gave up with `code` (a CURLcode), `detail` being
  /// libcurl's own words for it.
  static func message(
    forCurlCode code: Int, detail: String, url: URL, name: String, timeout: Double, limit: Int
  ) -> String {
    let host = url.host ?? name
    switch code {
    case 28: return timedOutMessage(name: name, timeout: timeout)
    case 6: return "Cannot find the server \(host); check the address and the network connection."
    case 7: return "Cannot connect to \(host): nothing answers there, or the connection was refused."
    case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98:
      return "Cannot make a secure connection to \(host)."
    case 8, 52: return "\(host) sent an answer that is not valid HTTP."
    case 55, 56: return "The connection to \(host) was lost; try again."
    case 42: return DataSourceError.cancelled(loading: name).message
    // The body callback refuses to write past the limit; libcurl itself refuses a
    // Content-Length over it.
    case 23, 63: return tooLargeMessage(name: name, limit: limit)
    default: return "Cannot reach \(host): \(detail)"
    }
  }

  static func timedOutMessage(name: String, timeout: Double) -> String {
    "\(name) did not answer within \(secondsText(timeout)); try again later."
  }

  static func tooLargeMessage(name: String, limit: Int) -> String {
    "\(name) sent more than \(sizeText(limit)), too much for a list of questions."
  }

  /// libcurl is opened only when a web source loads; a machine without it plays on from files.
  static func libcurlMissingMessage(detail: String) -> String {
    "Loading questions from the web needs libcurl (libcurl.so.4), which could not be loaded (\(detail)); "
      + "on Debian or Ubuntu, install the package libcurl4."
  }

  static func sizeText(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0
      ? "\(bytes >> 20) MB" : NumberText.counted(bytes, "byte")
  }

  static func secondsText(_ seconds: Double) -> String {
    let whole = seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
    return "\(whole) \(seconds == 1 ? "second" : "seconds")"
  }
}
