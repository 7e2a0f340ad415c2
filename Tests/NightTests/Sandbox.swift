#if Night
  import Foundation
  import Glibc

  /// A private home, config and state folder for one test's processes, so tests running at
  /// once never share options, history or a link socket; removed when the sandbox goes away.
  final class Sandbox: Sendable {
    let root: String

    init() throws {
      var template = Array((NSTemporaryDirectory() + "/trivia-night-XXXXXX").utf8CString)
      let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
      guard let created else { throw Failure("mkdtemp failed: errno \(errno)") }
      root = String(cString: created)
      for folder in ["home", "config", "state", "runtime"] {
        try FileManager.default.createDirectory(
          atPath: root + "/" + folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      }
    }

    deinit {
      try? FileManager.default.removeItem(atPath: root)
    }

    var home: String { root + "/home" }

    /// The child's whole environment: nothing leaks in from the test runner's.
    var environment: [String: String] {
      [
        "HOME": home, "XDG_CONFIG_HOME": root + "/config", "XDG_STATE_HOME": root + "/state",
        "XDG_RUNTIME_DIR": root + "/runtime", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
      ]
    }

    /// Writes a script or fixture and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
      let path = root + "/" + name
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      return path
    }
  }

  /// Why a test could not go on, said in a sentence.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// The binaries the target depends on, built beside the test bundle.
  enum Binary {
    static let trivia = folder + "/trivia"

    private static let folder: String = {
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      let path = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
      return String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    }()
  }
#endif
