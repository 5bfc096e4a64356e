import SimKernel

/// Reading `events`, with the row count tracked through inserts and deletes.
///
/// Events apply in `at` order and, at one instant, in file order; `at` must not decrease, so
/// file order is application order, and the only events that change the number of rows are
/// `insert_rows` and `delete_rows`. The row count at every event is therefore known exactly
/// before the run, and every row an event names is checked against it.
extension ScenarioReader {
  func readEvents(_ value: YAMLValue, table: Scenario.Table, runUntil: SimTime?)
    throws(ScenarioError) -> [Scenario.Event]
  {
    var events: [Scenario.Event] = []
    var rows = table.rows
    let elements = try value.list("a list of events")
    // Counted before any is read: a million events took more than 1 GB and 60 s to run.
    if elements.count > Scenario.Limits.maxEvents {
      throw elements[Scenario.Limits.maxEvents].error(
        .outOfRange,
        "\(elements.count) events is more than the \(Scenario.Limits.maxEvents) a scenario may "
          + "list",
        hint: "split the run into several scenarios")
    }
    for element in elements {
      let fields = try element.mapping(
        keys: ["at"] + Scenario.Action.keys, what: "an event {at: …, <action>: …}")
      let atValue = try fields.required("at", "when the event applies")
      let at = SimTime.zero + (try atValue.duration())
      if at.sinceStart > Scenario.Limits.maxDuration {
        throw atValue.error(
          .outOfRange,
          "event at \(at) is beyond the longest run CellSim simulates (\(Scenario.Limits.maxDuration))"
        )
      }
      if let previous = events.last, at < previous.at {
        throw atValue.error(
          .outOfOrder,
          "events out of order: \(at) is earlier than the previous event's \(previous.at)",
          hint: "list events by time; events at the same time apply in file order")
      }
      if let runUntil, at > runUntil {
        throw atValue.error(.outOfOrder, "event at \(at) is after run_until \(runUntil)")
      }
      let actions = fields.entries.filter { $0.key != "at" }
      guard let first = actions.first else {
        throw element.error(
          .missingKey, "an event needs one action",
          hint: "actions: " + Scenario.Action.keys.joined(separator: ", "))
      }
      if actions.count > 1 {
        let second = YAMLValue(node: actions[1].keyNode, path: actions[1].value.path, file: file)
        throw second.error(
          .conflictingKeys,
          "two actions in one event (\"\(first.key)\" and \"\(actions[1].key)\"); "
            + "give each its own event")
      }
      let context = RowContext(rows: rows, at: at)
      let action = try readAction(first.key, first.value, context)
      rows += action.rowCountChange
      if rows > Scenario.Limits.maxRows {
        throw first.value.error(
          .outOfRange,
          "this insert makes \(rows) rows; a table holds at most \(Scenario.Limits.maxRows)")
      }
      events.append(Scenario.Event(at: at, action: action))
    }
    return events
  }

  /// The number of rows when an event applies, for range checks.
  struct RowContext {
    let rows: Int
    let at: SimTime

    /// A row index that exists at this moment.
    func row(_ value: YAMLValue) throws(ScenarioError) -> Int {
      let row = try value.count("a row index of zero or more")
      guard row < rows else {
        let has = rows == 0 ? "has no rows" : "has \(rows) row(s), 0 to \(rows - 1)"
        throw value.error(.outOfRange, "row \(row) is out of range: at \(at) the table \(has)")
      }
      return row
    }
  }

