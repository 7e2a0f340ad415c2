import Hummingbird
import NIOCore

/// Answers plain HTTP: the night's page on its code, 404 (a counted guess) anywhere else.
struct NightDoor: HTTPResponder {
  typealias Context = NightRequestContext
  let answer: @Sendable (_ path: String, _ host: String?, _ address: String, _ upgrading: Bool) async -> DoorAnswer

  func respond(to request: Request, context: Context) async throws -> Response {
    let upgrading = request.headers[.upgrade]?.lowercased() == "websocket"
    let answer = await answer(request.uri.path, request.head.authority, context.address, upgrading)
    let (status, sentence) =
      switch answer {
      case .upgrade: (503, "Try again.")
      case .refuse(let status, let sentence): (status, sentence)
      }
    return Response(
      status: .init(code: status),
      headers: [.contentType: "text/plain; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: sentence + "\n")))
  }
}
