// swift-tools-version: 6.1
import PackageDescription

/// Each screen is its own target in Sources/Screens that sees only ScreenKit, so one screen
/// cannot name another. Listed here by hand: SwiftPM caches this manifest by its text, so a
/// folder found by listing would go unseen. ScreenIsolationTests fails on a folder not listed.
let screens = [
  "CompleteScreen", "DifficultyScreen", "FeedbackScreen", "GameScreen", "LandingScreen", "NoDataScreen",
  "OptionsScreen", "ReviewScreen", "StatsScreen", "AboutScreen", "LobbyScreen", "WaitingRoomScreen", "RevealScreen",
  "StandingsScreen", "PodiumScreen", "NightsScreen",
]

/// The night's network (Hummingbird, NIO, swift-websocket) is a trait: without it (`make play`)
/// those packages are neither fetched nor built; `make night`, `make test` and `make install`
/// build with `--traits Night`.
let night = TargetDependencyCondition.when(traits: ["Night"])

/// A night beyond one machine (#30) is a trait too: its room and edges on PostgreSQL. `make
/// test`, `make cluster` and `make notify-bench` build with `--traits Night,Cluster`; `make play`
/// and `make night` build no postgres-nio (SwiftPM fetches it with the rest).
let cluster = TargetDependencyCondition.when(traits: ["Cluster"])

