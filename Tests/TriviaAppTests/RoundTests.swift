import Foundation
import Testing
import TriviaApp
import TriviaData

@Suite("Rounds and results")
struct RoundTests {
  @Test func dealsTheRequestedLevelAndCount() {
    var generator = SeededGenerator(seed: 1)
    let questions = sampleQuestions(10, difficulty: .easy) + sampleQuestions(10, difficulty: .hard)
    let round = Round.deal(
      from: QuestionList(questions), count: 4, difficulty: .hard, generator: &generator)
    #expect(round.total == 4)
    #expect(round.items.allSatisfy { $0.question.difficulty == .hard })
    #expect(Set(round.items.map(\.question.text)).count == 4)
  }

  @Test func trueComesBeforeFalseAndMultipleChoiceIsShuffled() {
    var generator = SeededGenerator(seed: 5)
    let round = Round.deal(
      from: QuestionList(sampleQuestions(30)), count: 30, difficulty: .mixed, generator: &generator)
    for item in round.items {
      #expect(item.answers[item.correctIndex] == item.question.correctAnswer)
      if item.question.kind == .boolean { #expect(item.answers == ["True", "False"]) }
    }
    let positions = Set(round.items.filter { $0.question.kind == .multiple }.map(\.correctIndex))
    #expect(positions.count > 1, "the right answer should not always be in the same place")
  }

  @Test func scoringNeverCountsAQuestionTwice() {
    var generator = SeededGenerator(seed: 2)
    var round = Round.deal(
      from: QuestionList(sampleQuestions(5)), count: 2, difficulty: .mixed, generator: &generator)
    let first = try! #require(round.current)
    #expect(round.answer(first.correctIndex) == true)
    #expect(round.answer(first.correctIndex) == nil)
    round.advance()
    round.advance()
    #expect(round.index == 1)
    #expect(round.isLastQuestion)
    #expect(round.answer((round.current!.correctIndex + 1) % round.current!.answers.count) == false)
    round.advance()
    #expect(round.isOver)
    #expect(round.score == 1)
    #expect(round.answered == 2)
    #expect(round.answer(0) == nil)
  }

  @Test(arguments: [
    (0, 10, ["Perfectly imperfect!"]),
    (1, 10, ["Perfectly imperfect!"]),
    (4, 10, ["Don't quit your day job.", "You answered 4 of 10 correctly."]),
    (5, 10, ["Good job!", "You answered 5 of 10 correctly."]),
    (9, 10, ["Good job!", "You answered 9 of 10 correctly."]),
    (10, 10, ["Congratulations! You answered all 10 correctly."]),
    (1, 1, ["Congratulations! You answered all 1 correctly."]),
  ])
  func messagesFollowTheScoreBands(score: Int, total: Int, message: [String]) {
    #expect(RoundResult(score: score, total: total).message == message)
  }

  @Test func theGeneratorIsStableAcrossPlatforms() {
    var generator = SeededGenerator(seed: 0)
    // SplitMix64's published first outputs for seed 0.
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
  }
}

@Suite("Runs of right answers")
struct RunTests {
  @Test func aRunCountsRightAnswersInARowAndKeepsTheBest() {
    var round = Round(
      items: (1...6).map { Round.Item(question: sampleQuestions(6)[$0 - 1], answers: ["x", "y"], correctIndex: 0) })
    var runs: [Int] = []
    for right in [true, true, false, true, true, true] {
      _ = round.answer(right ? 0 : 1)
      runs.append(round.run)
      round.advance()
    }
    #expect(runs == [1, 2, 0, 1, 2, 3])
    #expect(round.bestRun == 3)
  }

