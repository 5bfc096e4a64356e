import SimKernel
import SimPlatform

extension Scenario {
  /// The scenario as YAML text in format version 1, stable and round-trippable: reading the
  /// text back with `init(yaml:)` gives an equal scenario.
  ///
  /// Sections come in documentation order, values equal to the format's defaults are left
  /// out, strings are double-quoted, and each event, rule, outage and override is one flow
  /// mapping on its own line, so findings written by the fuzzer diff well.
  public func yamlText() -> String {
    var lines = ["cellsim: \(Scenario.formatVersion)", "name: " + YAMLText.string(name)]
    if let about { lines.append("about: " + YAMLText.string(about)) }
    if seed != 0 { lines.append("seed: \(seed)") }
    if let loader { lines.append("loader: " + loader.yamlValue) }
    if let device { lines.append("device: " + device.yamlValue) }
    lines += section("table", table.yamlLines)
    lines += section("images", images.yamlLines)
    if network != Network() { lines += section("network", network.yamlLines) }
    if !events.isEmpty {
      lines.append("events:")
      lines += events.map { "  - " + $0.yamlValue }
    }
    if let runUntil { lines.append("run_until: " + YAMLText.time(runUntil)) }
    if let text = invariants.yamlValue { lines.append("invariants: " + text) }
    if expect != .pass { lines.append("expect: " + expect.yamlValue) }
    if let noise { lines.append("noise: " + noise.yamlValue) }
    return lines.joined(separator: "\n") + "\n"
  }

  private func section(_ key: String, _ body: [String]) -> [String] {
    [key + ":"] + body.map { "  " + $0 }
  }
}

extension Scenario.Loader {
  var yamlValue: String {
    if options.isEmpty { return YAMLText.key(name) }
    return YAMLText.flow(
      [("name", YAMLText.string(name))] + options.map { (YAMLText.key($0.key), $0.value.yaml) })
  }
}

extension Scenario.OptionValue {
  var yaml: String {
    switch self {
    case .flag(let flag): return flag ? "true" : "false"
    case .integer(let value): return String(value)
    case .number(let value): return YAMLText.decimal(value)
    case .text(let text): return YAMLText.string(text)
    }
  }
}

extension Scenario.Device {
  var yamlValue: String {
    if overrides.isEmpty { return profile }
    return YAMLText.flow(
      [("profile", profile)]
        + overrides.map { override in
          switch override.value {
          case .number(let n): return (override.name, YAMLText.number(n))
          case .text(let t): return (override.name, YAMLText.string(t))
          }
        })
  }
}

extension Scenario.Table {
  var yamlLines: [String] {
    let defaults = Scenario.Table(rows: rows, rowHeight: rowHeight)
    var lines = ["rows: \(rows)"]
    func add(_ key: String, _ value: String, if changed: Bool) {
      if changed { lines.append("\(key): \(value)") }
    }
    add("row_height", YAMLText.number(rowHeight), if: rowHeight != Scenario.Table.defaultRowHeight)
    add("columns", "\(columns)", if: columns != defaults.columns)
    let size =
      imageSize.width == imageSize.height
      ? YAMLText.number(imageSize.width)
      : YAMLText.flow([
        ("width", YAMLText.number(imageSize.width)),
        ("height", YAMLText.number(imageSize.height)),
      ])
    add("image_size", size, if: imageSize != defaults.imageSize)
    // Written when the file said `false` in so many words: a hosted screen decides otherwise.
    add(
      "prefetching", "\(prefetching)",
      if: prefetching != defaults.prefetching || prefetchingOffDeclared)
    add(
      "prefetch_distance", "\(prefetchDistance)", if: prefetchDistance != defaults.prefetchDistance)
    add(
      "preload_margin", YAMLText.number(preloadMargin), if: preloadMargin != defaults.preloadMargin)
    add("layout_order", layoutOrder.rawValue, if: layoutOrder != defaults.layoutOrder)
    add("cell_prefetching", "\(cellPrefetching)", if: cellPrefetching != defaults.cellPrefetching)
    add("reuse_order", reuseOrder.rawValue, if: reuseOrder != defaults.reuseOrder)
    add("start_offset", YAMLText.number(startOffset), if: startOffset != defaults.startOffset)
    add("cell_timing", cellTiming.rawValue, if: cellTiming != defaults.cellTiming)
    return lines
  }
}

