import Hummingbird
import NIOCore

/// Answers plain HTTP: the player's page, the big screen and their files under the night's code, 404 anywhere
/// else (a counted guess when the path could be a code).
struct NightDoor: HTTPResponder {
  typealias Context = NightRequestContext
  let code: String
  let answer:
    @Sendable (_ path: String, _ host: String?, _ address: String, _ forwardedFor: String?, _ upgrading: Bool) async
      -> DoorAnswer
  /// Where players join and its QR code, for the big screen; nil until known.
  let shown: @Sendable () -> (join: String, qr: [String]?)?

  func respond(to request: Request, context: Context) async throws -> Response {
    let upgrading = request.headers[.upgrade]?.lowercased() == "websocket"
    let host = request.head.authority
    let forwarded = request.headers[.init("X-Forwarded-For")!]
    switch await answer(request.uri.path, host, context.address, forwarded, upgrading) {
    case .page(let page):
      return Response(
        status: .ok,
        headers: [
          .contentType: page.contentType, .contentSecurityPolicy: NightPage.policy(host: host),
          .xContentTypeOptions: "nosniff", .cacheControl: "no-cache",
        ],
        body: .init(byteBuffer: page.body(code: code, join: shown()?.join, qr: shown()?.qr)))
    case .upgrade:
      return Self.sentence(503, "Try again.")
    case .refuse(let status, let sentence):
      return Self.sentence(status, sentence)
    }
  }

  private static func sentence(_ status: Int, _ sentence: String) -> Response {
    Response(
      status: .init(code: status),
      headers: [.contentType: "text/plain; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: sentence + "\n")))
  }
}
