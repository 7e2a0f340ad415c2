import FixtureFolders
import Foundation
import Synchronization
import Testing
import TriviaData

/// Session tokens, against a local server that hands them out as Open Trivia DB does; the
/// tokens are kept in a temporary folder.
@Suite struct OpenTriviaDBTokenTests {
  typealias Response = LocalHTTPServer.Response

  let request = LoadRequest(count: 10, difficulty: .mixed)
  let start = Date(timeIntervalSince1970: 1_700_000_000)
  let hour: TimeInterval = 60 * 60

  /// Tokens from `/api_token.php` (`token-1`, `token-2`…; a reset keeps the token), and
  /// questions from `/api.php` with the response codes of `codes` in turn, then 0. HTTP 429
  /// in `codes` answers with that status.
  final class FakeOpenTDB: Sendable {
    /// The codes still to answer with, and how many tokens were handed out.
    final class State: Sendable {
      let value: Mutex<(codes: [Int], tokens: Int)>
      init(codes: [Int]) { value = Mutex((codes, 0)) }
    }

    let server: LocalHTTPServer

    init(codes: [Int] = []) throws {
      let state = State(codes: codes)
      server = try LocalHTTPServer { target in
        if target.hasPrefix("/api_token.php?command=request") {
          let number = state.value.withLock { state in
            state.tokens += 1
            return state.tokens
          }
          return Response(
            json: #"{"response_code":0,"response_message":"Token Generated Successfully!","token":"token-\#(number)"}"#)
        }
        if target.hasPrefix("/api_token.php?command=reset&token=") {
          return Response(json: #"{"response_code":0,"token":"\#(target.split(separator: "=").last ?? "")"}"#)
        }
        let code = state.value.withLock { $0.codes.isEmpty ? 0 : $0.codes.removeFirst() }
        if code == 429 { return Response(status: 429, json: "Too many requests") }
        return Response(json: OpenTDBFixture.json(code == 0 ? [OpenTDBFixture.Result()] : [], code: code))
      }
    }

    deinit { server.stop() }

    /// A source for the server's `path` keeping its tokens in `folder`, at `now`.
    func source(_ folder: borrowing TemporaryFolder, _ path: String = "/api.php", now: Date = Date()) throws
      -> URLDataSource
    {
      let store = OpenTriviaDBTokenStore(path: folder.path + "/trivia/opentdb-token.json", now: { now })
      var source = try #require(URLDataSource(server.url(path), timeout: 5, tokens: store))
      source.rateLimitPause = 0
      return source
    }
  }

  @Test func aTokenIsRequestedOnceAndSentWithEveryRequest() async throws {
    let folder = try TemporaryFolder()
    let api = try FakeOpenTDB()
    let source = try api.source(folder)
    #expect(try await source.load(request).questions.count == 1)
    _ = try await source.load(LoadRequest(count: 5, difficulty: .hard))
    #expect(
      api.server.requests == [
        "/api_token.php?command=request", "/api.php?amount=10&token=token-1",
        "/api.php?amount=5&difficulty=hard&token=token-1",
      ])
  }

  @Test func aKeptTokenServesTheNextRunUntilSixHoursWithoutUse() async throws {
    let folder = try TemporaryFolder()
    let api = try FakeOpenTDB()
    _ = try await api.source(folder, now: start).load(request)
    // A new run five hours on uses the kept token, and that use counts from then.
    _ = try await api.source(folder, now: start + 5 * hour).load(request)
    _ = try await api.source(folder, now: start + 11 * hour - 1).load(request)
    #expect(api.server.requests.filter { $0.hasPrefix("/api_token.php") }.count == 1)
    // Six hours after its last use the server has forgotten it: a new one is asked for.
    _ = try await api.source(folder, now: start + 17 * hour).load(request)
    #expect(
      api.server.requests.suffix(2) == ["/api_token.php?command=request", "/api.php?amount=10&token=token-2"])
  }