  @Test func aRoundSavedBeforeRunsWereCountedReadsWithNone() throws {
    var round = Round(items: [Round.Item(question: sampleQuestions(1)[0], answers: ["x", "y"], correctIndex: 0)])
    _ = round.answer(0)
    var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(round)) as? [String: Any])
    #expect(json["run"] as? Int == 1)
    json["run"] = nil
    json["bestRun"] = nil
    let read = try JSONDecoder().decode(Round.self, from: JSONSerialization.data(withJSONObject: json))
    #expect(read.score == 1)
    #expect(read.run == 0)
    #expect(read.bestRun == 0)
  }

  /// `sampleQuestions(count)` as a list, and the ids of its questions in order.
  static func bank(_ count: Int) -> (QuestionList, [Int64]) {
    let list = QuestionList(sampleQuestions(count))
    return (list, list.indices.map(list.questionID(at:)))
  }

  @Test func aFewNewQuestionsAmongMuchAskedAreAskedAfterOneByOne() {
    let (list, ids) = Self.bank(10_000)
    // Every tenth asked: the deal looks a handful up, and never reads them all.
    let asked = Dictionary(uniqueKeysWithValues: stride(from: 0, to: ids.count, by: 10).map { (ids[$0], Int64($0)) })
    var lookups = 0
    var readAll = false
    let history = AskedQuestions(
      lastAsked: { id in
        lookups += 1
        return asked[id]
      },
      all: {
        readAll = true; return asked
      })
    var generator = SeededGenerator(seed: 3)
    let round = Round.deal(from: list, count: 10, difficulty: .mixed, asked: history, generator: &generator)
    #expect(round.total == 10)
    #expect(round.items.allSatisfy { asked[$0.question.id] == nil })
    #expect(lookups < 40 && !readAll)
  }

  @Test func whenNewQuestionsAreRareAllAskedAreReadAndTheNewDealtFirst() {
    let (list, ids) = Self.bank(3_000)
    let fresh = Set(ids.indices.filter { $0 % 600 == 7 }.map { ids[$0] })
    let asked = Dictionary(
      uniqueKeysWithValues: ids.enumerated().filter { !fresh.contains($0.element) }.map {
        ($0.element, Int64($0.offset))
      })
    var generator = SeededGenerator(seed: 3)
    let round = Round.deal(
      from: list, count: 8, difficulty: .mixed, asked: AskedQuestions(asked), generator: &generator)
    let dealt = round.items.map(\.question.id)
    #expect(fresh.count == 5 && fresh.isSubset(of: Set(dealt)))
    // Then the three asked longest ago: the first three of the bank.
    #expect(Set(dealt).subtracting(fresh) == Set(ids.prefix(3)))
  }

  @Test func withNothingAskedTheDealIsTheOneWithoutHistory() {
    let (list, _) = Self.bank(500)
    var plain = SeededGenerator(seed: 11)
    var kept = SeededGenerator(seed: 11)
    let first = Round.deal(from: list, count: 10, difficulty: .mixed, generator: &plain)
    let second = Round.deal(from: list, count: 10, difficulty: .mixed, asked: AskedQuestions([:]), generator: &kept)
    #expect(first == second)
    #expect(plain.next() == kept.next())
  }
}

extension Question {
  fileprivate var id: Int64 { QuestionID.make(text: text, answer: correctAnswer) }
}

@Suite("A question's own time in a timed round")
struct RoundQuestionTimeTests {
  static func item(_ text: String, seconds: Int?) -> Round.Item {
    Round.Item(
      question: Question(
        category: "Quiz", difficulty: nil, kind: .multiple, text: text, correctAnswer: "Yes", incorrectAnswers: ["No"],
        seconds: seconds),
      answers: ["Yes", "No"], correctIndex: 0)
  }

  @Test func aTimedRoundGivesEachQuestionItsOwnTimeAndAnUntimedOneNone() {
    var round = Round(items: [Self.item("One?", seconds: 30), Self.item("Two?", seconds: nil)], timeLimit: 10)
    #expect(round.questionTime == 30)
    _ = round.answer(0)
    round.advance()
    #expect(round.questionTime == 10)
    let untimed = Round(items: [Self.item("One?", seconds: 30)])
    #expect(untimed.questionTime == nil)
  }

  @Test func aRoundFromAFileWithAnImpossibleTimeIsRefused() {
    let round = Round(items: [Self.item("One?", seconds: 5_000)], timeLimit: 10)
    #expect(!round.isConsistent)
  }
}
