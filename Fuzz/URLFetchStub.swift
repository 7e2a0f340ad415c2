import Foundation

/// Stands in for Sources/TriviaData/DataSources/URLFetch.swift in the fuzz build: that file
/// calls the CurlShim C target, which a plain swiftc build lacks. `URLDataSource` names
/// `Fetch`, so the module needs one; no fuzzer fetches.
enum Fetch {
  static func run(url: URL, timeout: Double, limit: Int) async -> FetchOutcome {
    .unavailable("the fuzz build does not fetch")
  }
}
