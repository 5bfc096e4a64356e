/// The reuse pool: cells waiting to be dequeued, one queue per reuse identifier.
///
/// UIKit rule (docs/design.md, Table): the pool is a stack per reuse identifier (LIFO) by default,
/// or FIFO as an option; a memory warning empties it. Identifiers are kept in first-use order so
/// that nothing about the pool depends on hashing order.
package struct ReusePool {
  /// Cells waiting, per identifier; a FIFO queue is read from `heads[i]` forward.
  var identifiers: [String] = []
  var queues: [[TableCell]] = []
  var heads: [Int] = []
  /// The order cells are handed out in.
  package let order: ReuseOrder
  /// The number of cells waiting across every identifier.
  package private(set) var count = 0

  package init(order: ReuseOrder) { self.order = order }

  /// Adds `cell` to its identifier's queue and marks it pooled.
  package mutating func enqueue(_ cell: TableCell) {
    precondition(cell.placement != .pooled, "ReusePool: cell \(cell.cellID) is already pooled")
    cell.placement = .pooled
    let index = slot(for: cell.reuseIdentifier)
    queues[index].append(cell)
    count += 1
  }

  /// Removes and returns a waiting cell for `identifier` in the pool's order, or nil.
  package mutating func dequeue(_ identifier: String) -> TableCell? {
    guard let index = identifiers.firstIndex(of: identifier) else { return nil }
    let cell: TableCell
    switch order {
    case .lifo:
      guard let last = queues[index].popLast() else { return nil }
      cell = last
    case .fifo:
      guard heads[index] < queues[index].count else { return nil }
      cell = queues[index][heads[index]]
      heads[index] += 1
      if heads[index] == queues[index].count {
        queues[index].removeAll(keepingCapacity: true)
        heads[index] = 0
      } else if heads[index] >= 32 && heads[index] * 2 >= queues[index].count {
        // A pool that never drains would otherwise grow forever; drop the consumed prefix.
        queues[index].removeFirst(heads[index])
        heads[index] = 0
      }
    }
    count -= 1
    return cell
  }

  /// Empties the pool (a memory warning) and returns how many cells it released.
  @discardableResult
  package mutating func removeAll() -> Int {
    let released = count
    for index in queues.indices {
      queues[index].removeAll()
      heads[index] = 0
    }
    count = 0
    return released
  }

  /// Every waiting cell, identifier by identifier, in the order they would be dequeued.
  package var cells: [TableCell] {
    var all: [TableCell] = []
    for index in queues.indices {
      let waiting = queues[index][heads[index]...]
      all.append(contentsOf: order == .lifo ? Array(waiting.reversed()) : Array(waiting))
    }
    return all
  }

  mutating func slot(for identifier: String) -> Int {
    if let index = identifiers.firstIndex(of: identifier) { return index }
    identifiers.append(identifier)
    queues.append([])
    heads.append(0)
    return identifiers.count - 1
  }

  /// Checks the pool's bookkeeping: counts add up and every waiting cell is marked pooled,
  /// under its own identifier, once.
  package func _checkInvariants() {
    var total = 0
    var seen = Set<Int>()
    for index in queues.indices {
      precondition(heads[index] <= queues[index].count, "ReusePool: head past the queue")
      for cell in queues[index][heads[index]...] {
        precondition(cell.placement == .pooled, "ReusePool: cell \(cell.cellID) not marked pooled")
        precondition(
          cell.reuseIdentifier == identifiers[index],
          "ReusePool: cell \(cell.cellID) queued under the wrong identifier")
        precondition(seen.insert(cell.cellID).inserted, "ReusePool: cell \(cell.cellID) twice")
        total += 1
      }
    }
    precondition(total == count, "ReusePool: count \(count) but \(total) cells waiting")
  }
}
