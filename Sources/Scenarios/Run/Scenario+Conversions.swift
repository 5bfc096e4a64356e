import ImageLoaders
import SimKernel
import SimNetwork
import SimTable

extension Scenario.Network {
  /// The fake network's script for this section.
  var script: NetworkScript {
    var script = NetworkScript(
      latency: latency ?? NetworkScript().latency,
      bandwidth: bandwidth?.bytes, chunkSize: chunkSize.bytes,
      maxConnectionsPerHost: maxConnectionsPerHost,
      rules: rules,
      outages: outages)
    script.http2 = http2
    return script
  }
}

extension Scenario.Table {
  /// The table's configuration for this section.
  var configuration: TableConfiguration {
    var c = TableConfiguration()
    c.rowHeight = rowHeight
    c.columns = columns
    c.imageSize = SimTable.ImageSize(width: imageSize.width, height: imageSize.height)
    c.prefetching = prefetching
    c.prefetchingOffDeclared = prefetchingOffDeclared
    c.prefetchDistance = prefetchDistance
    c.preloadMargin = preloadMargin
    c.layoutOrder = layoutOrder == .displayFirst ? .displayFirst : .endFirst
    c.cellPrefetching = cellPrefetching
    c.reuseOrder = reuseOrder == .lifo ? .lifo : .fifo
    c.startOffset = startOffset
    c.pacedCellWork = cellTiming == .paced
    return c
  }
}

extension Scenario.Option {
  /// The option as the loader catalog reads it.
  var loaderOption: (key: String, value: LoaderOptionValue) {
    switch value {
    case .flag(let b): return (key, .bool(b))
    case .integer(let i): return (key, .number(Double(i)))
    case .number(let n): return (key, .number(n))
    case .text(let t): return (key, .string(t))
    }
  }
}
