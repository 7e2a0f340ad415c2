// swift-tools-version: 6.1
import PackageDescription

/// Each screen is its own target that sees only ScreenKit, so one screen cannot name another.
let screens = [
  "LandingScreen", "GameScreen", "FeedbackScreen", "CompleteScreen",
  "OptionsScreen", "DifficultyScreen", "NoDataScreen",
]

let package = Package(
  name: "trivia",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "NavigatorKit", targets: ["NavigatorKit"]),
    .executable(name: "trivia", targets: ["trivia"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .target(name: "NavigatorKit"),
    .target(name: "ScreenKit"),
  ]
    + screens.map { name in
      .target(name: name, dependencies: ["ScreenKit"], path: "Sources/Screens/\(name)")
    }
    + [
      .target(
        name: "TriviaData",
        dependencies: ["CurlShim"],
        resources: [.embedInCode("Bundled/questions.json")]
      ),
      // libcurl through dlopen, so it loads only when a web source does.
      .target(name: "CurlShim", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
      .target(
        name: "TriviaApp",
        dependencies: ["NavigatorKit", "ScreenKit", "TriviaData"] + screens.map { .target(name: $0) }
      ),
      .systemLibrary(
        name: "CLibedit",
        pkgConfig: "libedit",
        providers: [.apt(["libedit-dev"])]
      ),
      .target(name: "EditLineShim", dependencies: ["CLibedit"]),
      .target(name: "TriviaTerminal", dependencies: ["NavigatorKit", "ScreenKit", "EditLineShim", "TriviaData"]),
      .executableTarget(
        name: "trivia",
        dependencies: [
          "TriviaApp", "TriviaData", "TriviaTerminal", "NavigatorKit", "ScreenKit",
          .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
      ),
      .testTarget(name: "NavigatorKitTests", dependencies: ["NavigatorKit"]),
      .testTarget(name: "ScreenTests", dependencies: ["ScreenKit"] + screens.map { .target(name: $0) }),
      .testTarget(name: "TriviaDataTests", dependencies: ["TriviaData"]),
      .testTarget(name: "TriviaAppTests", dependencies: ["TriviaApp", "TriviaData", "NavigatorKit", "ScreenKit"]),
      .testTarget(name: "TriviaTerminalTests", dependencies: ["TriviaTerminal", "ScreenKit"]),
      .testTarget(name: "EndToEndTests", dependencies: ["trivia"]),
      .executableTarget(
        name: "NavigatorBenchmark", dependencies: ["NavigatorKit"], path: "Benchmarks/NavigatorBenchmark"),
    ],
  swiftLanguageModes: [.v6]
)