  private func readAction(_ key: String, _ value: YAMLValue, _ context: RowContext)
    throws(ScenarioError) -> Scenario.Action
  {
    switch key {
    case "drag":
      let f = try value.mapping(keys: ["by", "over"], what: "{by: points, over: duration}")
      return .drag(
        by: try f.required("by", "points to move the content").number(),
        over: try f.required("over", "how long the drag lasts").duration())
    case "release":
      let f = try value.mapping(keys: ["velocity"], what: "{velocity: points per second}")
      return .release(velocity: try f.required("velocity", "points per second").number())
    case "fling":
      let f = try value.mapping(keys: ["velocity"], what: "{velocity: points per second}")
      return .fling(velocity: try f.required("velocity", "points per second").number())
    case "scroll_to":
      let f = try value.mapping(keys: ["row", "animated"], what: "{row: index, animated: flag}")
      return .scrollTo(
        row: try context.row(try f.required("row", "the target row")),
        animated: try f["animated"]?.bool() ?? true)
    case "reload_rows":
      return .reloadRows(try readRowList(value, context))
    case "reconfigure_rows":
      return .reconfigureRows(try readRowList(value, context))
    case "insert_rows":
      let f = try value.mapping(keys: ["at", "count"], what: "{at: row, count: n}")
      let atValue = try f.required("at", "the first new row")
      let at = try atValue.count("a row index of zero or more")
      if at > context.rows {
        throw atValue.error(
          .outOfRange,
          "cannot insert at row \(at): at \(context.at) the table has \(context.rows) row(s), "
            + "so rows can be inserted at 0 to \(context.rows)")
      }
      return .insertRows(at: at, count: try f.required("count", "rows to insert").positiveCount())
    case "delete_rows":
      let f = try value.mapping(keys: ["at", "count"], what: "{at: row, count: n}")
      let at = try context.row(try f.required("at", "the first deleted row"))
      let countValue = try f.required("count", "rows to delete")
      let count = try countValue.positiveCount()
      if at + count > context.rows {
        throw countValue.error(
          .outOfRange,
          "cannot delete \(count) row(s) from row \(at): at \(context.at) the table has "
            + "\(context.rows) row(s)")
      }
      return .deleteRows(at: at, count: count)
    case "move_row":
      let f = try value.mapping(keys: ["from", "to"], what: "{from: row, to: row}")
      return .moveRow(
        from: try context.row(try f.required("from", "the row to move")),
        to: try context.row(try f.required("to", "its new index")))
    case "set_url":
      let f = try value.mapping(keys: ["row", "url", "fixture"], what: "{row, url, fixture}")
      return .setURL(
        row: try context.row(try f.required("row", "the row whose item changes")),
        url: try f.required("url", "the item's new URL").nonEmptyText("a URL"),
        fixture: try f["fixture"].map(readFixturePath))
    case "set_image":
      let f = try value.mapping(keys: ["row"], what: "{row: index}")
      return .setImage(row: try context.row(try f.required("row", "the row")))
    case "release_held":
      let f = try value.mapping(keys: ["match"], what: "{match: URL glob}")
      return .releaseHeld(
        match: try f.required("match", "a URL or glob").nonEmptyText("a URL glob"))
    case "offline":
      let f = try value.mapping(keys: ["for"], what: "{for: duration}")
      let forValue = try f.required("for", "how long the outage lasts")
      let duration = try forValue.duration()
      if duration <= .zero {
        throw forValue.error(.invalidValue, "expected a duration above zero, got \(forValue.shown)")
      }
      return .offline(for: duration)
    default:
      try readNoArguments(value)
      return Self.argumentFreeActions[key]!
    }
  }

  /// Actions that take no arguments: `{}` or nothing.
  private static let argumentFreeActions: [String: Scenario.Action] = [
    "touch": .touch, "lift": .lift, "status_bar_tap": .statusBarTap,
    "reload_data": .reloadData, "memory_warning": .memoryWarning, "disappear": .disappear,
    "appear": .appear,
  ]

  private func readNoArguments(_ value: YAMLValue) throws(ScenarioError) {
    if value.isNull { return }
    _ = try value.mapping(keys: [], what: "{} (this action takes no arguments)")
  }

  private func readRowList(_ value: YAMLValue, _ context: RowContext) throws(ScenarioError)
    -> [Int]
  {
    let elements = try value.list("a list of rows, such as [1, 2]")
    if elements.isEmpty {
      throw value.error(.invalidValue, "expected at least one row, got an empty list")
    }
    var rows: [Int] = []
    var seen: Set<Int> = []  // Linear validation: a list scan made 30,000 rows take 17 s.
    for element in elements {
      let row = try context.row(element)
      if !seen.insert(row).inserted {
        throw element.error(.invalidValue, "row \(row) is listed twice")
      }
      rows.append(row)
    }
    return rows
  }
}
