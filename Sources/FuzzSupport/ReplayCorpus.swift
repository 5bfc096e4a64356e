import Foundation

/// Runs `body` on every file named in `paths`, and on every file inside each folder named
/// there (sorted by name, hidden files skipped): how a fuzz target replays its corpus and its
/// committed crashers without libFuzzer. Exits with status 2 when a path cannot be read.
/// Returns the number of inputs replayed.
public func replayCorpus<Paths: Sequence<String>>(
  _ paths: Paths, name: String, _ body: ([UInt8]) -> Void
) -> Int {
  var count = 0
  for path in paths {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      FileHandle.standardError.write(Data("\(name): \(path): no such file or folder\n".utf8))
      exit(2)
    }
    let files: [String]
    if isFolder.boolValue {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      files = names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
    } else {
      files = [path]
    }
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      body([UInt8](data))
      count += 1
    }
  }
  return count
}
