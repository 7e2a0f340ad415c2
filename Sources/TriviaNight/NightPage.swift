import NIOCore

/// The player's page: HTML, CSS and JavaScript kept in `Page/` and embedded in the binary, so
/// a night on a LAN with no internet serves it with no file to find. Everything is served
/// under a policy that lets the page load nothing from anywhere else and run no inline script.
enum NightPage: Sendable, Equatable {
  case html
  case style
  case script

  /// The file at `rest`, what follows the code in the path (`""` is the page itself).
  init?(rest: Substring) {
    switch rest {
    case "": self = .html
    case "page.css": self = .style
    case "page.js": self = .script
    default: return nil
    }
  }

  var contentType: String {
    switch self {
    case .html: "text/html; charset=utf-8"
    case .style: "text/css; charset=utf-8"
    case .script: "text/javascript; charset=utf-8"
    }
  }

  /// The page names its assets under the night's code, the only path this server answers.
  func body(code: String) -> ByteBuffer {
    switch self {
    case .html:
      ByteBuffer(string: String(decoding: PackageResources.page_html, as: UTF8.self).replacing("@CODE@", with: code))
    case .style: ByteBuffer(bytes: PackageResources.page_css)
    case .script: ByteBuffer(bytes: PackageResources.page_js)
    }
  }

  /// Lets the page load only its own files and open only its own night's WebSocket. `'self'`
  /// covers that socket in current browsers; the socket's origin is named too, from the
  /// request's Host when it is a plain host and port, for older ones. Trusted Types make any
  /// assignment of a string as HTML throw in Chromium: a guard behind the page's `textContent`.
  static func policy(host: String?) -> String {
    let plain = { (character: Character) in
      character.isASCII && (character.isLetter || character.isNumber || ".:[]-".contains(character))
    }
    let socket = host.flatMap { !$0.isEmpty && $0.allSatisfy(plain) ? " ws://\($0)" : nil } ?? ""
    return [
      "default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'\(socket)",
      "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'", "require-trusted-types-for 'script'",
      "trusted-types 'none'",
    ].joined(separator: "; ")
  }
}
