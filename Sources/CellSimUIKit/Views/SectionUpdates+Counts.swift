/// UIKit's check of a batch against the data source's counts.
///
/// When a batch ends, UIKit counts the data source again and raises
/// `NSInternalInconsistencyException` ("Invalid update: invalid number of rows in section 0…")
/// unless every section that existed before the batch now has its old count, plus the rows
/// inserted into it, minus those deleted from it, plus or minus the rows moved into or out of
/// it, and unless the number of sections changed by exactly the sections inserted and deleted.
/// On a device that stops the app: a model changed without telling the view, or told twice, is
/// one of the most common table crashes. The layer makes the same check, with UIKit's message,
/// and stops the run as the exception would. Reloaded and inserted sections may have any count,
/// as in UIKit. A view whose data source was never counted (before its first layout) is not
/// checked: UIKit then reloads instead.
extension SectionUpdating {
  func checkCounts(_ pending: PendingUpdates) {
    guard let old = pending.oldCounts, let new = countedSections else { return }
    let noun = typeName == "UITableView" ? "rows" : "items"
    let view = typeName == "UITableView" ? "table view" : "collection view"
    var inserted = Set<Int>()
    for section in pending.insertedSections { inserted.insert(section) }
    var deleted = Set<Int>()
    for section in pending.deletedSections { deleted.insert(section) }
    guard new.count == old.count + inserted.count - deleted.count else {
      preconditionFailure(
        "\(typeName).\(pending.call): Invalid update: invalid number of sections. The number of "
          + "sections contained in the \(view) after the update (\(new.count)) must be equal to "
          + "the number of sections contained in the \(view) before the update (\(old.count)), "
          + "plus or minus the number of sections inserted or deleted (\(inserted.count) "
          + "inserted, \(deleted.count) deleted)")
    }
    let sources = sectionSources(pending, old: old.count, new: new.count, inserted, deleted)
    var insertedRows = [Int](repeating: 0, count: new.count)
    var movedIn = [Int](repeating: 0, count: new.count)
    var deletedRows = [Int](repeating: 0, count: old.count)
    var movedOut = [Int](repeating: 0, count: old.count)
    for path in pending.insertedRows where new.indices.contains(path.section) {
      insertedRows[path.section] += 1
    }
    for path in pending.deletedRows where old.indices.contains(path.section) {
      deletedRows[path.section] += 1
    }
    for (from, to) in pending.movedRows
    where old.indices.contains(from.section) && new.indices.contains(to.section) {
      movedOut[from.section] += 1
      movedIn[to.section] += 1
    }
    var reloaded = Set<Int>()
    for section in pending.reloadedSections { reloaded.insert(section) }
    for section in new.indices {
      let source = sources[section]
      guard source >= 0, !reloaded.contains(source) else { continue }
      let expected =
        old[source] + insertedRows[section] - deletedRows[source] + movedIn[section]
        - movedOut[source]
      guard new[section] != expected else { continue }
      preconditionFailure(
        "\(typeName).\(pending.call): Invalid update: invalid number of \(noun) in section "
          + "\(section). The number of \(noun) contained in an existing section after the update "
          + "(\(new[section])) must be equal to the number of \(noun) contained in that section "
          + "before the update (\(old[source])), plus or minus the number of \(noun) inserted or "
          + "deleted from that section (\(insertedRows[section]) inserted, "
          + "\(deletedRows[source]) deleted) and plus or minus the number of \(noun) moved into "
          + "or out of that section (\(movedIn[section]) moved in, \(movedOut[source]) moved out)")
    }
  }

  /// For each section after the batch, the section it was before (-1 for an inserted one): moved
  /// sections at their destinations, the others in their old order around them.
  private func sectionSources(
    _ pending: PendingUpdates, old: Int, new: Int, _ inserted: Set<Int>, _ deleted: Set<Int>
  ) -> [Int] {
    var sources = [Int](repeating: -2, count: new)
    var moved = Set<Int>()
    for section in inserted where sources.indices.contains(section) { sources[section] = -1 }
    for (from, to) in pending.movedSections where sources.indices.contains(to) {
      sources[to] = from
      moved.insert(from)
    }
    var next = 0
    for section in 0..<old where !deleted.contains(section) && !moved.contains(section) {
      while next < new, sources[next] != -2 { next += 1 }
      guard next < new else { break }
      sources[next] = section
    }
    return sources
  }
}