extension Scenario.Images {
  var yamlLines: [String] {
    var lines = ["url: " + YAMLText.string(urlTemplate)]
    if !fixtures.isEmpty || generated == nil {
      lines.append("fixtures: " + YAMLText.list(fixtures.map(YAMLText.string)))
    }
    if let generated {
      lines.append(
        "generated: "
          + YAMLText.flow([
            ("count", "\(generated.count)"), ("width", "\(generated.width)"),
            ("height", "\(generated.height)"),
          ]))
    }
    if !shared.isEmpty {
      lines.append("shared: " + YAMLText.list(shared.map { YAMLText.list($0.map(String.init)) }))
    }
    if !overrides.isEmpty {
      lines.append("overrides:")
      for override in overrides {
        var pairs = [("id", "\(override.id)")]
        if let url = override.url { pairs.append(("url", YAMLText.string(url))) }
        if let fixture = override.fixture { pairs.append(("fixture", YAMLText.string(fixture))) }
        lines.append("  - " + YAMLText.flow(pairs))
      }
    }
    if uniqueBytes { lines.append("unique_bytes: true") }
    if !warmStart.isEmpty {
      lines.append("warm_start:")
      for entry in warmStart {
        lines.append(
          "  - "
            + YAMLText.flow([("cache", entry.kind.rawValue), ("name", YAMLText.string(entry.name))])
        )
      }
    }
    return lines
  }
}

extension Scenario.Network {
  var yamlLines: [String] {
    var lines: [String] = []
    if let latency { lines.append("latency: " + latency.yaml) }
    if let bandwidth { lines.append("bandwidth: " + YAMLText.bandwidth(bandwidth)) }
    if chunkSize != Scenario.Network.defaultChunkSize {
      lines.append("chunk_size: " + YAMLText.size(chunkSize))
    }
    if let maxConnectionsPerHost {
      lines.append("max_connections_per_host: \(maxConnectionsPerHost)")
    }
    if http2 { lines.append("http2: true") }
    if !rules.isEmpty {
      lines.append("rules:")
      lines += rules.map { "  - " + $0.yaml }
    }
    if !outages.isEmpty {
      lines.append("outages:")
      lines += outages.map {
        "  - " + YAMLText.flow([("from", YAMLText.time($0.from)), ("to", YAMLText.time($0.to))])
      }
    }
    return lines
  }
}

extension Scenario.Latency {
  var yaml: String {
    switch self {
    case .fixed(let d): return YAMLText.duration(d)
    case .uniform(let min, let max):
      return YAMLText.flow([("min", YAMLText.duration(min)), ("max", YAMLText.duration(max))])
    case .lognormal(let median, let p99):
      return YAMLText.flow([
        ("median", YAMLText.duration(median)), ("p99", YAMLText.duration(p99)),
      ])
    }
  }
}

extension Scenario.NetworkRule {
  var yaml: String {
    var pairs = [("match", YAMLText.string(match))]
    if let latency { pairs.append(("latency", latency.yaml)) }
    if let bandwidth { pairs.append(("bandwidth", YAMLText.bandwidth(bandwidth))) }
    switch fail {
    case .status(let code): pairs.append(("fail", YAMLText.flow([("status", "\(code)")])))
    case .timeout: pairs.append(("fail", "timeout"))
    case .resetAfter(let size):
      pairs.append(("fail", YAMLText.flow([("reset_after", YAMLText.size(size))])))
    case nil: break
    }
    if let corrupt { pairs.append(("corrupt", corrupt.rawValue)) }
    if hold { pairs.append(("hold", "true")) }
    if let times { pairs.append(("times", "\(times)")) }
    if let after { pairs.append(("after", YAMLText.duration(after))) }
    return YAMLText.flow(pairs)
  }
}

extension SchedulingNoise {
  /// `seed` alone when every other field has its default, else the flow map of what differs.
  var yamlValue: String {
    let defaults = SchedulingNoise(seed: seed)
    var pairs: [(String, String)] = [("seed", String(seed))]
    if workerImmediate != defaults.workerImmediate {
      pairs.append(("worker_immediate", YAMLText.decimal(workerImmediate)))
    }
    if workerWake != defaults.workerWake {
      pairs.append(("worker_wake_min", YAMLText.duration(workerWake.lowerBound)))
      pairs.append(("worker_wake_max", YAMLText.duration(workerWake.upperBound)))
    }
    if workerTailMax != defaults.workerTailMax {
      pairs.append(("worker_tail_max", YAMLText.duration(workerTailMax)))
    }
    if mainWake != defaults.mainWake {
      pairs.append(("main_wake_min", YAMLText.duration(mainWake.lowerBound)))
      pairs.append(("main_wake_max", YAMLText.duration(mainWake.upperBound)))
    }
    if mainTailMax != defaults.mainTailMax {
      pairs.append(("main_tail_max", YAMLText.duration(mainTailMax)))
    }
    if tailProbability != defaults.tailProbability {
      pairs.append(("tail_probability", YAMLText.decimal(tailProbability)))
    }
    if shuffleQueues != defaults.shuffleQueues {
      pairs.append(("shuffle_queues", shuffleQueues ? "true" : "false"))
    }
    return pairs.count == 1 ? String(seed) : YAMLText.flow(pairs)
  }
}
