import SimKernel

extension Scenario.Event {
  /// The event as one flow mapping: `{at: "400ms", release: {velocity: 2500}}`.
  var yamlValue: String {
    YAMLText.flow([("at", YAMLText.time(at)), (action.key, action.yamlArguments)])
  }
}

extension Scenario.Action {
  /// The action's value: its arguments as a flow mapping or list, or `{}`.
  var yamlArguments: String {
    let n = YAMLText.number
    switch self {
    case .drag(let by, let over):
      return YAMLText.flow([("by", n(by)), ("over", YAMLText.duration(over))])
    case .release(let velocity), .fling(let velocity):
      return YAMLText.flow([("velocity", n(velocity))])
    case .scrollTo(let row, let animated):
      var pairs = [("row", "\(row)")]
      if !animated { pairs.append(("animated", "false")) }
      return YAMLText.flow(pairs)
    case .reloadRows(let rows), .reconfigureRows(let rows):
      return YAMLText.list(rows.map(String.init))
    case .insertRows(let at, let count), .deleteRows(let at, let count):
      return YAMLText.flow([("at", "\(at)"), ("count", "\(count)")])
    case .moveRow(let from, let to):
      return YAMLText.flow([("from", "\(from)"), ("to", "\(to)")])
    case .setURL(let row, let url, let fixture):
      var pairs = [("row", "\(row)"), ("url", YAMLText.string(url))]
      if let fixture { pairs.append(("fixture", YAMLText.string(fixture))) }
      return YAMLText.flow(pairs)
    case .setImage(let row):
      return YAMLText.flow([("row", "\(row)")])
    case .releaseHeld(let match):
      return YAMLText.flow([("match", YAMLText.string(match))])
    case .offline(let duration):
      return YAMLText.flow([("for", YAMLText.duration(duration))])
    case .touch, .lift, .statusBarTap, .reloadData, .memoryWarning, .disappear, .appear:
      return "{}"
    }
  }
}

extension Scenario.Invariants {
  /// The `invariants` value, or nil for the standard set (the key is left out).
  var yamlValue: String? {
    switch self {
    case .standard: return nil
    case .none: return "none"
    case .selected(let checks):
      if checks.allSatisfy(\.hasDefaultParameters) {
        return YAMLText.list(checks.map(\.id.rawValue))
      }
      return YAMLText.flow(checks.map { ($0.id.rawValue, $0.yamlParameters) })
    }
  }
}

extension Scenario.InvariantCheck {
  /// The parameters as a flow mapping; `{}` for none.
  var yamlParameters: String {
    switch self {
    case .eventuallyLoaded(let within), .cancelOnEndDisplay(let within),
      .noDeliveryStall(let within), .oneTerminalCallback(let within):
      return YAMLText.flow([("within", YAMLText.duration(within))])
    case .boundedQueue(.visible): return YAMLText.flow([("max", "visible")])
    case .boundedQueue(.count(let count)): return YAMLText.flow([("max", "\(count)")])
    case .noLeakedImages(.visible): return YAMLText.flow([("max", "visible")])
    case .noLeakedImages(.count(let count)): return YAMLText.flow([("max", "\(count)")])
    case .noWastedWork(let max, let maxBytes):
      var pairs: [(String, String)] = []
      switch max {
      case .visible: pairs.append(("max", "visible"))
      case .count(let count): pairs.append(("max", "\(count)"))
      }
      if let maxBytes { pairs.append(("max_bytes", YAMLText.size(maxBytes))) }
      return YAMLText.flow(pairs)
    case .frameBudget(let ratio):
      return YAMLText.flow([("max_hitch_ratio", YAMLText.number(ratio))])
    case .memoryBudget(let max):
      return YAMLText.flow(max.map { [("max", YAMLText.size($0))] } ?? [])
    case .cacheHitOnRevisit(let revisit):
      return YAMLText.flow([("revisit", revisit.map(YAMLText.duration) ?? "none")])
    case .noCrossCellImage, .noCorruptImage, .noDuplicateTransfers, .latestPriorityWins,
      .progressIsolation, .deadlock, .manualImageKept:
      return "{}"
    }
  }
}

extension Scenario.Expectation {
  /// The `expect` value: `pass` or a flow mapping.
  var yamlValue: String {
    if isPass { return "pass" }
    var pairs: [(String, String)] = []
    if !violations.isEmpty {
      pairs.append(("violations", YAMLText.list(violations.map(\.rawValue))))
      if only { pairs.append(("only", "true")) }
    }
    if !metrics.isEmpty {
      let bounds = metrics.map { bound in
        var limits: [(String, String)] = []
        if let min = bound.min { limits.append(("min", YAMLText.number(min))) }
        if let max = bound.max { limits.append(("max", YAMLText.number(max))) }
        return (bound.metric.rawValue, YAMLText.flow(limits))
      }
      pairs.append(("metrics", YAMLText.flow(bounds)))
    }
    return YAMLText.flow(pairs)
  }
}
