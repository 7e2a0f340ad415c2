import Testing
import TriviaApp
import TriviaData

/// The whole flow with a fake navigator and a fake source: no terminal, no screens.
@MainActor
@Suite("App coordinator")
struct AppCoordinatorTests {
  let navigator = FakeNavigator()
  let store = MemoryOptionsStore()

  func coordinator(
    _ result: Result<QuestionBank, DataSourceError> = .success(QuestionBank(questions: sampleQuestions(20))),
    options: GameOptions = GameOptions(questionCount: 3, difficulty: .mixed)
  ) -> AppCoordinator {
    let coordinator = AppCoordinator(
      source: FakeSource(result: result), navigator: navigator, optionsStore: store, options: options, seed: 42)
    coordinator.start()
    return coordinator
  }

  /// Whether `condition` comes true within five seconds.
  func eventually(_ condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      try await Task.sleep(for: .milliseconds(5))
    }
    return true
  }

  /// Answers the current question right or wrong.
  func answer(_ coordinator: AppCoordinator, right: Bool) throws {
    let item = try #require(coordinator.round?.current)
    coordinator.answer(right ? item.correctIndex : (item.correctIndex + 1) % item.answers.count)
  }

  @Test func aWholeRound() async throws {
    let coordinator = coordinator()
    #expect(navigator.calls == ["landing 3 mixed fake"])
    coordinator.play()
    await coordinator.settle()
    try answer(coordinator, right: true)
    coordinator.continueRound()
    try answer(coordinator, right: false)
    coordinator.continueRound()
    try answer(coordinator, right: true)
    coordinator.continueRound()
    #expect(
      navigator.calls == [
        "landing 3 mixed fake", "game 1/3", "feedback right 1/1", "next 2/3", "feedback wrong 1/2", "next 3/3",
        "feedback right 2/3", "complete 2/3",
      ])
    #expect(navigator.messages.contains("Loaded 20 questions from fake (0 skipped)."))
    coordinator.finishRound()
    #expect(navigator.calls.last == "return")
    #expect(coordinator.round == nil)
  }

  @Test func theSourceStartsLoadingAtStartAndPlayUsesThatLoad() async throws {
    let source = CountingSource(name: "counted")
    let coordinator = AppCoordinator(
      source: source, navigator: navigator, optionsStore: store,
      options: GameOptions(questionCount: 3, difficulty: .mixed), seed: 1)
    coordinator.start()
    // Nothing is asked of the player, nor told, before a command needs the questions.
    #expect(try await eventually { source.loads == 1 })
    #expect(navigator.messages.isEmpty)
    coordinator.play()
    await coordinator.settle()
    #expect(source.loads == 1)
    #expect(
      navigator.messages == ["Loading questions from counted…", "Loaded 5 questions from counted (0 skipped)."])
    #expect(navigator.calls.last == "game 1/3")
  }

  @Test func switchingSourcesCancelsTheLoadBegunAtStart() async throws {
    // Still loading when the player switches, however busy the machine.
    let first = CountingSource(name: "first", delay: .seconds(60))
    let second = CountingSource(name: "second")
    let coordinator = AppCoordinator(
      source: first, navigator: navigator, optionsStore: store,
      options: GameOptions(questionCount: 3, difficulty: .mixed), seed: 1, makeSource: { _ in second })
    coordinator.start()
    #expect(try await eventually { first.loads == 1 })
    coordinator.source("other")
    await coordinator.settle()
    #expect(try await eventually { first.cancelled == 1 })
    #expect(first.loads == 1)
    #expect(second.loads == 1)
    #expect(navigator.messages.contains("Loaded 5 questions from second (0 skipped)."))
  }

  @Test func answersAfterTheFirstAreIgnoredUntilContinue() async throws {
    let coordinator = coordinator()
    coordinator.play()
    await coordinator.settle()
    try answer(coordinator, right: true)
    coordinator.answer(0)
    coordinator.answer(1)
    #expect(coordinator.round?.answered == 1)
    #expect(navigator.calls.filter { $0.hasPrefix("feedback") }.count == 1)
  }

  @Test func continueWithoutAnAnswerDoesNothing() async {
    let coordinator = coordinator()
    coordinator.play()
    await coordinator.settle()
    coordinator.continueRound()
    #expect(coordinator.round?.index == 0)
    #expect(navigator.calls.last == "game 1/3")
  }

  @Test func aFailedLoadShowsNoDataWithTheReason() async {
    let coordinator = coordinator(.failure(DataSourceError("x.json, line 2, column 1: expected a value")))
    coordinator.play()
    await coordinator.settle()
    #expect(navigator.calls.last == "no-data x.json, line 2, column 1: expected a value")
    coordinator.back()
    #expect(navigator.calls.last == "return")
  }

  @Test func noQuestionsOfTheChosenLevelSaysSo() async {
    let coordinator = coordinator(options: GameOptions(questionCount: 3, difficulty: .hard))
    coordinator.play()
    await coordinator.settle()
    #expect(navigator.calls.last == "no-data fake has no hard questions.")
  }

  @Test func fewerQuestionsThanAskedPlaysWhatThereIs() async {
    let coordinator = coordinator(
      .success(QuestionBank(questions: sampleQuestions(2))), options: GameOptions(questionCount: 5, difficulty: .easy))
    coordinator.play()
    await coordinator.settle()
    #expect(navigator.calls.last == "game 1/2")
    #expect(navigator.messages.contains("Only 2 easy questions available; playing 2."))
  }

  @Test func skippedQuestionsAreReported() async {
    let bank = QuestionBank(
      questions: sampleQuestions(4),
      skipped: [.init(location: "q.json:9", reason: "question 5: missing field \"type\"")])
    let coordinator = coordinator(.success(bank))
    coordinator.play()
    await coordinator.settle()
    #expect(navigator.messages.contains("Loaded 4 questions from fake (1 skipped)."))
    #expect(navigator.messages.contains("  q.json:9: question 5: missing field \"type\""))
  }

  @Test func optionsChangesAreSaved() {
    let coordinator = coordinator()
    coordinator.openOptions()
    coordinator.setQuestionCount(7)
    coordinator.openDifficulty()
    navigator.difficultyChoice?(.medium)
    coordinator.closeOptions()
    #expect(
      navigator.calls == [
        "landing 3 mixed fake", "options 3 mixed", "update 7 mixed", "difficulty difficulty mixed", "close-options",
      ])
    #expect(store.saved == [.init(questionCount: 7, difficulty: .mixed), .init(questionCount: 7, difficulty: .medium)])
    #expect(coordinator.options == .init(questionCount: 7, difficulty: .medium))
  }

  @Test func commandLineOverridesAreNotSaved() {
    store.saved = [GameOptions(questionCount: 20, difficulty: .mixed)]
    let coordinator = AppCoordinator(
      source: FakeSource(result: .success(QuestionBank(questions: sampleQuestions(3)))), navigator: navigator,
      optionsStore: store, options: GameOptions(questionCount: 5, difficulty: .hard),
      savedOptions: GameOptions(questionCount: 20, difficulty: .mixed), seed: 1)
    coordinator.openDifficulty()
    navigator.difficultyChoice?(.easy)
    #expect(coordinator.options == GameOptions(questionCount: 5, difficulty: .easy))
    #expect(store.saved.last == GameOptions(questionCount: 20, difficulty: .easy))
  }

  @Test func aFailedSaveIsReportedAndTheOptionStillApplies() {
    store.failure = DataSourceError("disk full")
    let coordinator = coordinator()
    coordinator.setQuestionCount(9)
    #expect(coordinator.options.questionCount == 9)
    #expect(navigator.messages == ["Options not saved: disk full"])
  }

  @Test func backLeavesEachScreenTheRightWay() async throws {
    let coordinator = coordinator()
    coordinator.back()
    #expect(navigator.messages.last == "Nothing to go back to; type quit to leave.")
    coordinator.openOptions()
    coordinator.openDifficulty()
    coordinator.back()
    #expect(navigator.calls.last == "close-difficulty")
    #expect(navigator.current == .options)
    coordinator.back()
    #expect(navigator.calls.last == "close-options")
    coordinator.play()
    await coordinator.settle()
    try answer(coordinator, right: true)
    coordinator.back()
    #expect(navigator.messages.last == "Round abandoned.")
    #expect(coordinator.round == nil)
  }

  @Test func ctrlCDuringALoadCancelsItAndStaysPut() async {
    let coordinator = AppCoordinator(
      source: EndlessSource(), navigator: navigator, optionsStore: store, options: .standard, seed: 1)
    coordinator.start()
    coordinator.play()
    var asked = 0
    await coordinator.settle(cancellingIf: {
      asked += 1
      return asked > 2
    })
    #expect(navigator.messages.last == "Loading cancelled.")
    #expect(navigator.current == .landing)
    #expect(coordinator.round == nil)
    // The next play starts a new load rather than waiting on the cancelled one.
    coordinator.play()
    await coordinator.settle(cancellingIf: { true })
    #expect(navigator.messages.filter { $0 == "Loading cancelled." }.count == 2)
  }

  @Test func quitFinishes() {
    let coordinator = coordinator()
    #expect(!coordinator.isFinished)
    coordinator.quit()
    #expect(coordinator.isFinished)
  }

  @Test func theSameSeedDealsTheSameRound() async {
    var deals: [[String]] = []
    for _ in 0..<2 {
      let coordinator = AppCoordinator(
        source: FakeSource(result: .success(QuestionBank(questions: sampleQuestions(20)))),
        navigator: FakeNavigator(), optionsStore: MemoryOptionsStore(),
        options: GameOptions(questionCount: 5, difficulty: .mixed), seed: 99)
      coordinator.play()
      await coordinator.settle()
      deals.append(coordinator.round?.items.map { $0.question.text + $0.answers.joined() } ?? [])
    }
    #expect(deals[0].count == 5)
    #expect(deals[0] == deals[1])
  }
}
