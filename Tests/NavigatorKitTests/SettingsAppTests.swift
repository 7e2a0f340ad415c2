import Foundation
import ProcessSpawn
import Testing

/// The example app of the documentation (Snippets/SettingsApp.swift), played headless: its
/// built binary is run with lines on standard input, as a person would type them.
@Suite("The settings example app")
struct SettingsAppTests {
  /// Snippets are built next to the test bundle.
  static let binary: String? = {
    var folder = Bundle.main.bundleURL.standardizedFileURL
    for _ in 0..<3 {
      let path = folder.appendingPathComponent("SettingsApp").path
      if FileManager.default.isExecutableFile(atPath: path) { return path }
      folder.deleteLastPathComponent()
    }
    return nil
  }()

  static func play(_ lines: [String]) throws -> [String] {
    let binary = try #require(binary, "SettingsApp is not built: run swift build first")
    let run = try Child.run(binary, arguments: [], input: Array(lines.map { $0 + "\n" }.joined().utf8))
    #expect(run.status == 0, "\(run.errorText)")
    return run.outputText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  static let settings = ["== Settings ==", "network: Wi-Fi", "account: sign in", "about", "help"]

  @Test func pagesAndLinksGoWhereTheySay() throws {
    let output = try Self.play(["network", "join home", "where", "open settings://help", "where", "quit"])
    #expect(
      output == Self.settings + [
        "== Network ==", "join NAME: a Wi-Fi network (home, office)",
        "== Wi-Fi home ==", "Joined home.",
        "settings (root)", "  network (pushed)", "    wifi (pushed)",
        "plan: pop wifi, pop network, popover help@title",
        "== Help ==", "Type a command, back, where, open LINK or quit.",
        "settings (root)", "  help (popover on title)",
      ])
  }

  @Test func aFlowWithAPasswordAsksBeforeItIsLeft() throws {
    let output = try Self.play([
      "account", "password secret", "open settings://wifi/office", "n", "where", "back", "y", "where",
    ])
    #expect(
      output == Self.settings + [
        "== Account ==", "password TEXT, then done",
        "plan: end-flow account, push network, push wifi",
        "Discard the password? (y/n)", "Refused: not confirmed: Discard the password?",
        "settings (root)", "  account (sub-navigator)",
        "Discard the password? (y/n)",
      ] + Self.settings + ["settings (root)"])
  }

  @Test func aLinkToThePageOnTopChangesNothing() throws {
    let output = try Self.play(["about", "open settings://about", "back", "open nowhere"])
    #expect(
      output == Self.settings + [
        "== About ==", "Settings 1.0, built on NavigatorKit.", "plan: ignored about",
      ] + Self.settings + ["No such link: nowhere"])
  }
}
