import Foundation
import Scenarios
import SimKernel
import TestSupport
import Testing

/// 10,000 deterministic random edits of valid scenarios: every result is either a scenario
/// that survives a round trip through `yamlText()`, or a typed error with a location inside
/// the file. Nothing crashes and no case takes long.
@Suite("Mutating valid scenarios")
struct MutationTests {
  static let cases = 10_000
  static let perCaseBudget = Duration.seconds(2)

  @Test("10,000 random edits give valid scenarios or located, typed errors")
  func mutations() throws {
    let bases = TestFiles.validFiles.map(TestFiles.text)
    try #require(!bases.isEmpty)
    let random = SeededRandom(seed: 0x5CE9_A210)
    let clock = ContinuousClock()
    var valid = 0
    var kinds: [ScenarioError.Kind: Int] = [:]
    for index in 0..<Self.cases {
      var stream = random.stream("mutation", index)
      let base = bases[Int(stream.next(below: UInt64(bases.count)))]
      let text = Mutator.mutate(base, edits: 1 + Int(stream.next(below: 3)), using: &stream)
      let start = clock.now
      do {
        let scenario = try Scenario(
          yaml: text, file: "case-\(index)", fixturesRoot: Repository.fixtures)
        valid += 1
        let again = try Scenario(yaml: scenario.yamlText(), fixturesRoot: Repository.fixtures)
        #expect(again == scenario, "case \(index) does not round-trip:\n\(text)")
      } catch {
        kinds[error.kind, default: 0] += 1
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(error.line >= 1 && error.line <= lines + 1, "case \(index): \(error)\n\(text)")
        #expect(error.column >= 1, "case \(index): \(error)")
        #expect(error.file == "case-\(index)")
        #expect(!error.message.isEmpty && !error.summary.contains("\n"), "case \(index)")
      }
      #expect(clock.now - start < Self.perCaseBudget, "case \(index) took too long:\n\(text)")
    }
    // The edits must exercise both outcomes, and many kinds of error.
    #expect(valid > 100)
    #expect(kinds.count >= 8, "\(kinds)")
  }

  @Test("valid mutants also run: a result or a typed run error, never a crash or a runaway")
  func mutantsRun() throws {
    let bases = TestFiles.validFiles.map(TestFiles.text)
    let random = SeededRandom(seed: 0x5CE9_A211)
    var ran = 0
    var index = 0
    while ran < 60 && index < 5_000 {
      var stream = random.stream("mutation-run", index)
      index += 1
      let base = bases[Int(stream.next(below: UInt64(bases.count)))]
      let text = Mutator.mutate(base, edits: 1 + Int(stream.next(below: 3)), using: &stream)
      guard
        let scenario = try? Scenario(
          yaml: text, file: "run-\(index)", fixturesRoot: Repository.fixtures,
          knownLoaders: Scenario.builtInLoaderNames)
      else { continue }
      ran += 1
      do {
        let result = try Simulation.run(
          scenario,
          options: SimulationOptions(fixturesRoot: Repository.fixtures, eventLimit: 2_000_000))
        #expect(!result.digest.isEmpty)
      } catch {
        // A typed error that names what went wrong is an acceptable outcome for odd input.
        #expect(!error.description.isEmpty)
      }
    }
    #expect(ran == 60)
  }
}

/// Random text edits: delete, duplicate or swap lines, change numbers, shift indentation,
/// insert garbage, swap keys.
enum Mutator {
  static let garbage: [String] = [
    "{", "}", "[", "]", ",", ":", ": ", "#", "&a", "*a", "!", "|", ">", "'", "\"", "%", "@",
    "`", "\t", "-", "- ", "?", "~", "null", "é", "🎞", "\u{0}", "\u{7F}", "\\", "\n", "  ",
    "x", "0", "-1", "1e999", "99999999999999999999", "ms", "s", "/s", "KB", "{id}", "*",
  ]

  static func mutate(_ text: String, edits: Int, using random: inout RandomStream) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for _ in 0..<edits where !lines.isEmpty {
      let i = Int(random.next(below: UInt64(lines.count)))
      switch random.next(below: 7) {
      case 0: lines.remove(at: i)
      case 1: lines.insert(lines[i], at: i)
      case 2: lines[i] = changeNumber(lines[i], using: &random)
      case 3: lines[i] = shiftIndent(lines[i], using: &random)
      case 4: lines[i] = insertGarbage(lines[i], using: &random)
      case 5:
        let j = Int(random.next(below: UInt64(lines.count)))
        lines.swapAt(i, j)
      default:
        lines[i] = swapKeys(lines[i], with: lines[Int(random.next(below: UInt64(lines.count)))])
      }
    }
    return lines.joined(separator: "\n")
  }

  static func changeNumber(_ line: String, using random: inout RandomStream) -> String {
    var scalars = Array(line.unicodeScalars)
    let digits = scalars.indices.filter { ("0"..."9").contains(scalars[$0]) }
    guard let pick = digits.isEmpty ? nil : digits[Int(random.next(below: UInt64(digits.count)))]
    else { return insertGarbage(line, using: &random) }
    let replacements = ["0", "-1", "7", "1000000", "0.5", "-3.25", "18446744073709551616", "1e3"]
    let replacement = replacements[Int(random.next(below: UInt64(replacements.count)))]
    scalars.replaceSubrange(pick...pick, with: Array(replacement.unicodeScalars))
    return String(String.UnicodeScalarView(scalars))
  }

  static func shiftIndent(_ line: String, using random: inout RandomStream) -> String {
    if random.next(below: 2) == 0 {
      return String(repeating: " ", count: 1 + Int(random.next(below: 2))) + line
    }
    return String(line.drop { $0 == " " }.prefix(line.count))
  }

  static func insertGarbage(_ line: String, using random: inout RandomStream) -> String {
    var scalars = Array(line.unicodeScalars)
    let at = Int(random.next(below: UInt64(scalars.count + 1)))
    let piece = garbage[Int(random.next(below: UInt64(garbage.count)))]
    scalars.insert(contentsOf: piece.unicodeScalars, at: at)
    return String(String.UnicodeScalarView(scalars))
  }

  /// The key of `line` replaced by the key of `other` (both `key: value` lines).
  static func swapKeys(_ line: String, with other: String) -> String {
    guard let colon = line.firstIndex(of: ":"), let otherColon = other.firstIndex(of: ":") else {
      return line
    }
    let indent = line.prefix { $0 == " " || $0 == "-" }
    let otherKey = other[..<otherColon].drop { $0 == " " || $0 == "-" }
    return String(indent) + String(otherKey) + String(line[colon...])
  }
}
