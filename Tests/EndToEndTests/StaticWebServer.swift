import Foundation
import ProcessSpawn

/// Python's file server on 127.0.0.1, serving a folder as an Open Trivia DB stand-in: it
/// ignores the query, so `api.php` and `api_token.php` are answered with those files. It
/// ends when the test drops it, or when the tests end (its standard input closes).
final class StaticWebServer {
  let port: Int
  private let process: Child

  static let script = """
    import functools, http.server, sys, threading
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
    handler.func.log_message = lambda *arguments: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    """

  /// Serves `files` (name and content) from a folder of their own under `folder`.
  init(_ files: [String: String], in folder: String) throws {
    let root = folder + "/web"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name)) }
    process = try Child("/usr/bin/python3", arguments: ["-c", Self.script, root])
    guard let port = process.readLine().flatMap({ Int($0) }) else {
      throw ProcessFailure(description: "the file server did not start")
    }
    self.port = port
  }

  func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }
}