let package = Package(
  name: "trivia",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "NavigatorKit", targets: ["NavigatorKit"]),
    .library(name: "NavigatorKitTesting", targets: ["NavigatorKitTesting"]),
    .executable(name: "trivia", targets: ["trivia"]),
    .executable(name: "trivia-night", targets: ["trivia-night"]),
  ],
  traits: [
    .trait(name: "Night", description: "trivia-night: a night's network, its tests and figure 8."),
    .trait(
      name: "Cluster", description: "trivia-night's room and edges on PostgreSQL, and NotifyLoad (#30).",
      enabledTraits: ["Night"]),
    .default(enabledTraits: []),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // `make docs`: NavigatorKit's documentation, built with warnings as errors.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Trivia night: its own executable, so a plain `trivia` does not link NIO.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    // Beyond one machine (#30): PostgreSQL's LISTEN/NOTIFY, measured first by NotifyLoad.
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    // A teacher's own quiz (#38): a spreadsheet saved as CSV, or an Excel or LibreOffice workbook.
    .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    // Joining a night with a plain `ssh` (#39): its server, and the host key's ed25519.
    .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
    .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
  ],
  targets: [
    // Its generic code specialized in the app for the app's view type, not dispatched at run time.
    .target(name: "NavigatorKit", swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]),
    // Recorders and assertions for an app's navigation tests; import it from test targets only.
    .target(name: "NavigatorKitTesting", dependencies: ["NavigatorKit"]),
    // Numbers as a sentence says them: for ScreenKit, which passes them on to the screens, and
    // for TriviaData's messages, which see no ScreenKit.
    .target(name: "NumberWords"),
    .target(name: "ScreenKit", dependencies: ["NumberWords"]),
  ]
    + screens.map { name in
      .target(name: name, dependencies: ["ScreenKit"], path: "Sources/Screens/\(name)")
    }
    + [
      .target(
        name: "TriviaData", dependencies: ["CurlShim", "NumberWords", "BundledBank", "SystemThreads", "TriviaSheets"]),
      // A thread of its own, started the one careful way: for work that blocks, and for a
      // workbook's inflating beside its reading.
      .target(name: "SystemThreads"),
      // A spreadsheet's cells, from CSV or XLSX, and an XLSX written: the only code that brings
      // Foundation's CSV and ZIP readers. TriviaData calls it only for a file that is one.
      .target(
        name: "TriviaSheets",
        dependencies: [
          "SystemThreads", "CZlibCheck", .product(name: "CSV", package: "CSV.swift"),
          .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
      // The bundled bank, Data/questions.json, embedded by the C compiler (#embed, C23): as
      // SwiftPM's embedInCode, a Swift array literal, it took a release build 100 s more.
      .target(name: "BundledBank", cSettings: [.unsafeFlags(["-std=c23"])]),
      // libcurl through dlopen, so it loads only when a web source does.
      .target(name: "CurlShim", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
      .target(
        name: "TriviaApp",
        dependencies: ["NavigatorKit", "ScreenKit", "TriviaData", "TriviaHistory", "NightKit", "NightRelay"]
          + screens.map { .target(name: $0) }
      ),
      // The pipe between the game and trivia-night: plain values, one JSON line each.
      .target(name: "NightRelay", dependencies: ["NightKit"]),
      // A night's network, in an executable of its own: linking NIO into trivia would cost every
      // game its start-up and a fresh machine's `make play` three minutes of build.
      .executableTarget(
        name: "trivia-night",
        dependencies: [
          "NightRelay", "TriviaNight", "CQRencode", "NightCluster", "NightKit", "NightSSH",
          .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
      ),
      // A night beyond one machine: PostgreSQL between the room (`trivia-night room`, beside
      // `trivia host`) and its edges (`trivia-night edge`). Without the trait Cluster it is empty.
      .target(
        name: "NightCluster",
        dependencies: [
          "NightRelay", "NightKit",
          .product(name: "PostgresNIO", package: "postgres-nio", condition: cluster),
          .product(name: "Logging", package: "swift-log", condition: cluster),
        ]),
      // Joining over SSH (#39): a session is a `trivia join` on a pseudo-terminal of its own.
      // Transport only: it knows the night by its code and address, not by its rules.
      .target(
        name: "NightSSH",
        dependencies: [
          "PseudoTerminalShim",
          .product(name: "NIOSSH", package: "swift-nio-ssh", condition: night),
          .product(name: "Crypto", package: "swift-crypto", condition: night),
          .product(name: "NIOCore", package: "swift-nio", condition: night),
          .product(name: "NIOPosix", package: "swift-nio", condition: night),
        ]),
      // openpty, login_tty's parts and TIOCSWINSZ, which Swift's Glibc module does not declare.
      .target(name: "PseudoTerminalShim", linkerSettings: [.linkedLibrary("util", .when(platforms: [.linux]))]),
      // The join URL's QR code, encoded in trivia-night so that trivia does not link it.
      .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
      .systemLibrary(
        name: "CLibedit",
        pkgConfig: "libedit",
        providers: [.apt(["libedit-dev"])]
      ),
      .target(name: "EditLineShim", dependencies: ["CLibedit"]),
      // The system's libsqlite3, for what the game keeps about its player.
      .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
      // zlib's crc32, for a workbook's parts checked as they are unpacked: ZIPFoundation inflates
      // with zlib but, on Linux, checks with a loop of its own, a byte at a time.
      .systemLibrary(name: "CZlibCheck", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
      .target(name: "TriviaHistory", dependencies: ["CSQLite", "SystemThreads", "TriviaData"]),
      // Links delivered to a running game over a Unix socket; knows nothing of the app.
      .target(name: "TriviaLink", dependencies: ["LinkSocketShim"]),
      // accept4 and SO_PEERCRED, which Swift's Glibc module does not declare.
      .target(name: "LinkSocketShim"),
      // A trivia night's rules as a state machine with the host's clock passed in: the night's
      // server and players share its messages, and its tests need no network.
      // Optimized in a debug build too: `make test` plays 1,000 whole nights on it (NightSimulation),
      // about 55 s of CPU unoptimized beside suites that time real sockets, 7 s optimized.
      .target(name: "NightKit", swiftSettings: [.unsafeFlags(["-O"])]),
      // Whole nights with faults in virtual time (`make simulate`): NightKit's and NightRelay's own
      // state machines, joined by models of the network and PostgreSQL that promise no more than they do.
      .target(
        name: "NightSimulation", dependencies: ["NightKit", "NightRelay"], swiftSettings: [.unsafeFlags(["-O"])]),
      .executableTarget(
        name: "night-simulate",
        dependencies: ["NightSimulation", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
      // A night's transport: WebSocket text frames in and out, polled by the terminal's loop.
      // Its player's page and big screen (Page/) are embedded in the binary: a night serves
      // them with no files.
      .target(
        name: "TriviaNight",
        dependencies: [
          "NightKit", "NightRelay",
          .product(name: "Hummingbird", package: "hummingbird", condition: night),
          .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: night),
          .product(name: "WSClient", package: "swift-websocket", condition: night),
          .product(name: "NIOCore", package: "swift-nio", condition: night),
          .product(name: "NIOHTTP1", package: "swift-nio", condition: night),
          .product(name: "NIOPosix", package: "swift-nio", condition: night),
          .product(name: "NIOWebSocket", package: "swift-nio", condition: night),
          .product(name: "Logging", package: "swift-log", condition: night),
        ],
        resources: [
          .embedInCode("Page/page.html"), .embedInCode("Page/page.css"), .embedInCode("Page/page.js"),
          .embedInCode("Page/screen.html"), .embedInCode("Page/screen.css"), .embedInCode("Page/screen.js"),
        ]),
      .target(name: "TriviaTerminal", dependencies: ["NavigatorKit", "ScreenKit", "EditLineShim", "TriviaData"]),
      // `trivia check` and `trivia convert`: for people who write their own banks.
      .target(
        name: "TriviaTools",
        dependencies: ["TriviaData", "TriviaTerminal", "ScreenKit", "GameScreen", "FeedbackScreen"]),
      .executableTarget(
        name: "trivia",
        dependencies: [
          "TriviaApp", "TriviaData", "TriviaHistory", "TriviaLink", "TriviaTerminal", "TriviaTools", "NavigatorKit",
          "NightRelay",
          "ScreenKit",
          .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        // The toolchain's lld: GNU ld warns, at every static link, about a mktemp call inside
        // Foundation's own code, which a newcomer's first build should not show.
        linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
      ),
      .testTarget(name: "NavigatorKitTests", dependencies: ["NavigatorKit", "NavigatorKitTesting", "ProcessSpawn"]),
      .testTarget(
        name: "ScreenTests", dependencies: ["ScreenKit", "ProcessSpawn"] + screens.map { .target(name: $0) }),
      // Fixtures/: question files written as their users write them, read by path (#38).
      .testTarget(
        name: "TriviaDataTests", dependencies: ["TriviaData", "ProcessSpawn", "FixtureFolders"], exclude: ["Fixtures"]),
      .testTarget(
        name: "TriviaAppTests",
        dependencies: ["TriviaApp", "TriviaData", "TriviaTerminal", "NavigatorKit", "NavigatorKitTesting", "ScreenKit"]),
      .testTarget(name: "TriviaHistoryTests", dependencies: ["TriviaHistory", "TriviaData", "CSQLite"]),
      .testTarget(name: "TriviaTerminalTests", dependencies: ["TriviaTerminal", "ScreenKit"]),
      .testTarget(name: "TriviaLinkTests", dependencies: ["TriviaLink", "ProcessSpawn"]),
      // A real night on loopback: real sockets, real clients.
      .testTarget(
        name: "TriviaNightTests",
        dependencies: [
          "TriviaNight", "NightKit", "NightRelay", "LoopbackSocket",
          .product(name: "WSClient", package: "swift-websocket", condition: night),
          .product(name: "NIOCore", package: "swift-nio", condition: night),
          .product(name: "NIOWebSocket", package: "swift-nio", condition: night),
          .product(name: "Logging", package: "swift-log", condition: night),
        ]),
      .testTarget(name: "TriviaToolsTests", dependencies: ["TriviaTools", "TriviaData", "FixtureFolders"]),
      .testTarget(
        name: "TriviaSheetsTests",
        dependencies: ["TriviaSheets", "TriviaData", "TriviaTools", "FixtureFolders", "ProcessSpawn"],
        exclude: ["Fixtures"]),
      .testTarget(name: "NightKitTests", dependencies: ["NightKit"]),
      .testTarget(name: "NightSimulationTests", dependencies: ["NightSimulation", "NightKit"]),
      // A raw TCP connection to a night, for its transport's tests and its wire tests.
      .target(name: "LoopbackSocket", path: "Tests/LoopbackSocket"),
      // Starting a child as a shell would, with no Foundation `Process`, on pipes or on a terminal
      // of its own: every test target's.
      .target(name: "ProcessSpawn", path: "Tests/ProcessSpawn"),
      // A temporary folder for a test's fixtures, and the OpenTriviaQA data beside the repository.
      .target(name: "FixtureFolders", path: "Tests/FixtureFolders"),
      // TriviaHistory: a history file written as the game writes it, for the game to read.
      .testTarget(name: "EndToEndTests", dependencies: ["trivia", "ProcessSpawn", "TriviaHistory"]),
      // Whole nights: `trivia host` and `trivia join` processes, and a wire client of its own.
      .testTarget(
        name: "NightTests",
        dependencies: [
          "trivia", "trivia-night", "NightKit", "NightCluster", "ProcessSpawn", "LoopbackSocket",
          .product(name: "WSClient", package: "swift-websocket", condition: night),
          .product(name: "NIOCore", package: "swift-nio", condition: night),
          .product(name: "NIOWebSocket", package: "swift-nio", condition: night),
          .product(name: "Logging", package: "swift-log", condition: night),
          .product(name: "PostgresNIO", package: "postgres-nio", condition: cluster),
        ]),
      // The lobby's QR code read back by zbarimg: trivia-night encodes it, trivia draws it.
      .testTarget(name: "QRCodeTests", dependencies: ["trivia", "trivia-night", "ProcessSpawn"]),
      .executableTarget(
        name: "NavigatorBenchmark", dependencies: ["NavigatorKit"], path: "Benchmarks/NavigatorBenchmark"),
      // Spreadsheets against the project's JSON (#38): each file read as --source reads it.
      .executableTarget(name: "SheetBenchmark", dependencies: ["TriviaData"], path: "Benchmarks/SheetBenchmark"),
      // Figure 8: N players on loopback against a real `trivia host`, from one process.
      .executableTarget(
        name: "NightLoad",
        dependencies: [
          "NightKit", "NightRelay",
          .product(name: "WSClient", package: "swift-websocket", condition: night),
          .product(name: "NIOCore", package: "swift-nio", condition: night),
          .product(name: "NIOPosix", package: "swift-nio", condition: night),
          .product(name: "NIOHTTP1", package: "swift-nio", condition: night),
          .product(name: "NIOWebSocket", package: "swift-nio", condition: night),
          .product(name: "Logging", package: "swift-log", condition: night),
          // A night over several machines (#30): the edges' PostgreSQL, watched.
          .target(name: "NightCluster", condition: cluster),
          .product(name: "PostgresNIO", package: "postgres-nio", condition: cluster),
        ],
        path: "Benchmarks/NightLoad",
        // As trivia-night's: PostgresNIO brings Foundation, and GNU ld warns at a static link
        // about its own mktemp.
        linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
      // Before #30: how many NOTIFYs a second, and how many MB, PostgreSQL carries here between
      // a room and its edges. Without the trait Cluster it is a stub that says so.
      .executableTarget(
        name: "NotifyLoad",
        dependencies: [
          .product(name: "PostgresNIO", package: "postgres-nio", condition: cluster),
          .product(name: "Logging", package: "swift-log", condition: cluster),
        ],
        path: "Benchmarks/NotifyLoad",
        // As trivia's: GNU ld warns at a static link about Foundation's own mktemp.
        linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
    ],
  swiftLanguageModes: [.v6]
)
