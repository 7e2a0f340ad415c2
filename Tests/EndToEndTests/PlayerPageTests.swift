#if Night
  import Foundation
  import Testing

  /// The player's page in a real browser: Tests/Browser/night_page.py plays one night with two
  /// headless Chromium phones and a terminal player, hostile names and questions included, and
  /// leaves a screenshot of each screen in `.build/night-screens/`.
  /// One at a time: each opens several Chromiums, which together starve the rest of the suite on
  /// a machine of two cores.
  @Suite("The player's page in Chromium", .serialized)
  struct PlayerPageTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()

    /// What the browser test needs and is missing; `make test-tools` installs all of it.
    static let missing: [String] = {
      var missing = ["/usr/bin/chromium", "/usr/bin/chromedriver"].filter {
        !FileManager.default.isExecutableFile(atPath: $0)
      }
      let selenium = try? TriviaProcess.run(
        arguments: ["-c", "import selenium"], input: [], environment: ["PATH": "/usr/bin:/bin"], timeout: .seconds(20),
        executable: "/usr/bin/python3")
      if selenium?.status != 0 { missing.append("python3-selenium") }
      if !FileManager.default.fileExists(atPath: axe + "/axe_selenium_python/axe.py") {
        missing.append("axe-selenium-python in .build/test-python")
      }
      return missing
    }()

    /// axe-selenium-python (axe-core with a Selenium driver), from PyPI: `make test-tools` puts it
    /// here, out of the system's Python.
    static let axe = repository.appendingPathComponent(".build/test-python").path

    /// Skipped, saying what to install, where the browser or its tools are missing.
    static let installed = Testing.ConditionTrait.enabled(
      if: missing.isEmpty,
      Comment(
        rawValue: "\(missing.joined(separator: ", ")) not installed: make test-tools installs Debian's chromium, "
          + "chromium-driver and python3-selenium, and axe-selenium-python from PyPI"))

    /// Runs Tests/Browser/`script` against the built `trivia`, its screenshots into
    /// `.build/night-screens/`; it passes when the script says every check held.
    static func browse(_ script: String, _ arguments: [String] = [], audited: Bool = true) async throws {
      let sandbox = try Sandbox()
      let screens = repository.appendingPathComponent(".build/night-screens").path
      let result = try await sandbox.run(
        [
          repository.appendingPathComponent("Tests/Browser/" + script).path, "--trivia", TriviaBinary.path, "--work",
          sandbox.work, "--screens", screens,
        ] + arguments + (audited ? ["--axe", axe] : []), timeout: .seconds(100), executable: "/usr/bin/python3")
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
      #expect(result.stdout.contains("all passed"), "\(result.stdout)")
      if audited { #expect(result.stdout.contains("axe audited "), "\(result.stdout)") }
    }

    static var bank: [String] { ["--bank", repository.appendingPathComponent("Data/questions.json").path] }

    @Test(
      "Two phones and a terminal play one night and end with the host's standings; nothing from the host runs",
      installed, .timeLimit(.minutes(2)))
    func twoPhonesAndATerminal() async throws {
      try await Self.browse("night_page.py")
    }

    /// Tests/Browser/small_phones.py: at 320x568 and 360x640 every question of the bundled bank
    /// fits without scrolling, a night of its tallest and longest questions has the question, its
    /// answers and the countdown inside the viewport, and long names break only between words.
    @Test(
      "On small phones the bank's longest questions fit without scrolling, and names break only between words",
      installed, .timeLimit(.minutes(2)))
    func smallPhones() async throws {
      try await Self.browse("small_phones.py", Self.bank, audited: false)
    }

    /// Tests/Browser/big_screen.py: a real host's big screen open at 1920x1080 and 1280x720 while
    /// a phone and two terminals play: the lobby's QR code (read back with zbarimg when installed),
    /// names, count and settings; each question with its countdown and the answers in as they
    /// change; the reveal's bars, the right one marked, the fastest; the standings; the podium; and
    /// in each, nothing past the viewport and nothing to scroll, audited with axe-core.
    @Test(
      "The big screen shows each scene of a night at 1920x1080 and 1280x720, inside the viewport",
      installed, .timeLimit(.minutes(2)))
    func bigScreen() async throws {
      try await Self.browse("big_screen.py", Self.bank)
    }
  }
#endif
