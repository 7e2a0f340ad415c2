import FoundationEssentials
import Glibc

/// Where the player asked for questions to come from, as written on the command line.
///
/// - `bundled`: the questions built into the program;
/// - `opentdb`: the Open Trivia DB API (`opentdb?category=9` adds to its query);
/// - an `http://` or `https://` URL: an API that answers as Open Trivia DB does;
/// - a folder: every question file in it;
/// - anything else: one question file, of any format `QuestionFormat` knows.
public enum DataSourceSpec: Sendable, Equatable {
  case bundled
  case url(URL)
  case directory(String)
  case file(String)

  public static func parse(_ spec: String) -> DataSourceSpec {
    let trimmed = spec.trimmedSpaces
    switch trimmed.lowercased() {
    case "bundled": return .bundled
    case "opentdb": return .url(URL(string: URLDataSource.openTriviaDB)!)
    default: break
    }
    if trimmed.lowercased().hasPrefix("opentdb?"),
      let url = URL(string: URLDataSource.openTriviaDB + trimmed.dropFirst("opentdb".count))
    {
      return .url(url)
    }
    if let source = URLDataSource(trimmed) { return .url(source.url) }
    var info = stat()
    if stat(spec, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return .directory(spec) }
    return .file(spec)
  }

  /// The source this spec names; a web source keeps its session tokens in `tokens`.
  public func makeDataSource(tokens: OpenTriviaDBTokenStore? = nil) -> any DataSource {
    switch self {
    case .bundled: BundledDataSource()
    case .url(let url): URLDataSource(url: url, tokens: tokens)
    case .directory(let path): DirectoryDataSource(path: path)
    case .file(let path): FileDataSource(path: path)
    }
  }
}

/// The source a `--source` value names: `bundled`, `opentdb`, an http(s) URL, a folder, or
/// a file. See `DataSourceSpec`.
public func makeDataSource(spec: String) -> any DataSource {
  DataSourceSpec.parse(spec).makeDataSource()
}
