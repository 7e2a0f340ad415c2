import Foundation
import Testing

@testable import TriviaData

/// The URL source against a server this test starts on 127.0.0.1; never the internet.
@Suite struct URLDataSourceTests {
  typealias Fixture = OpenTDBFixture
  typealias Response = LocalHTTPServer.Response

  let request = LoadRequest(count: 10, difficulty: .mixed)

  /// Starts a server that answers every request with `response`.
  func server(_ response: Response) throws -> LocalHTTPServer {
    try LocalHTTPServer { _ in response }
  }

  func source(_ server: LocalHTTPServer, _ path: String = "/api.php", timeout: Double = 5, limit: Int = 1 << 20)
    throws -> URLDataSource
  {
    try #require(URLDataSource(server.url(path), timeout: timeout, maximumBodySize: limit))
  }

  @Test func loadsQuestionsAndAsksForTheRoundsCountAndDifficulty() async throws {
    let server = try server(Response(json: Fixture.json([Fixture.Result(), Fixture.boolean])))
    defer { server.stop() }
    let bank = try await source(server).load(LoadRequest(count: 7, difficulty: .hard))
    #expect(bank.questions.count == 2)
    #expect(bank.questions[1].kind == .boolean)
    #expect(server.requests == ["/api.php?amount=7&difficulty=hard"])
  }

  @Test func keepsWhatTheURLAlreadySaysAndLeavesMixedOut() async throws {
    let server = try server(Response(json: Fixture.json([Fixture.Result()])))
    defer { server.stop() }
    _ = try await source(server, "/api.php?amount=3&category=9").load(request)
    _ = try await source(server, "/api.php?difficulty=easy").load(LoadRequest(count: 80, difficulty: .hard))
    #expect(server.requests == ["/api.php?amount=3&category=9", "/api.php?difficulty=easy&amount=50"])
  }

  @Test func usesTheEncodingTheURLAsksFor() async throws {
    let body = Fixture.json([Fixture.accented], encode: Fixture.base64)
    let server = try server(Response(json: body))
    defer { server.stop() }
    let bank = try await source(server, "/api.php?encode=base64").load(request)
    #expect(bank.questions.first?.text == Fixture.accented.question)
    let detected = try await source(server, "/api.php").load(request)
    #expect(detected.questions.first?.text == Fixture.accented.question)
  }

  @Test(arguments: 1...5)
  func responseCodesBecomeSentences(code: Int) async throws {
    let server = try server(Response(json: Fixture.json([], code: code)))
    defer { server.stop() }
    let error = try await #require(throws: DataSourceError.self) { try await source(server).load(request) }
    #expect(error.message == OpenTriviaDBFormat.message(forResponseCode: code))
  }

