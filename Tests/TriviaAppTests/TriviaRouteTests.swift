import Testing
import TriviaApp

@Suite("Deep links")
struct TriviaRouteTests {
  @Test(arguments: [
    ("trivia://landing", TriviaRoute.landing),
    ("trivia://options", .options),
    ("trivia://difficulty", .difficulty),
    ("TRIVIA://Play", .play(.init())),
    (
      "trivia://play?difficulty=hard&count=5&category=History",
      .play(.init(difficulty: .hard, count: 5, category: "History"))
    ),
    ("trivia://play?category=Animals%20%26%20Nature", .play(.init(category: "Animals & Nature"))),
    ("trivia://source?spec=bundled", .source("bundled")),
    ("trivia://source?spec=../shared/data/opentriviaqa", .source("../shared/data/opentriviaqa")),
  ])
  func linksReadAsRoutes(link: String, route: TriviaRoute) throws {
    #expect(try TriviaRoute(link: link) == route)
  }

  @Test(arguments: [
    (
      "http://landing",
      "'http://landing' is not a trivia link: expected trivia://landing, play, options, difficulty or source"
    ),
    ("landing", "'landing' is not a trivia link: expected trivia://landing, play, options, difficulty or source"),
    ("trivia://nowhere", "unknown place 'nowhere': expected landing, play, options, difficulty or source"),
    ("trivia://play?count=0", "count must be a whole number from 1 to 50, not '0'"),
    ("trivia://play?count=ten", "count must be a whole number from 1 to 50, not 'ten'"),
    ("trivia://play?difficulty=extreme", "difficulty must be mixed, easy, medium or hard, not 'extreme'"),
    ("trivia://play?bogus=1", "trivia://play does not take 'bogus'"),
    ("trivia://play?count=1&count=2", "'count' is given twice in 'trivia://play?count=1&count=2'"),
    ("trivia://landing?x=1", "trivia://landing does not take 'x'"),
    ("trivia://source", "trivia://source needs spec, as in trivia://source?spec=bundled"),
    ("trivia://play?category=", "category must not be empty"),
  ])
  func badLinksSayWhyInOneLine(link: String, message: String) {
    #expect(throws: DeepLinkError(message)) { try TriviaRoute(link: link) }
  }
}
