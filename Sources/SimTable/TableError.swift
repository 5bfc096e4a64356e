/// Why a table operation was refused. The table and its model are unchanged when one is thrown.
///
/// Scenario events name rows as index paths at the moment they apply, so a hand-written or
/// shrunk scenario can easily name a row that no longer exists; these errors say which.
package enum TableError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A row outside `0..<count` (or `0...count` for an insertion point).
  case rowOutOfRange(operation: String, row: Int, count: Int)
  /// A count that is negative, or that runs past the end of the table.
  case invalidCount(operation: String, row: Int, count: Int, rows: Int)
  /// The same row named twice in one reload.
  case duplicateRow(operation: String, row: Int)
  /// Explicit new items whose ids are already in use, or not one per inserted row.
  case invalidItems(operation: String, reason: String)
  /// The table was changed from inside one of its own layout callbacks, which UIKit forbids
  /// (it raises an internal-inconsistency exception).
  case mutationDuringLayout(operation: String)
  /// The configuration is invalid; each entry is one problem.
  case invalidConfiguration([String])

  /// A sentence that says what was refused and why.
  package var description: String {
    switch self {
    case .rowOutOfRange(let operation, let row, let count):
      return "\(operation): row \(row) is out of range; the table has \(count) rows "
        + "(valid rows are 0..<\(count))"
    case .invalidCount(let operation, let row, let count, let rows):
      return "\(operation): \(count) rows from row \(row) do not fit a table of \(rows) rows"
    case .duplicateRow(let operation, let row):
      return "\(operation): row \(row) is named more than once"
    case .invalidItems(let operation, let reason):
      return "\(operation): \(reason)"
    case .mutationDuringLayout(let operation):
      return "\(operation): the table was changed from inside its own layout pass "
        + "(a cellForRow/willDisplay/didEndDisplaying callback); defer the change with "
        + "main.async, as UIKit requires"
    case .invalidConfiguration(let problems):
      return "invalid table configuration: " + problems.joined(separator: "; ")
    }
  }
}
