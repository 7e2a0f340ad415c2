import ScreenKit
import Testing
import TriviaApp
import TriviaData

/// The round flow with a fake of its navigator protocol alone: no screens, no coordinator.
@MainActor
@Suite("Round flow")
struct RoundFlowTests {
  let navigator = FakeRoundNavigator()
  let console = RecordingConsole()
  let sessions = MemorySessionStore()
  let questions = QuestionList(sampleQuestions(20))

  func flow(seed: UInt64 = 42) -> RoundFlow {
    RoundFlow(seed: seed, store: sessions, navigator: navigator, console: console)
  }

  func play(_ flow: RoundFlow, count: Int = 3, difficulty: DifficultyChoice = .mixed) throws {
    let request = RoundRequest(difficulty: difficulty, count: count)
    #expect(flow.prepare(request))
    try flow.deal(request, from: questions, source: "fake", categories: nil)
  }

  /// Answers the current question right or wrong.
  func answer(_ flow: RoundFlow, right: Bool) throws {
    let item = try #require(flow.round?.current)
    flow.answer(right ? item.correctIndex : (item.correctIndex + 1) % item.answers.count)
  }

  @Test func aWholeRound() throws {
    let flow = flow()
    try play(flow)
    for right in [true, false, true] {
      try answer(flow, right: right)
      flow.next()
    }
    #expect(
      navigator.calls == [
        "game 1/3", "feedback right 1/1", "next 2/3", "feedback wrong 1/2", "next 3/3", "feedback right 2/3",
        "complete 2/3",
      ])
    flow.finish()
    #expect(navigator.calls.last == "return")
    #expect(flow.round == nil)
  }

  @Test func theGameReadsTheRoundAsItGoes() throws {
    let flow = flow()
    try play(flow)
    let shown = try #require(navigator.round)
    try answer(flow, right: true)
    flow.next()
    #expect(shown()?.index == 1)
  }

  @Test func answersAfterTheFirstAreIgnoredUntilNext() throws {
    let flow = flow()
    try play(flow)
    try answer(flow, right: true)
    flow.answer(0)
    flow.answer(1)
    #expect(flow.round?.answered == 1)
    #expect(navigator.calls.filter { $0.hasPrefix("feedback") }.count == 1)
  }

  @Test func nextWithoutAnAnswerDoesNothing() throws {
    let flow = flow()
    try play(flow)
    flow.next()
    #expect(flow.round?.index == 0)
    #expect(navigator.calls == ["game 1/3"])
  }

  @Test func noQuestionsOfTheChosenLevelSaysWhy() {
    let flow = flow()
    let request = RoundRequest(difficulty: .hard, count: 3)
    #expect(throws: NoQuestions(reason: "fake has no hard questions.", details: ["Available: 20 easy."])) {
      try flow.deal(request, from: questions, source: "fake", categories: nil)
    }
    #expect(flow.round == nil)
  }

  @Test func anUngradedSourceNamesTheWayOut() {
    let ungraded = QuestionList(
      sampleQuestions(4).map {
        Question(
          category: $0.category, difficulty: nil, kind: $0.kind, text: $0.text, correctAnswer: $0.correctAnswer,
          incorrectAnswers: $0.incorrectAnswers)
      })
    #expect(
      throws: NoQuestions(
        reason: "otqa does not grade its questions by difficulty, so there are no easy ones.",
        details: ["Choose Mixed to play its 4 questions: type options, then difficulty."])
    ) {
      try flow().deal(.init(difficulty: .easy, count: 3), from: ungraded, source: "otqa", categories: nil)
    }
  }

  @Test func fewerQuestionsThanAskedPlaysWhatThereIs() throws {
    let flow = flow()
    let request = RoundRequest(difficulty: .easy, count: 5)
    try flow.deal(request, from: QuestionList(sampleQuestions(2)), source: "fake", categories: nil)
    #expect(navigator.calls == ["game 1/2"])
    #expect(console.lines == ["Only 2 easy questions available; playing 2."])
  }

  @Test func onlyTheChosenCategoriesAreDealt() throws {
    let mixed = QuestionList(
      sampleQuestions(6)
        + sampleQuestions(6).map {
          Question(
            category: "Other", difficulty: .easy, kind: $0.kind, text: "Other " + $0.text,
            correctAnswer: $0.correctAnswer, incorrectAnswers: $0.incorrectAnswers)
        })
    let flow = flow()
    try flow.deal(.init(difficulty: .mixed, count: 6), from: mixed, source: "fake", categories: ["Other"])
    #expect(flow.round?.items.allSatisfy { $0.question.category == "Other" } == true)
  }

  @Test func theSameSeedDealsTheSameRound() throws {
    var deals: [[String]] = []
    for _ in 0..<2 {
      let flow = RoundFlow(seed: 99, store: nil, navigator: FakeRoundNavigator(), console: console)
      try flow.deal(.init(difficulty: .mixed, count: 5), from: questions, source: "fake", categories: nil)
      deals.append(flow.round?.items.map { $0.question.text + $0.answers.joined() } ?? [])
    }
    #expect(deals[0].count == 5)
    #expect(deals[0] == deals[1])
  }

  @Test func leavingAsksAndStayingKeepsTheRound() throws {
    let flow = flow()
    try play(flow)
    try answer(flow, right: true)
    navigator.allowLeaving = false
    flow.leave(fromLink: false)
    #expect(navigator.calls.last == "stay")
    #expect(flow.round != nil)
    navigator.allowLeaving = true
    flow.leave(fromLink: false)
    #expect(flow.round == nil)
    #expect(console.lines.last == "Round abandoned.")
  }

  @Test func theGameGoingAnyOtherWayEndsTheRound() throws {
    let flow = flow()
    try play(flow)
    navigator.events?.closed()
    #expect(flow.round == nil)
  }

  @Test func theSameRoundAgainIsIgnored() throws {
    let flow = flow()
    try play(flow)
    #expect(!flow.prepare(.init(difficulty: .mixed, count: 3)))
    #expect(console.lines.last == "You are already playing that round.")
    #expect(flow.round != nil)
  }

  @Test func aRoundInProgressIsSavedAndResumed() throws {
    let flow = flow()
    try play(flow)
    try answer(flow, right: true)
    let round = try #require(flow.round)
    flow.save()
    #expect(sessions.session?.round == round)
    #expect(console.lines.last == "Your round is saved: type resume next time to go on with it.")

    let next = RoundFlow(seed: 1, store: sessions, navigator: FakeRoundNavigator(), console: console)
    next.loadSaved()
    #expect(next.canResume)
    next.resume()
    #expect(next.round == round)
    #expect(!next.canResume)
    #expect(sessions.session == nil)
    #expect(console.lines.last == "Resuming question 1 of 3.")
  }

  @Test func nothingIsSavedOutsideARound() {
    let flow = flow()
    flow.save()
    #expect(sessions.session == nil)
    flow.resume()
    #expect(console.lines == ["There is no saved round to resume."])
  }

  @Test func aNewRoundForgetsTheSavedOne() throws {
    sessions.session = SavedSession(
      round: Round(items: [.init(question: sampleQuestions(1)[0], answers: ["a", "b"], correctIndex: 0)]),
      request: .init())
    let flow = flow()
    flow.loadSaved()
    #expect(flow.canResume)
    try play(flow)
    #expect(!flow.canResume)
    #expect(sessions.session == nil)
  }

  /// Plays a whole round of `count`, every answer right, and gives its questions' texts.
  func playRound(_ flow: RoundFlow, count: Int) throws -> Set<String> {
    try play(flow, count: count)
    var texts = Set<String>()
    while let item = flow.round?.current {
      texts.insert(item.question.text)
      try answer(flow, right: true)
      flow.next()
    }
    flow.finish()
    return texts
  }

  @Test func noQuestionComesAgainUntilAllHaveBeenAsked() throws {
    let history = MemoryHistory()
    let flow = RoundFlow(seed: 7, store: sessions, history: history, navigator: navigator, console: console)
    var seen = Set<String>()
    for _ in 0..<4 {
      let round = try playRound(flow, count: 5)
      #expect(round.isDisjoint(with: seen))
      seen.formUnion(round)
    }
    #expect(seen.count == 20)
  }

  @Test func onceAllHaveBeenAskedTheLongestUnaskedComeFirst() throws {
    let history = MemoryHistory()
    let flow = RoundFlow(seed: 7, store: sessions, history: history, navigator: navigator, console: console)
    let first = try playRound(flow, count: 8)
    let second = try playRound(flow, count: 8)
    // 4 never asked remain: they come, and then the 4 asked longest ago, from the first round.
    let third = try playRound(flow, count: 8)
    let never = Set(questions.map(\.text)).subtracting(first).subtracting(second)
    #expect(never.count == 4 && never.isSubset(of: third))
    #expect(third.subtracting(never).isSubset(of: first))
    #expect(third.count == 8)
  }

  @Test func aGameThatCountedDealsAsOneThatAsksItsHistory() throws {
    // One game counts what is new at each landing, so it deals from what it read and kept up
    // with; the other never counts, so each deal asks its history. The same rounds, in the
    // same order, also once every question was asked and the longest unasked come first.
    let counting = RoundFlow(
      seed: 7, store: sessions, history: MemoryHistory(), navigator: FakeRoundNavigator(), console: console)
    let asking = RoundFlow(
      seed: 7, store: sessions, history: MemoryHistory(), navigator: FakeRoundNavigator(), console: console)
    func round(_ flow: RoundFlow) throws -> [String] {
      try play(flow, count: 8)
      let dealt = flow.round?.items.map(\.question.text) ?? []
      while flow.round?.current != nil {
        try answer(flow, right: true)
        flow.next()
      }
      flow.finish()
      return dealt
    }
    for number in 1...5 {
      #expect(try round(counting) == round(asking), "round \(number)")
      #expect(counting.unasked(in: questions) == max(0, 20 - 8 * number))
    }
  }

  @Test func theLandingCountsWhatWasNeverAsked() throws {
    let history = MemoryHistory()
    let flow = RoundFlow(seed: 7, store: sessions, history: history, navigator: navigator, console: console)
    #expect(flow.unasked(in: questions) == nil)
    _ = try playRound(flow, count: 3)
    #expect(flow.unasked(in: questions) == 17)
    _ = try playRound(flow, count: 5)
    #expect(flow.unasked(in: questions) == 12)
  }

  @Test func historyThatHasStoppedIsSaidOffNotCountedAsAllNew() throws {
    let history = MemoryHistory()
    let flow = RoundFlow(seed: 7, store: sessions, history: history, navigator: navigator, console: console)
    #expect(!flow.historyIsOff)
    history.isKept = false
    _ = try playRound(flow, count: 3)
    #expect(flow.historyIsOff)
    #expect(flow.unasked(in: questions) == nil)
    // With no history at all (--no-history) nothing is said: there is none to be off.
    #expect(!self.flow().historyIsOff)
  }

  @Test func aResumedRoundGoesOnInTheRowHistoryGivesIt() throws {
    let flow = RoundFlow(seed: 7, store: sessions, history: MemoryHistory(), navigator: navigator, console: console)
    try play(flow)
    try answer(flow, right: true)
    flow.save()
    #expect(sessions.session?.historyRound == nil)

    // The file was replaced since: history keeps the round in a new row, 7.
    let history = MemoryHistory()
    history.resumedRow = 7
    let next = RoundFlow(seed: 1, store: sessions, history: history, navigator: FakeRoundNavigator(), console: console)
    next.loadSaved()
    next.resume()
    next.next()
    try answer(next, right: true)
    #expect(history.answerRounds == [7])
    next.save()
    #expect(sessions.session?.historyRound == 7)
  }

  @Test func withoutHistoryTheDealIsTheSameAsWithAnEmptyOne() throws {
    let plain = flow(seed: 9)
    let kept = RoundFlow(
      seed: 9, store: sessions, history: MemoryHistory(), navigator: FakeRoundNavigator(), console: console)
    try play(plain, count: 6)
    let request = RoundRequest(difficulty: .mixed, count: 6)
    #expect(kept.prepare(request))
    try kept.deal(request, from: questions, source: "fake", categories: nil)
    #expect(plain.round == kept.round)
    #expect(plain.unasked(in: questions) == nil)
  }

  @Test func aTimedQuestionRunsOutOnTheGamesClockAndCountsAsWrong() throws {
    let clock = GameClock(virtual: true)
    let history = MemoryHistory()
    let flow = RoundFlow(
      seed: 42, store: sessions, history: history, navigator: navigator, console: console, clock: clock)
    let request = RoundRequest(difficulty: .mixed, count: 2, time: 10)
    #expect(flow.prepare(request))
    try flow.deal(request, from: questions, source: "fake", categories: nil)
    #expect(flow.secondsLeft == 10)
    // The countdown wakes the game each second, then at the end.
    #expect(flow.nextWake == .seconds(1))
    clock.wait(.milliseconds(9_500))
    #expect(flow.secondsLeft == 1 && flow.nextWake == .seconds(10))
    #expect(!flow.tick())
    clock.wait(.milliseconds(500))
    #expect(flow.tick())
    #expect(!flow.tick())
    #expect(flow.secondsLeft == nil && flow.nextWake == nil)
    #expect(flow.round?.lastTimedOut == true && flow.round?.score == 0 && flow.round?.answered == 1)
    #expect(history.answers.map(\.chosen) == [""] && history.answers.map(\.seconds) == [10])
    // The next question has its own ten seconds; one answered in time stops the clock.
    flow.next()
    #expect(flow.secondsLeft == 10)
    clock.wait(.seconds(3))
    try answer(flow, right: true)
    clock.wait(.seconds(30))
    #expect(!flow.tick())
    #expect(history.answers.map(\.seconds) == [10, 3] && flow.round?.score == 1)
    #expect(navigator.calls.filter { $0.hasPrefix("feedback") } == ["feedback wrong 0/1", "feedback right 1/2"])
  }

  @Test func anUntimedRoundNeverWakesTheGame() throws {
    let flow = flow()
    try play(flow)
    #expect(flow.secondsLeft == nil && flow.nextWake == nil && !flow.tick())
  }
}
