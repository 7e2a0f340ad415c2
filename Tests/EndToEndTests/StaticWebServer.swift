import Foundation

/// Python's file server on 127.0.0.1, serving a folder as an Open Trivia DB stand-in: it
/// ignores the query, so `api.php` and `api_token.php` are answered with those files. It
/// ends when the test drops it, or when the tests end (its standard input closes).
final class StaticWebServer {
  let port: Int
  private let process = Process()

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
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", Self.script, root]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = Pipe()
    try process.run()
    var line = Data()
    while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
      line += byte
    }
    guard let port = Int(String(decoding: line, as: UTF8.self)) else {
      process.terminate()
      throw ProcessFailure(description: "the file server did not start")
    }
    self.port = port
  }

  /// Not waited for: `waitUntilExit` on the few threads tests share can hold them all.
  deinit {
    process.terminate()
  }

  func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }
}
