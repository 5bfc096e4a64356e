public import SimKernel

/// One broken invariant: when, where, and a sentence a person can act on.
public struct Violation: Sendable, Equatable {
  /// The invariant broken.
  public let invariant: Scenario.InvariantID
  /// When it was detected.
  public let time: SimTime
  /// The frame number at that time (the last committed frame), or nil before any frame.
  public let frame: Int64?
  /// The row involved, if any.
  public let row: Int?
  /// The item involved, if any.
  public let item: Int?
  /// The cell involved, if any.
  public let cell: Int?
  /// The URLs involved, sorted.
  public let urls: [String]
  /// What happened and why it matters.
  public let detail: String
}

/// The violations of a run: the first per (invariant, row), and a total count per invariant.
public struct ViolationReport: Sendable, Equatable {
  /// The first violation of each (invariant, row), in the order they happened.
  public private(set) var firstPerRow: [Violation] = []
  /// The old name of `firstPerRow`, which read like `Array.first` (one violation) though it is
  /// a list.
  @available(*, deprecated, renamed: "firstPerRow")
  public var first: [Violation] { firstPerRow }
  /// How many times each invariant was violated, in `Scenario.InvariantID` order.
  public private(set) var counts: [Scenario.InvariantID: Int] = [:]
  var seen: Set<Key> = []

  struct Key: Hashable {
    var invariant: Scenario.InvariantID
    var row: Int?
  }

  /// Records `violation`; it is kept if it is the first of its (invariant, row).
  mutating func record(_ violation: Violation) {
    counts[violation.invariant, default: 0] += 1
    if seen.insert(Key(invariant: violation.invariant, row: violation.row)).inserted {
      firstPerRow.append(violation)
    }
  }

  /// The invariants violated at least once, in `Scenario.InvariantID` order.
  public var violated: [Scenario.InvariantID] {
    Scenario.InvariantID.allCases.filter { (counts[$0] ?? 0) > 0 }
  }

  /// The total count for `invariant`.
  public func count(_ invariant: Scenario.InvariantID) -> Int { counts[invariant] ?? 0 }

  /// The first violation of `invariant`, if any.
  public func firstViolation(of invariant: Scenario.InvariantID) -> Violation? {
    firstPerRow.first { $0.invariant == invariant }
  }

  /// Whether nothing was violated.
  public var isEmpty: Bool { firstPerRow.isEmpty }
}
