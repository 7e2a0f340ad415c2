import Testing
import TriviaApp
import TriviaData

/// The source flow: loading, what a load reports, switching. It shows no screens.
@MainActor
@Suite("Source flow")
struct SourceFlowTests {
  let console = RecordingConsole()
  let request = LoadRequest(count: 3, difficulty: .mixed)

  /// Whether `condition` comes true within five seconds.
  func eventually(_ condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      try await Task.sleep(for: .milliseconds(5))
    }
    return true
  }

  @Test func theEarlyLoadIsTheOneTheFirstRequestUses() async throws {
    let source = CountingSource(name: "counted")
    let flow = SourceFlow(source: source, console: console, makeSource: { _ in source })
    flow.loadEarly(request)
    // Nothing is told before a command needs the questions.
    #expect(try await eventually { source.loads == 1 })
    #expect(console.lines.isEmpty)
    guard case .success(let bank) = await flow.questions(request) else {
      Issue.record("expected questions")
      return
    }
    #expect(bank.questions.count == 5)
    #expect(source.loads == 1)
    #expect(console.lines == ["Loading questions from counted…", "Loaded 5 questions from counted (0 skipped)."])
    // Asked again: no load, no message.
    _ = await flow.questions(request)
    #expect(source.loads == 1)
    #expect(console.lines.count == 2)
  }

  @Test func theBundledQuestionsAreNotReadAsTheGameStarts() async throws {
    #expect(!BundledDataSource().loadsAtStart)
    let source = CountingSource(name: "quick", loadsAtStart: false)
    let flow = SourceFlow(source: source, console: console, makeSource: { _ in source })
    flow.loadEarly(request)
    try await Task.sleep(for: .milliseconds(100))
    #expect(source.loads == 0)
    _ = await flow.questions(request)
    #expect(source.loads == 1)
    #expect(console.lines == ["Loading questions from quick…", "Loaded 5 questions from quick (0 skipped)."])
  }

  @Test func switchingCancelsTheEarlyLoad() async throws {
    // Still loading when the player switches, however busy the machine.
    let first = CountingSource(name: "first", delay: .seconds(60))
    let second = CountingSource(name: "second")
    let flow = SourceFlow(source: first, console: console, makeSource: { _ in second })
    flow.loadEarly(request)
    #expect(try await eventually { first.loads == 1 })
    flow.switchTo("other")
    _ = await flow.questions(request)
    #expect(try await eventually { first.cancelled == 1 })
    #expect(second.loads == 1)
    #expect(flow.name == "second")
    #expect(console.lines.contains("Loaded 5 questions from second (0 skipped)."))
  }

  @Test func aFailedLoadIsReturnedWithItsReason() async {
    let flow = SourceFlow(
      source: FakeSource(result: .failure(DataSourceError("x.json, line 2, column 1: expected a value"))),
      console: console, makeSource: makeDataSource(spec:))
    guard case .failure(let error) = await flow.questions(request) else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.message == "x.json, line 2, column 1: expected a value")
  }

  @Test func skippedQuestionsAreReported() async {
    let bank = QuestionBank(
      questions: sampleQuestions(4),
      skipped: [.init(location: "q.json:9", reason: "question 5: missing field \"type\"")])
    let flow = SourceFlow(
      source: FakeSource(result: .success(bank)), console: console, makeSource: makeDataSource(spec:))
    _ = await flow.questions(request)
    #expect(console.lines.contains("Loaded 4 questions from fake (1 skipped)."))
    #expect(console.lines.contains("  q.json:9: question 5: missing field \"type\""))
    flow.listSkipped(bank)
    #expect(console.lines.suffix(2) == ["Skipped 1:", "  q.json:9: question 5: missing field \"type\""])
  }

  @Test func aLoadsNotesFollowItsSummary() async {
    var bank = QuestionBank(questions: sampleQuestions(2))
    bank.notes = ["The session was reset."]
    let flow = SourceFlow(
      source: FakeSource(result: .success(bank)), console: console, makeSource: makeDataSource(spec:))
    _ = await flow.questions(request)
    #expect(
      console.lines == [
        "Loading questions from fake…", "Loaded 2 questions from fake (0 skipped).", "The session was reset.",
      ])
  }

  @Test func cancellingTheTaskThatWaitsCancelsTheLoad() async {
    let flow = SourceFlow(source: EndlessSource(), console: console, makeSource: makeDataSource(spec:))
    let task = Task { await flow.questions(request) }
    try? await Task.sleep(for: .milliseconds(50))
    task.cancel()
    #expect(await task.value == nil, "the load was cancelled")
    #expect(console.lines.last == "Loading cancelled.")
    // The next request starts a new load rather than waiting on the cancelled one.
    let again = Task { await flow.questions(request) }
    again.cancel()
    _ = await again.value
    #expect(console.lines.filter { $0 == "Loading cancelled." }.count == 2)
  }

  @Test func describeCountsLevelsAndCategories() {
    let flow = SourceFlow(
      source: FakeSource(result: .failure(DataSourceError("unused"))), console: console,
      makeSource: makeDataSource(spec:))
    flow.describe(QuestionBank(questions: sampleQuestions(3) + sampleQuestions(2, difficulty: .hard)))
    #expect(
      console.lines == [
        "Source: fake, 5 questions.", "  By difficulty: 3 easy, 2 hard.", "  By category: Test 5.",
      ])
  }
}
