package import PNGRender
package import SimKernel
package import SimPlatform
import SimTable

/// What reports need of a run beyond its trace: the scroll offset of every committed frame,
/// and the pixels on screen in a few frames around a chosen one (the filmstrip).
///
/// Pass one in `SimulationOptions.capture`; the run fills it. Capturing reads the table and
/// the images on screen after each commit and changes nothing, so the run's trace and digest
/// are the same with or without it.
package final class FrameCapture {
  /// The frame the filmstrip is centred on (usually the first violation's), if any.
  package let around: Int64?
  /// How many committed frames up to and including `around` to keep.
  package let before: Int
  /// How many committed frames after `around` to keep.
  package let after: Int
  /// (time, content offset) of every committed frame, in order.
  @exclusivity(unchecked) package private(set) var offsets: [(time: SimTime, offset: Double)] = []
  /// The frames kept, in order.
  @exclusivity(unchecked) package private(set) var frames: [CapturedFrame] = []
  @exclusivity(unchecked) var keptAfter = 0
  /// The URL each displayed item had, the last time a frame showed it.
  @exclusivity(unchecked) package private(set) var urlByItem: [Int: String] = [:]

  /// A capture of the offsets only, or also of the frames around `around`.
  package init(around: Int64? = nil, before: Int = 3, after: Int = 2) {
    self.around = around
    self.before = max(1, before)
    self.after = max(0, after)
  }

  func committed(_ frame: CommittedFrame, table: TableView, device: DeviceProfile) {
    offsets.append((frame.time, frame.offset))
    for cell in frame.cells { urlByItem[cell.itemID] = cell.url }
    guard let around else { return }
    if frame.frame <= around {
      frames.append(snapshot(frame, table: table, device: device))
      if frames.count > before { frames.removeFirst() }
    } else if keptAfter < after {
      keptAfter += 1
      frames.append(snapshot(frame, table: table, device: device))
    }
  }

  func snapshot(_ frame: CommittedFrame, table: TableView, device: DeviceProfile)
    -> CapturedFrame
  {
    let geometry = table.layout
    let cellWidth = geometry.viewportWidth / Double(geometry.columns)
    let imageSize = table.configuration.effectiveImageSize
    let cellsByID = Dictionary(
      table.visibleCells.map { ($0.cellID, $0) }, uniquingKeysWith: { first, _ in first })
    let cells = frame.cells.map { shown -> CapturedCell in
      let row = shown.indexPath.row
      let placed = geometry.frame(ofRow: row)
      let x = placed.x
      let y = placed.y - frame.offset
      let image = cellsByID[shown.cellID]?.imageView.imagesOnScreen.first
      return CapturedCell(
        cellID: shown.cellID, row: row, item: shown.itemID, url: shown.url,
        frame: CapturedRect(x: x, y: y, width: cellWidth, height: geometry.rowHeight),
        imageFrame: CapturedRect(
          x: x + min(8, max(0, cellWidth - imageSize.width)),
          y: y + (geometry.rowHeight - imageSize.height) / 2,
          width: imageSize.width, height: imageSize.height),
        imageKind: image?.kind, pixels: image?.decoded?.bitmap,
        summary: shown.images.first?.summary ?? "none")
    }
    return CapturedFrame(
      frame: frame.frame, time: frame.time, offset: frame.offset,
      viewportWidth: geometry.viewportWidth, viewportHeight: geometry.viewportHeight,
      scale: device.scale, cells: cells)
  }
}

/// A rectangle in points, in the viewport's coordinates (y down from its top).
package struct CapturedRect: Sendable, Equatable {
  package var x: Double
  package var y: Double
  package var width: Double
  package var height: Double
}

/// One committed frame as the user saw it.
package struct CapturedFrame: Sendable {
  package let frame: Int64
  package let time: SimTime
  package let offset: Double
  package let viewportWidth: Double
  package let viewportHeight: Double
  /// Pixels per point on the device.
  package let scale: Double
  /// The displayed cells, ordered by row.
  package let cells: [CapturedCell]
}

/// One displayed cell in a captured frame, with the pixels of the image it showed.
package struct CapturedCell: Sendable {
  package let cellID: Int
  package let row: Int
  package let item: Int
  package let url: String
  /// The cell's rectangle.
  package let frame: CapturedRect
  /// The image view's rectangle: the configured image size, 8 points from the cell's leading
  /// edge, centred vertically (a drawing convention: the model has no subview layout).
  package let imageFrame: CapturedRect
  /// The kind of image on screen, or nil when the image view was empty.
  package let imageKind: Image.Kind?
  /// The decoded pixels as the loader produced them (downsampled or not), or nil when the
  /// image view was empty or its lazy decode failed.
  package let pixels: Bitmap?
  /// The display log's summary of what the cell showed, such as `content:00ab…/fill 216×216`.
  package let summary: String
}
