#if Night
  import Hummingbird
  import NIOCore

  /// Answers plain HTTP: the player's page, the big screen and their files under the night's code, 404 anywhere
  /// else (a counted guess when the path could be a code), 405 for any method but GET and HEAD.
  /// Every answer, a refusal too, carries the page's policy and `nosniff`: a browser never runs
  /// or styles a sentence of the night's as something else.
  struct NightDoor: HTTPResponder {
    typealias Context = NightRequestContext
    /// The methods the night answers; the `Allow` of a 405.
    static let allowed = "GET, HEAD"

    let code: String
    let answer:
      @Sendable (_ path: String, _ host: String?, _ address: String, _ forwardedFor: String?, _ upgrading: Bool) async
        -> DoorAnswer
    /// Where players join, its QR code and the SSH door's line, for the big screen; nil until known.
    let shown: @Sendable () -> (join: String, qr: [String]?, ssh: String?)?

    func respond(to request: Request, context: Context) async throws -> Response {
      let host = request.head.authority
      guard request.method == .get || request.method == .head else {
        var response = Self.sentence(405, "The night answers GET and HEAD only.", host: host)
        response.headers[.allow] = Self.allowed
        return response
      }
      let upgrading = request.headers[.upgrade]?.lowercased() == "websocket"
      let forwarded = request.headers[.init("X-Forwarded-For")!]
      switch await answer(request.uri.path, host, context.address, forwarded, upgrading) {
      case .page(let page):
        return Response(
          status: .ok,
          headers: [
            .contentType: page.contentType, .contentSecurityPolicy: NightPage.policy(host: host),
            .xContentTypeOptions: "nosniff", .cacheControl: "no-cache",
          ],
          body: .init(byteBuffer: page.body(code: code, join: shown()?.join, qr: shown()?.qr, ssh: shown()?.ssh)))
      case .upgrade:
        return Self.sentence(503, "Try again.", host: host)
      case .refuse(let status, let sentence):
        return Self.sentence(status, sentence, host: host)
      }
    }

    private static func sentence(_ status: Int, _ sentence: String, host: String?) -> Response {
      Response(
        status: .init(code: status),
        headers: [
          .contentType: "text/plain; charset=utf-8", .contentSecurityPolicy: NightPage.policy(host: host),
          .xContentTypeOptions: "nosniff",
        ],
        body: .init(byteBuffer: ByteBuffer(string: sentence + "\n")))
    }
  }
#endif