  @Test func aTokenTheServerDoesNotKnowIsReplaced() async throws {
    let folder = try TemporaryFolder()
    // The second question request says: token not found (response code 3).
    let api = try FakeOpenTDB(codes: [0, 3])
    let source = try api.source(folder)
    _ = try await source.load(request)
    let bank = try await source.load(request)
    #expect(bank.questions.count == 1)
    #expect(bank.notes.isEmpty)
    _ = try await source.load(request)
    #expect(
      api.server.requests == [
        "/api_token.php?command=request", "/api.php?amount=10&token=token-1", "/api.php?amount=10&token=token-1",
        "/api_token.php?command=request", "/api.php?amount=10&token=token-2", "/api.php?amount=10&token=token-2",
      ])
  }

  @Test func anEmptiedTokenIsResetAndThePlayerTold() async throws {
    let folder = try TemporaryFolder()
    // Every question for this request was served (response code 4).
    let api = try FakeOpenTDB(codes: [4])
    let bank = try await api.source(folder).load(request)
    #expect(bank.questions.count == 1)
    #expect(
      bank.notes == [
        "Open Trivia DB had served every question for this choice, so its session was reset: "
          + "questions may repeat from now on."
      ])
    #expect(
      api.server.requests == [
        "/api_token.php?command=request", "/api.php?amount=10&token=token-1",
        "/api_token.php?command=reset&token=token-1", "/api.php?amount=10&token=token-1",
      ])
  }

  @Test(arguments: [5, 429])
  func aRateLimitJustAfterATokenRequestIsWaitedOut(code: Int) async throws {
    let folder = try TemporaryFolder()
    let api = try FakeOpenTDB(codes: [code])
    #expect(try await api.source(folder).load(request).questions.count == 1)
    #expect(
      api.server.requests == [
        "/api_token.php?command=request", "/api.php?amount=10&token=token-1", "/api.php?amount=10&token=token-1",
      ])
  }

  @Test func otherURLsNeverAskForTokens() async throws {
    let folder = try TemporaryFolder()
    let api = try FakeOpenTDB()
    _ = try await api.source(folder, "/questions.json").load(request)
    _ = try await api.source(folder, "/api.php?token=mine").load(request)
    _ = try await URLDataSource(url: try #require(URL(string: api.server.url("/api.php")))).load(request)
    #expect(
      api.server.requests == ["/questions.json?amount=10", "/api.php?token=mine&amount=10", "/api.php?amount=10"])
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/trivia/opentdb-token.json"))
  }

  @Test(arguments: ["", "not json {", "[]", #"{"http://127.0.0.1:1":{"token":5}}"#])
  func aDamagedTokenFileIsKeptAsideSaidOnceAndReplaced(content: String) async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: folder.path + "/trivia", withIntermediateDirectories: true)
    try folder.write("trivia/opentdb-token.json", content)
    let api = try FakeOpenTDB()
    let bank = try await api.source(folder).load(request)
    #expect(bank.questions.count == 1)
    let path = folder.path + "/trivia/opentdb-token.json"
    let aside = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path + "/trivia")
        .first { $0.hasPrefix("opentdb-token.json.corrupt-") })
    #expect(
      bank.notes == [
        "\(path) is not a valid token file; it is kept as \(folder.path)/trivia/\(aside), and a new token is asked for."
      ])
    #expect(FileManager.default.contents(atPath: folder.path + "/trivia/" + aside) == Data(content.utf8))
    #expect(try await api.source(folder).load(request).notes.isEmpty)
    #expect(
      api.server.requests == [
        "/api_token.php?command=request", "/api.php?amount=10&token=token-1", "/api.php?amount=10&token=token-1",
      ])
  }

  /// A token last used further in the future than a clock's skew (1e308 would never lapse)
  /// is damage, as an unreadable file is: kept aside, said once, and a new token asked for.
  /// A minute ahead is a clock's skew, and the token is used.
  @Test(arguments: ["1e308", "1700003600"])
  func aTokenLastUsedInTheFutureIsDamage(lastUsed: String) async throws {
    let folder = try TemporaryFolder()
    let api = try FakeOpenTDB()
    let server = api.server.url("")
    try FileManager.default.createDirectory(atPath: folder.path + "/trivia", withIntermediateDirectories: true)
    let content = #"{"\#(server)": {"token": "kept", "lastUsed": \#(lastUsed)}}"#
    try folder.write("trivia/opentdb-token.json", content)
    let bank = try await api.source(folder, now: start).load(request)
    let path = folder.path + "/trivia/opentdb-token.json"
    let aside = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path + "/trivia")
        .first { $0.hasPrefix("opentdb-token.json.corrupt-") })
    #expect(
      bank.notes == [
        "\(path) says a token was last used in the future; it is kept as \(folder.path)/trivia/\(aside), "
          + "and a new token is asked for."
      ])
    #expect(FileManager.default.contents(atPath: folder.path + "/trivia/" + aside) == Data(content.utf8))
    #expect(api.server.requests == ["/api_token.php?command=request", "/api.php?amount=10&token=token-1"])
  }

  @Test func aTokenLastUsedAMinuteAheadIsAClocksSkewAndUsed() async throws {
    let folder = try TemporaryFolder()
    let api = try FakeOpenTDB()
    let server = api.server.url("")
    try FileManager.default.createDirectory(atPath: folder.path + "/trivia", withIntermediateDirectories: true)
    let ahead = start.timeIntervalSince1970 + 60
    try folder.write("trivia/opentdb-token.json", #"{"\#(server)": {"token": "kept", "lastUsed": \#(ahead)}}"#)
    let bank = try await api.source(folder, now: start).load(request)
    #expect(bank.notes.isEmpty)
    #expect(api.server.requests == ["/api.php?amount=10&token=kept"])
  }

  @Test func aDamagedTokenFileIsSaidWithALoadThatFails() async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: folder.path + "/trivia", withIntermediateDirectories: true)
    try folder.write("trivia/opentdb-token.json", "{")
    let server = try LocalHTTPServer { _ in Response(status: 500, json: "down") }
    defer { server.stop() }
    let store = OpenTriviaDBTokenStore(path: folder.path + "/trivia/opentdb-token.json")
    let source = try #require(URLDataSource(server.url("/api.php"), timeout: 5, tokens: store))
    await #expect {
      _ = try await source.load(request)
    } throws: { error in
      let message = (error as? DataSourceError)?.message ?? ""
      return message.contains("opentdb-token.json is not a valid token file; it is kept as ")
        && message.hasSuffix("has a server error (HTTP 500); try again later.")
    }
  }

  @Test func withoutATokenTheQuestionsStillCome() async throws {
    let folder = try TemporaryFolder()
    let server = try LocalHTTPServer { target in
      target.hasPrefix("/api_token.php")
        ? Response(status: 404, json: "no tokens here")
        : Response(json: OpenTDBFixture.json([OpenTDBFixture.Result()]))
    }
    defer { server.stop() }
    let store = OpenTriviaDBTokenStore(path: folder.path + "/opentdb-token.json")
    let source = try #require(URLDataSource(server.url("/api.php"), timeout: 5, tokens: store))
    #expect(try await source.load(request).questions.count == 1)
    #expect(server.requests == ["/api_token.php?command=request", "/api.php?amount=10"])
  }
}
