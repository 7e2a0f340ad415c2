#if Night
  import NIOCore

  /// The player's page, and the big screen's (`/CODE/screen`, for a projector): HTML, CSS and
  /// JavaScript kept in `Page/` and embedded in the binary, so a night on a LAN with no internet
  /// serves them with no file to find. Everything is served under a policy that lets a page load
  /// nothing from anywhere else and run no inline script.
  enum NightPage: Sendable, Equatable {
    case html
    case style
    case script
    case screen
    case screenStyle
    case screenScript

    /// The file at `rest`, what follows the code in the path (`""` is the page itself).
    init?(rest: Substring) {
      switch rest {
      case "": self = .html
      case "page.css": self = .style
      case "page.js": self = .script
      case "screen": self = .screen
      case "screen.css": self = .screenStyle
      case "screen.js": self = .screenScript
      default: return nil
      }
    }

    var contentType: String {
      switch self {
      case .html, .screen: "text/html; charset=utf-8"
      case .style, .screenStyle: "text/css; charset=utf-8"
      case .script, .screenScript: "text/javascript; charset=utf-8"
      }
    }

    /// A page names its assets under the night's code, the only path this server answers. The
    /// big screen is given where players join and that address's QR code (one string of "1"
    /// for dark and "0" a row), which it shows in the lobby.
    func body(code: String, join: String? = nil, qr: [String]? = nil, ssh: String? = nil) -> ByteBuffer {
      switch self {
      case .html:
        ByteBuffer(string: String(decoding: PackageResources.page_html, as: UTF8.self).replacing("@CODE@", with: code))
      case .style: ByteBuffer(bytes: PackageResources.page_css)
      case .script: ByteBuffer(bytes: PackageResources.page_js)
      case .screen:
        ByteBuffer(
          string: String(decoding: PackageResources.screen_html, as: UTF8.self).replacing("@CODE@", with: code)
            .replacing("@JOIN@", with: Self.attribute(join ?? "")).replacing("@SSH@", with: Self.attribute(ssh ?? ""))
            .replacing(
              "@QR@", with: (qr ?? []).filter { $0.allSatisfy { "01".contains($0) } }.joined(separator: " ")))
      case .screenStyle: ByteBuffer(bytes: PackageResources.screen_css)
      case .screenScript: ByteBuffer(bytes: PackageResources.screen_js)
      }
    }

    /// `text` as the value of an HTML attribute in double quotes.
    static func attribute(_ text: String) -> String {
      text.replacing("&", with: "&amp;").replacing("\"", with: "&quot;").replacing("<", with: "&lt;")
        .replacing(">", with: "&gt;")
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
#endif
