import Foundation
import Glibc
import ProcessSpawn
import Testing
import TriviaLink

@Suite("Links delivered to the game over its socket")
struct LinkServerTests {
  @Test func aLinkGoesThereAndItsReplyComesBack() throws {
    let runtime = try RuntimeFolder()
    let server = try runtime.server()
    let location = server.location
    let sent = Background { LinkClient.send(link: "trivia://options", to: location, timeout: .seconds(5)) }
    var links: [String] = []
    server.run(until: { sent.isDone }) { request in
      links.append(request.link)
      #expect(server.reply(to: request, LinkReply(.opened)))
      #expect(!server.reply(to: request, LinkReply(.opened)), "answered twice")
    }
    #expect(links == ["trivia://options"])
    #expect(sent.value == .answered(LinkReply(.opened)))
    #expect(sent.value?.exitStatus == 0)
    #expect(server.connectionCount == 0)
  }

  @Test func theSenderWaitsWhileThePlayerIsAsked() throws {
    let runtime = try RuntimeFolder()
    let server = try runtime.server()
    let location = server.location
    let sent = Background { () -> ([LinkReply], LinkClient.Result) in
      var lines: [LinkReply] = []
      let result = LinkClient.send(link: "trivia://landing", to: location, timeout: .seconds(5)) { lines.append($0) }
      return (lines, result)
    }
    var asked: LinkRequest?
    server.run(until: { asked != nil }) { request in
      server.reply(to: request, LinkReply(.asking, "Abandon this round?"))
      asked = request
    }
    // The player takes a moment: the sender is still waiting.
    server.run(for: .milliseconds(100), until: { sent.isDone })
    #expect(!sent.isDone)
    server.reply(to: try #require(asked), LinkReply(.declined))
    server.run(until: { sent.isDone })
    #expect(sent.value?.0 == [LinkReply(.asking, "Abandon this round?"), LinkReply(.declined)])
    #expect(sent.value?.1 == .answered(LinkReply(.declined)))
    #expect(sent.value?.1.exitStatus == 1)
  }

  @Test func theSenderReportsAGameThatDoesNotAnswer() throws {
    let runtime = try RuntimeFolder()
    let server = try runtime.server()
    let location = server.location
    let sent = Background { LinkClient.send(link: "trivia://options", to: location, timeout: .milliseconds(300)) }
    server.run(until: { sent.isDone })
    #expect(sent.value == .timedOut(.milliseconds(300)))
    #expect(sent.value?.description == "the game did not answer within 0.3 s")
  }

  @Test func withNoGameTheSenderIsToldToStartOne() throws {
    let location = try RuntimeFolder().location()
    #expect(LinkClient.send(link: "trivia://options", to: location, timeout: .seconds(1)) == .noGame)
    #expect(LinkClient.owner(at: location) == nil)
  }

  @Test func aLinkThatIsNoMessageIsRefusedBeforeSending() throws {
    let location = try RuntimeFolder().location()
    let result = LinkClient.send(link: "trivia://a\nopen trivia://b", to: location, timeout: .seconds(1))
    #expect(result == .answered(LinkReply(.refused, LinkMessageReader.Refusal.severalLines.reason)))
  }

  @Test func aSocketLeftByAKilledGameIsReplaced() throws {
    let runtime = try RuntimeFolder()
    let location = try runtime.location()
    let script = """
      import os, socket, sys
      s = socket.socket(socket.AF_UNIX)
      s.bind(sys.argv[1])
      s.listen()
      os.kill(os.getpid(), 9)
      """
    let game = try Python.start(script, [location.socketPath]).finish(timeout: .seconds(10))
    #expect(game.status == 128 + SIGKILL)
    #expect(FileManager.default.fileExists(atPath: location.socketPath))
    #expect(LinkClient.owner(at: location) == nil)
    let server = try runtime.server()
    #expect(LinkClient.owner(at: location) == LinkOwner(pid: getpid()))
    server.stop()
  }

  @Test func aSecondGameLearnsWhereLinksGo() throws {
    let runtime = try RuntimeFolder()
    let first = try runtime.server()
    let second = try LinkServer.claim(runtime.location())
    guard case .taken(let owner) = second else {
      Issue.record("the second game claimed the socket too")
      return
    }
    #expect(owner.description == "links go to the game with pid \(getpid())")
    first.stop()
    #expect(!FileManager.default.fileExists(atPath: first.location.socketPath))
  }

  @Test func aStopTellsTheSendersStillWaiting() throws {
    let runtime = try RuntimeFolder()
    let server = try runtime.server()
    let sender = try RawSender(server.location)
    sender.write(LinkProtocol.message(for: "trivia://options"))
    var request: LinkRequest?
    server.run(until: { request != nil }) { request = $0 }
    server.reply(to: try #require(request), LinkReply(.asking, "Abandon this round?"))
    server.stop()
    #expect(sender.readAll() == "asking Abandon this round?\nrefused the game closed\n")
    #expect(server.descriptors.isEmpty)
  }

  @Test func aStopLeavesASocketThatIsNoLongerItsOwn() throws {
    let runtime = try RuntimeFolder()
    let first = try runtime.server()
    unlink(first.location.socketPath)
    let second = try runtime.server()
    first.stop()
    #expect(LinkClient.owner(at: second.location) == LinkOwner(pid: getpid()))
    second.stop()
    #expect(!FileManager.default.fileExists(atPath: second.location.socketPath))
  }
}
