import NightsScreen
import ScreenKit
import Testing

/// The nights hosted here: the list, and one night's final table.
@Suite("Nights screen")
struct NightsScreenTests {
  @Test func theListHasAColumnEachAndALongTitleEndsInAnEllipsis() {
    let screen = NightsScreen(
      state: .list([
        .init(
          number: 12, date: "2026-11-24", title: "The very long name of a Friday night", players: 1_200,
          winner: StandingRow(place: 1, name: "Zoë", score: 12_460)),
        .init(number: 3, date: "2026-11-20", title: "Quiz", players: 0, winner: nil),
      ]))
    #expect(
      screen.render().map(\.text) == [
        "",
        "Nights hosted here",
        "   #  Date        Title                     Players  Winner",
        "  12  2026-11-24  The very long name of a…    1,200  Zoë (12,460)",
        "   3  2026-11-20  Quiz                            0  nobody",
        "Type nights N for night N's final table, done to go back.",
      ])
    #expect(screen.prompt == "nights")
  }

  @Test func aNightsTableSaysWhoLeftAndGoesBackOnDone() {
    let screen = NightsScreen(
      state: .table(
        .init(
          number: 3, date: "2026-11-20", title: "Quiz", summary: "2 questions of 20 seconds from bundled.",
          rows: [
            StandingRow(place: 1, name: "Ann", score: 2_000),
            StandingRow(place: 2, name: "Bob", score: 0, hasLeft: true),
          ])))
    var done = 0
    screen.onDone = { done += 1 }
    #expect(
      screen.render().map(\.text) == [
        "",
        "Night 3: Quiz, 2026-11-20",
        "2 questions of 20 seconds from bundled.",
        "  1  Ann         2,000",
        "  2  Bob (left)      0",
        "Type done to go back.",
      ])
    #expect(screen.commands.run("done") == .done)
    #expect(done == 1)
  }
}
