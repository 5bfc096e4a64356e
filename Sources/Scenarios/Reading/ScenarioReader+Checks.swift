import SimPlatform
internal import Yams

/// Reading `invariants` and `expect`.
extension ScenarioReader {
  func readInvariants(_ value: YAMLValue) throws(ScenarioError) -> Scenario.Invariants {
    let shape = "a list of invariant ids, a map from id to parameters, or none"
    switch value.node {
    case .scalar:
      guard case .string("none") = value.scalar else {
        throw value.expected(shape, hint: "to check one invariant, write [\(value.shown)]")
      }
      return .none
    case .sequence:
      var checks: [Scenario.InvariantCheck] = []
      for element in try value.list() {
        let id = try invariantID(element)
        if checks.contains(where: { $0.id == id }) {
          throw element.error(.invalidValue, "invariant \(id.rawValue) is listed twice")
        }
        checks.append(.defaults(id))
      }
      return .selected(checks)
    case .mapping(let mapping):
      var checks: [Scenario.InvariantCheck] = []
      for (keyNode, valueNode) in mapping {
        let name = keyNode.scalar?.string ?? "?"
        let keyValue = YAMLValue(
          node: keyNode, path: value.child(name, node: keyNode).path, file: file)
        let id = try invariantID(keyValue)
        checks.append(try readParameters(id, value.child(id.rawValue, node: valueNode)))
      }
      return .selected(checks)
    case .alias:
      throw value.expected(shape)
    }
  }

  private func invariantID(_ value: YAMLValue) throws(ScenarioError) -> Scenario.InvariantID {
    guard case .string(let name) = value.scalar else { throw value.expected("an invariant id") }
    guard let id = Scenario.InvariantID(rawValue: name) else {
      let names = Scenario.InvariantID.allCases.map(\.rawValue)
      let near = nearestName(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
      throw value.error(
        .unknownName, "unknown invariant \(quoted(name))\(near)",
        hint: "invariants: " + names.joined(separator: ", "))
    }
    return id
  }

  private func readParameters(_ id: Scenario.InvariantID, _ value: YAMLValue)
    throws(ScenarioError) -> Scenario.InvariantCheck
  {
    let check = Scenario.InvariantCheck.defaults(id)
    if value.isNull { return check }
    let what =
      id.parameterNames.isEmpty
      ? "{} (\(id.rawValue) takes no parameters)"
      : "a mapping of parameters (\(id.parameterNames.joined(separator: ", ")))"
    let fields = try value.mapping(keys: id.parameterNames, what: what)
    switch check {
    case .eventuallyLoaded(let within):
      return .eventuallyLoaded(within: try fields["within"]?.duration() ?? within)
    case .cancelOnEndDisplay(let within):
      return .cancelOnEndDisplay(within: try fields["within"]?.duration() ?? within)
    case .noDeliveryStall(let within):
      return .noDeliveryStall(within: try fields["within"]?.duration() ?? within)
    case .oneTerminalCallback(let within):
      return .oneTerminalCallback(within: try fields["within"]?.duration() ?? within)
    case .boundedQueue(let max):
      return .boundedQueue(max: try fields["max"].map(readQueueBound) ?? max)
    case .noLeakedImages(let max):
      return .noLeakedImages(max: try fields["max"].map(readQueueBound) ?? max)
    case .noWastedWork(let max, let maxBytes):
      return .noWastedWork(
        max: try fields["max"].map(readQueueBound) ?? max,
        maxBytes: try fields["max_bytes"]?.positiveSize() ?? maxBytes)
    case .frameBudget(let ratio):
      return .frameBudget(
        maxHitchRatio: try fields["max_hitch_ratio"]?.nonNegativeNumber("a ratio in ms/s")
          ?? ratio)
    case .memoryBudget(let max):
      return .memoryBudget(max: try fields["max"]?.positiveSize() ?? max)
    case .cacheHitOnRevisit:
      guard let field = fields["revisit"] else { return check }
      if case .string("none") = field.scalar { return .cacheHitOnRevisit(revisit: nil) }
      return .cacheHitOnRevisit(revisit: try field.duration())
    default:
      return check
    }
  }

  private func readQueueBound(_ value: YAMLValue) throws(ScenarioError) -> Scenario.QueueBound {
    if case .string("visible") = value.scalar { return .visible }
    if case .integer = value.scalar { return .count(try value.count()) }
    throw value.expected("visible or a count of zero or more")
  }

  func readExpectation(_ value: YAMLValue, invariants: Scenario.Invariants)
    throws(ScenarioError) -> Scenario.Expectation
  {
    let shape = "pass, {violations: […], only: …} or {metrics: {…}}"
    guard case .mapping = value.node else {
      guard case .string("pass") = value.scalar else { throw value.expected(shape) }
      return .pass
    }
    let fields = try value.mapping(keys: ["violations", "only", "metrics"], what: shape)
    var expectation = Scenario.Expectation()
    if let list = fields["violations"] {
      let elements = try list.list("a list of invariant ids")
      if elements.isEmpty {
        throw list.error(
          .invalidValue, "expected at least one invariant id, got an empty list",
          hint: "to expect no violation, write expect: pass")
      }
      for element in elements {
        let id = try invariantID(element)
        if expectation.violations.contains(id) {
          throw element.error(.invalidValue, "invariant \(id.rawValue) is listed twice")
        }
        if !invariants.checks(id) {
          throw element.error(
            .invalidValue,
            "expects a violation of \(id.rawValue), which this scenario does not check",
            hint: "add \(id.rawValue) to invariants")
        }
        expectation.violations.append(id)
      }
    }
    if let only = fields["only"] {
      expectation.only = try only.bool()
      if expectation.violations.isEmpty {
        throw only.error(.conflictingKeys, "\"only\" applies only together with violations")
      }
    }
    if let metrics = fields["metrics"] {
      expectation.metrics = try readMetricBounds(metrics)
    }
    return expectation
  }

  private func readMetricBounds(_ value: YAMLValue) throws(ScenarioError)
    -> [Scenario.MetricBound]
  {
    guard case .mapping(let mapping) = value.node else {
      throw value.expected("a map from metric name to {min, max}")
    }
    let names = Scenario.Metric.allCases.map(\.rawValue)
    var bounds: [Scenario.MetricBound] = []
    for (keyNode, valueNode) in mapping {
      let name = keyNode.scalar?.string ?? ""
      let bound = value.child(name, node: valueNode)
      guard let metric = Scenario.Metric(rawValue: name) else {
        let near = nearestName(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
        let at = YAMLValue(node: keyNode, path: bound.path, file: file)
        throw at.error(
          .unknownName, "unknown metric \(quoted(name))\(near)",
          hint: "metrics: " + names.joined(separator: ", "))
      }
      let fields = try bound.mapping(keys: ["min", "max"], what: "{min: …, max: …}")
      let min = try fields["min"]?.number()
      let max = try fields["max"]?.number()
      if min == nil && max == nil {
        throw bound.error(.missingKey, "a metric bound needs min, max or both")
      }
      if let min, let max, max < min {
        throw fields["max"]!.error(
          .invalidValue, "max \(YAMLText.number(max)) is below min \(YAMLText.number(min))")
      }
      bounds.append(Scenario.MetricBound(metric: metric, min: min, max: max))
    }
    return bounds
  }
}
