#if Night
  import Foundation
  import Glibc
  import LoopbackSocket

  extension RawSocket {
    /// Asks for `path` and waits for the response's status on a thread of its own, so the time
    /// it took is the server's and not the test's wait for a turn: the status (0 if none came
    /// within `within`) and the time from the request to it.
    func status(of path: String, upgrade: Bool, within: Duration = .seconds(30)) async -> (code: Int, took: Duration) {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread { [self] in
          let began = ContinuousClock.now
          request(path, upgrade: upgrade)
          var received: [UInt8] = []
          var buffer = [UInt8](repeating: 0, count: 4096)
          while ContinuousClock.now < began + within, !received.contains(UInt8(ascii: "\n")) {
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            let count = read(socket, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[..<count]
          }
          let took = ContinuousClock.now - began
          let code = String(decoding: received, as: UTF8.self).split(separator: " ").dropFirst().first.flatMap {
            Int($0)
          }
          continuation.resume(returning: (code ?? 0, took))
        }
      }
    }
  }
#endif
