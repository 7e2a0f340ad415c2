import Glibc

extension DataSourceSpec {
  /// What Tab offers for a source typed so far: `bundled`, `opentdb`, and the files and
  /// folders whose names begin with it (folders end in `/`, hidden ones only when a dot is
  /// typed), sorted, at most `limit` of them.
  public static func completions(for typed: String, limit: Int = 500) -> [String] {
    let words = ["bundled", "opentdb"].filter { $0.hasPrefix(typed.lowercased()) && !typed.isEmpty }
    let slash = typed.lastIndex(of: "/")
    let folder = slash.map { String(typed[...$0]) } ?? ""
    let start = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
    guard let directory = opendir(folder.isEmpty ? "." : folder) else { return words }
    defer { closedir(directory) }
    var names: [String] = []
    while names.count < limit, let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard name != ".", name != "..", name.hasPrefix(start), start.hasPrefix(".") || !name.hasPrefix(".") else {
        continue
      }
      var info = stat()
      let isFolder = stat(folder + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
      names.append(folder + name + (isFolder ? "/" : ""))
    }
    return words + names.sorted()
  }
}
