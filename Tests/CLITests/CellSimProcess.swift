import Foundation

/// Runs the built `cellsim` binary in a child process.
enum CellSimProcess {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The `cellsim` executable built beside this test bundle.
  static var binary: URL {
    get throws {
      // The test bundle lives in the products directory, next to the executable.
      var candidates: [URL] = []
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        candidates.append(bundle.bundleURL.deletingLastPathComponent())
      }
      candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
      let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
      candidates.append(root.appendingPathComponent(".build/debug"))
      for directory in candidates {
        let url = directory.appendingPathComponent("cellsim")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
      }
      throw CLITestError.binaryMissing(candidates.map(\.path))
    }
  }

  /// Runs `cellsim` with `arguments` and collects its output and exit status.
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = try binary
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes fully before waiting, so a chatty child cannot block on a full pipe.
    let errData = FutureData(err.fileHandleForReading)
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData.value, as: UTF8.self))
  }
}

/// Reads a file handle to its end on a background thread.
final class FutureData: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in  // allowed: test harness I/O, outside any simulation
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  var value: Data {
    done.wait()
    return data
  }
}

enum CLITestError: Error, CustomStringConvertible {
  case binaryMissing([String])

  var description: String {
    switch self {
    case .binaryMissing(let places):
      return "the cellsim binary was not found (looked in \(places.joined(separator: ", "))); "
        + "run `swift build` first"
    }
  }
}
