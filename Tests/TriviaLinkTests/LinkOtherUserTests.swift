import Foundation
import Glibc
import ProcessSpawn
import Testing
import TriviaLink

/// The tests run as root here; the sender runs as nobody through runuser.
@Suite(.enabled(if: getuid() == 0, "needs root to run a sender as nobody"))
struct LinkOtherUserTests {
  static let sender = """
    import socket, sys
    s = socket.socket(socket.AF_UNIX)
    try:
        s.connect(sys.argv[1])
    except PermissionError:
        print("denied")
        sys.exit()
    try:
        s.sendall(b"open trivia://options\\n")
        s.shutdown(socket.SHUT_WR)
    except BrokenPipeError:
        pass
    data = b""
    while True:
        try:
            chunk = s.recv(4096)
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    print(data.decode(), end="")
    """

  /// Runs the sender as nobody while the game turns; what it printed.
  private func sendAsNobody(to server: LinkServer) throws -> String {
    let process = try Python.start(Self.sender, [server.location.socketPath], asNobody: true)
    server.runExpectingNoLink(until: { !process.isRunning })
    return Python.output(process)
  }

  @Test func theFolderKeepsAnotherUserOut() throws {
    let runtime = try RuntimeFolder()
    let server = try runtime.server()
    // Everything open to nobody but the trivia folder itself.
    chmod(runtime.path, 0o755)
    chmod(server.location.socketPath, 0o777)
    #expect(try sendAsNobody(to: server) == "denied\n")
  }

  @Test func withTheSocketWithinReachItsPeerCredentialsRefuse() throws {
    let runtime = try RuntimeFolder()
    let server = try runtime.server()
    chmod(runtime.path, 0o755)
    chmod(server.location.folder, 0o755)
    chmod(server.location.socketPath, 0o777)
    #expect(try sendAsNobody(to: server) == "refused this game takes links from its own user only\n")
    #expect(server.connectionCount == 0)
  }
}