  @Test func http429IsRateLimiting() async throws {
    let server = try server(Response(status: 429, json: "Too many requests"))
    defer { server.stop() }
    let error = try await #require(throws: DataSourceError.self) { try await source(server).load(request) }
    #expect(
      error.message
        == "Open Trivia DB allows one request every 5 seconds from each address; try again shortly (HTTP 429).")
  }

  @Test func serverErrorsGiveTheStatus() async throws {
    let server = try server(Response(status: 500, json: "{}"))
    defer { server.stop() }
    let source = try source(server)
    let error = try await #require(throws: DataSourceError.self) { try await source.load(request) }
    #expect(error.message == "\(source.name) has a server error (HTTP 500); try again later.")
  }

  @Test func otherHTTPErrorsGiveTheStatus() async throws {
    let server = try server(Response(status: 404, json: "not here"))
    defer { server.stop() }
    let error = try await #require(throws: DataSourceError.self) { try await source(server).load(request) }
    #expect(error.message.contains("HTTP 404"))
  }

  @Test func aSlowServerTimesOut() async throws {
    let server = try server(Response(json: Fixture.json([Fixture.Result()]), delay: 4))
    defer { server.stop() }
    // The server would answer after 4 s; a timeout error, not the questions, shows it gave up.
    let error = try await #require(throws: DataSourceError.self) {
      try await source(server, timeout: 1).load(request)
    }
    #expect(error.message.hasSuffix("did not answer within 1 second; try again later."))
  }

  @Test func anOversizedBodyIsRefused() async throws {
    let big = Array(repeating: UInt8(ascii: " "), count: 200_000)
    let server = try server(Response(body: big))
    defer { server.stop() }
    let error = try await #require(throws: DataSourceError.self) {
      try await source(server, limit: 10_000).load(request)
    }
    #expect(error.message.hasSuffix("sent more than 10,000 bytes, too much for a list of questions."))
  }

  @Test func anOversizedBodyWithoutALengthIsCutOff() async throws {
    let big = Array(repeating: UInt8(ascii: " "), count: 200_000)
    let server = try server(Response(body: big, chunked: true))
    defer { server.stop() }
    let error = try await #require(throws: DataSourceError.self) {
      try await source(server, limit: 10_000).load(request)
    }
    #expect(error.message.contains("sent more than 10,000 bytes"))
  }

  @Test func aChunkedBodyWithinTheLimitLoads() async throws {
    let server = try server(Response(body: Array(Fixture.json([Fixture.Result()]).utf8), chunked: true))
    defer { server.stop() }
    #expect(try await source(server).load(request).questions.count == 1)
  }

  @Test func malformedJSONNamesWhere() async throws {
    let server = try server(Response(json: #"{"response_code":0,"results":[{"type":}]}"#))
    defer { server.stop() }
    let source = try source(server)
    let error = try await #require(throws: DataSourceError.self) { try await source.load(request) }
    #expect(error.message.hasPrefix("\(source.name), line 1, column 39: expected a value"))
  }

  @Test func nothingListeningIsCannotConnect() async throws {
    // Take a free port, then close it.
    let server = try server(Response())
    let url = server.url("/api.php")
    server.stop()
    try await Task.sleep(for: .milliseconds(50))
    let source = try #require(URLDataSource(url, timeout: 5))
    let error = try await #require(throws: DataSourceError.self) { try await source.load(request) }
    #expect(error.message.hasPrefix("Cannot connect to 127.0.0.1"))
  }

  @Test func cancellingTheTaskStopsTheLoad() async throws {
    let server = try server(Response(json: Fixture.json([Fixture.Result()]), delay: 60))
    defer { server.stop() }
    let source = try source(server, timeout: 90)
    let task = Task { try await source.load(request) }
    try await Task.sleep(for: .milliseconds(200))
    let clock = ContinuousClock()
    let cancelled = clock.now
    task.cancel()
    // The server would answer after 60 s with questions; the cancellation error, well
    // before, shows the load stopped without waiting for it. (Alone, it takes a few
    // milliseconds; the bound leaves room for a suite that keeps both cores, and the few
    // threads tasks share, busy: a night's tests among them.)
    let result = await task.result
    #expect(throws: DataSourceError("Loading from \(source.name) was cancelled.")) { try result.get() }
    #expect(clock.now - cancelled < .seconds(30))
  }

  @Test func cancellingStopsTheTransferWhileTheServerIsSilent() async throws {
    let server = try server(Response(json: Fixture.json([Fixture.Result()]), delay: 60))
    defer { server.stop() }
    let flag = CancelFlag()
    let url = server.url("/api.php")
    // The blocking call itself, on a thread as the source runs it: this measures libcurl
    // noticing the flag while the server sends nothing, not the task being told.
    let fetch = Task {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread {
          continuation.resume(returning: Fetch.perform(url: url, timeout: 90, limit: 1000, cancel: flag))
        }
      }
    }
    // Once the request is in, libcurl waits on a server that sends nothing for 60 s; after
    // its early timers have fired, only its once-a-second progress call can see the flag.
    while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
    try await Task.sleep(for: .milliseconds(400))
    let clock = ContinuousClock()
    let cancelled = clock.now
    flag.set()
    #expect(await fetch.value == .cancelled)
    // About a second alone; the bound leaves room for a busy machine, and is well short
    // of the server's answer.
    #expect(clock.now - cancelled < .seconds(30))
  }

  @Test func curlErrorsBecomeSentences() throws {
    let url = try #require(URL(string: "https://quiz.example/api.php"))
    func message(_ code: Int, _ detail: String = "") -> String {
      URLDataSource.message(forCurlCode: code, detail: detail, url: url, name: "Quiz", timeout: 10, limit: 5 << 20)
    }
    #expect(message(28) == "Quiz did not answer within 10 seconds; try again later.")
    #expect(message(6) == "Cannot find the server quiz.example; check the address and the network connection.")
    #expect(message(7) == "Cannot connect to quiz.example: nothing answers there, or the connection was refused.")
    for code in [35, 60, 77] {
      #expect(message(code) == "Cannot make a secure connection to quiz.example.")
    }
    #expect(message(8) == "quiz.example sent an answer that is not valid HTTP.")
    #expect(message(52) == "quiz.example sent an answer that is not valid HTTP.")
    #expect(message(56) == "The connection to quiz.example was lost; try again.")
    #expect(message(42) == "Loading from Quiz was cancelled.")
    #expect(message(63) == "Quiz sent more than 5 MB, too much for a list of questions.")
    #expect(
      message(47, "Maximum (5) redirects followed") == "Cannot reach quiz.example: Maximum (5) redirects followed")
  }

  @Test func statusesAndSizesBecomeWords() {
    #expect(
      URLDataSource.message(forStatus: 503, name: "Quiz") == "Quiz has a server error (HTTP 503); try again later.")
    #expect(URLDataSource.message(forStatus: 403, name: "Quiz") == "Quiz refused the request (HTTP 403 Forbidden).")
    #expect(URLDataSource.message(forStatus: 499, name: "Quiz") == "Quiz refused the request (HTTP 499).")
    #expect(URLDataSource.message(forStatus: 204, name: "Quiz") == nil)
    #expect(URLDataSource.sizeText(5 << 20) == "5 MB")
    #expect(URLDataSource.secondsText(1.5) == "1.5 seconds")
  }

  @Test func aMissingLibcurlSaysWhatToInstall() throws {
    #expect(Fetch.libcurlProblem(loading: "libcurl.so.4") == nil)
    let detail = try #require(Fetch.libcurlProblem(loading: "libcurl-trivia-test.so.9"))
    #expect(detail.contains("libcurl-trivia-test.so.9"))
    #expect(
      URLDataSource.libcurlMissingMessage(detail: detail)
        == "Loading questions from the web needs libcurl (libcurl.so.4), which could not be loaded (\(detail)); "
        + "on Debian or Ubuntu, install the package libcurl4.")
    // A library without libcurl's functions is refused too, by name.
    #expect(Fetch.libcurlProblem(loading: "libc.so.6") == "libc.so.6 has no curl_global_init")
  }

  @Test func namesAndURLs() throws {
    let openTDB = try #require(URLDataSource(URLDataSource.openTriviaDB))
    #expect(openTDB.name == "Open Trivia DB")
    #expect(
      openTDB.requestURL(for: LoadRequest(count: 0, difficulty: .medium)).absoluteString
        == "https://opentdb.com/api.php?amount=1&difficulty=medium")
    let other = try #require(URLDataSource("http://example.org:8080/trivia?token=abc#top"))
    #expect(other.name == "http://example.org:8080/trivia")
    #expect(URLDataSource("ftp://example.org/questions") == nil)
    #expect(URLDataSource("questions.json") == nil)
    #expect(URLDataSource("https://") == nil)
  }
}
