import Foundation

/// `UIImageWriteToSavedPhotosAlbum(_:_:_:_:)`: the save is recorded in the world's trace
/// (`uikit.save_photo`, with the image's size in points), and nothing is written: a run has no
/// photo library. The completion selector is never called, since calling a selector needs the
/// Objective-C runtime; code that waits for it to say the save finished never hears it, as a
/// device never calls a selector it cannot find.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func UIImageWriteToSavedPhotosAlbum(
  _ image: UIImage, _ completionTarget: Any?, _ completionSelector: Selector?,
  _ contextInfo: UnsafeMutableRawPointer?
) {
  guard let world = SimulationContext.world else { return }
  let size = image.size
  world.trace.record(at: world.now, "uikit.save_photo") {
    $0.field("width", Double(size.width))
    $0.field("height", Double(size.height))
  }
}
