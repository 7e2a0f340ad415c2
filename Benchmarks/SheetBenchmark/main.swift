// How long the game's readers take over question files, each told by content and read as
// `--source FILE` reads it (QuestionFormat.decode): for #38's "a spreadsheet of 10,000
// questions within 2x of the project's JSON of the same size". Prints, for each file given,
// the fastest of `--runs` reads (10 by default) and the median, in milliseconds.
//
//   swift build -c release --product SheetBenchmark
//   .build/release/SheetBenchmark q10k.json q10k.csv q10k.xlsx
import Glibc
import TriviaData

var runs = 10
var files: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  if argument == "--runs", let count = arguments.popFirst().flatMap({ Int($0) }) {
    runs = count
  } else {
    files.append(argument)
  }
}

func contents(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count == 0 { break }
    bytes += buffer[..<count]
  }
  return bytes
}

let clock = ContinuousClock()
for path in files {
  guard let bytes = contents(path) else {
    print("\(path): cannot read")
    continue
  }
  var times: [Duration] = []
  var count = 0
  let format = QuestionFormat.detect(bytes: bytes)?.description ?? "no format"
  for _ in 0..<runs {
    let start = clock.now
    do {
      let bank = try bytes.withUnsafeBufferPointer { try QuestionFormat.decode($0, name: path) }
      count = bank.questions.count
    } catch {
      print("\(path): \(error)")
      break
    }
    times.append(clock.now - start)
  }
  guard !times.isEmpty else { continue }
  times.sort()
  func milliseconds(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    return String(Int(value * 10) / 10) + "." + String(Int(value * 10) % 10)
  }
  print(
    "\(path) (\(format), \(bytes.count) bytes, \(count) questions): fastest \(milliseconds(times[0])) ms, "
      + "median \(milliseconds(times[times.count / 2])) ms")
}
