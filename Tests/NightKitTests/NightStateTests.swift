import NightKit
import Testing

/// A player's night as the host's messages make it (what `trivia join` and the page keep).
@Suite("A player's state")
struct NightStateTests {
  @Test func aJoinerDuringARevealJoinedAfterTheQuestionAndKnowsHowManyThereAre() throws {
    var night = room()
    night.joinAll(["Ann"])
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .seconds(1))
    #expect(night.phase == .reveal(1))
    let joined = try #require(welcome(in: night.join(bob, name: "Bob", token: nil, now: .seconds(2)), to: bob))
    #expect(joined.you.since == 2 && joined.you.place == 0)
    var state = NightState(stage: joined.stage, you: joined.you)
    let verdict = try #require(state.verdict)
    #expect(verdict.missed && verdict.choice == nil && verdict.question == 1)

    state.apply(.stage(try #require(stage(in: night.next(now: .seconds(3)), to: bob))))
    guard case .standings(let table) = state.stage.scene else {
      Issue.record("not on the standings: \(state.stage.scene)")
      return
    }
    // "Standings after question 1 of 3", though Bob saw no question.
    #expect(table.played == 1 && state.stage.questions == 3)
    #expect(table.rows.map(\.name) == ["Ann", "Bob"] && state.ownRow == nil)
  }

  @Test func theHostsLastWordsKeepTheTableOnScreen() {
    let table = NightStandings(
      played: 1, rows: [NightStandings.Row(place: 1, name: "Ann", score: 1000, moved: 0, left: false)], of: 1)
    var state = NightState(
      stage: NightStage(title: "Quiz", questions: 3, limitMs: 20_000, count: 1, scene: .standings(table)),
      you: NightYou(name: "Ann", since: 1, points: 1000, score: 1000, place: 1))
    state.apply(.ended("The host quit."))
    #expect(state.stage.scene == .ended(reason: "The host quit.", table: table))
    state.stage.scene = .lobby
    state.apply(.ended("The host quit."))
    #expect(state.stage.scene == .ended(reason: "The host quit.", table: nil))
  }

  @Test func anAnswerIsChosenOnlyOnItsQuestion() {
    let question = NightQuestionView(
      number: 2, total: 3, category: "Art", difficulty: nil, text: "Who?", choices: ["a", "b"], msLeft: 9000,
      limitMs: 20_000)
    var state = NightState(
      stage: NightStage(title: "Quiz", questions: 3, limitMs: 20_000, count: 2, scene: .question(question)),
      you: NightYou(name: "Ann", since: 1, answer: .init(question: 1, choice: 0)))
    #expect(state.chosen == nil)
    state.apply(.you(NightYou(name: "Ann", since: 1, answer: .init(question: 2, choice: 1))))
    #expect(state.chosen == 1)
  }
}
