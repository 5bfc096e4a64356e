import CellSimUIKit
import PNGRender
import Photos
import SimNetwork
import SimPlatform
import Testing

/// What one handler call received.
struct Delivery {
  var image: UIImage?
  var info: [AnyHashable: Any]?
  var degraded: Bool { (info?[PHImageResultIsDegradedKey] as? Bool) ?? false }
  var pixels: Int { image.map { Int($0.size.width * $0.scale) } ?? -1 }
}

/// Calls kept by the tests (one simulated thread runs at a time).
final class Deliveries: @unchecked Sendable {
  var calls: [Delivery] = []
  let log = PhotoLog()
  func record(_ label: String) -> (UIImage?, [AnyHashable: Any]?) -> Void {
    { [self] image, info in
      calls.append(Delivery(image: image, info: info))
      let degraded = (info?[PHImageResultIsDegradedKey] as? Bool) == true
      log.add("\(label) \(image == nil ? "nil" : "image")\(degraded ? " degraded" : "")")
    }
  }
}

@Suite("PHImageManager delivers library images as Photos documents")
struct ImageManagerTests {
  static let thumbnail = CGSize(width: 160, height: 160)

  @Test("an opportunistic request returns at once, then calls back on main: degraded, then full")
  func opportunisticOrder() throws {
    let deliveries = Deliveries()
    var returned = -1
    let trace = try simulateLibrary {
      let asset = PHAsset.fetchAssets(with: nil).object(at: 0)
      let id = PHImageManager.default().requestImage(
        for: asset, targetSize: Self.thumbnail, contentMode: .aspectFill, options: nil,
        resultHandler: deliveries.record("photo"))
      returned = deliveries.calls.count
      #expect(id == 1)
    }
    #expect(returned == 0)
    #expect(deliveries.calls.count == 2, "\(deliveries.log.lines)")
    guard deliveries.calls.count == 2 else { return }
    let (first, second) = (deliveries.calls[0], deliveries.calls[1])
    #expect(first.degraded && !second.degraded)
    #expect(first.pixels > 0 && first.pixels < second.pixels)
    // Fill: the 640×427 photo covers 160×160, so its height is 160 and its width 240.
    #expect(second.image?.size == CGSize(width: 240, height: 160))
    #expect(deliveries.log.lines.allSatisfy { $0.contains(" on main ") }, "\(deliveries.log.lines)")
    // Both images are the served bytes' (resampled), as the oracle judges them.
    let served = ContentDigest(of: PhotoFixtures.wide)
    for call in deliveries.calls {
      #expect(call.image?.contentImage?.provenance?.source == served)
    }
    #expect(second.info?[PHImageResultRequestIDKey] as? PHImageRequestID == 1)
    #expect((second.info?[PHImageResultIsDegradedKey] as? NSNumber)?.boolValue == false)
    #expect(second.info?[PHImageResultIsInCloudKey] as? Bool == false)
    // Nothing arrives before the read's 50 ms.
    #expect(deliveries.log.lines.allSatisfy { !$0.hasSuffix("@0") })
    #expect(traceLines(trace, "photos.request").count == 1)
    #expect(traceLines(trace, "photos.deliver").count == 2)
  }

  @Test("highQualityFormat calls once with the full image, fastFormat once with the low one")
  func singleCallModes() throws {
    let high = Deliveries()
    let fast = Deliveries()
    try simulateLibrary {
      let asset = PHAsset.fetchAssets(with: nil).object(at: 0)
      let highOptions = PHImageRequestOptions()
      highOptions.deliveryMode = .highQualityFormat
      PHImageManager.default().requestImage(
        for: asset, targetSize: Self.thumbnail, contentMode: .aspectFit, options: highOptions,
        resultHandler: high.record("high"))
      let fastOptions = PHImageRequestOptions()
      fastOptions.deliveryMode = .fastFormat
      PHImageManager.default().requestImage(
        for: asset, targetSize: Self.thumbnail, contentMode: .aspectFit, options: fastOptions,
        resultHandler: fast.record("fast"))
    }
    #expect(high.calls.count == 1 && fast.calls.count == 1)
    #expect(high.calls.first?.degraded == false && fast.calls.first?.degraded == false)
    // Fit: 160 px wide; the fast one is a quarter of that.
    #expect(high.calls.first?.pixels == 160)
    #expect(fast.calls.first?.pixels == 40)
  }

  @Test("PHImageManagerMaximumSize gives the full-size image")
  func maximumSize() throws {
    let deliveries = Deliveries()
    try simulateLibrary {
      let options = PHImageRequestOptions()
      options.deliveryMode = .highQualityFormat
      PHImageManager.default().requestImage(
        for: PHAsset.fetchAssets(with: nil).object(at: 1), targetSize: PHImageManagerMaximumSize,
        contentMode: .default, options: options, resultHandler: deliveries.record("max"))
    }
    #expect(deliveries.calls.first?.image?.size == CGSize(width: 256, height: 256))
  }

  @Test("a cancelled request is never called back, and its read is cancelled on the network")
  func cancel() throws {
    let deliveries = Deliveries()
    let trace = try simulateLibrary {
      let asset = PHAsset.fetchAssets(with: nil).object(at: 0)
      let manager = PHImageManager.default()
      let id = manager.requestImage(
        for: asset, targetSize: Self.thumbnail, contentMode: .aspectFill, options: nil,
        resultHandler: deliveries.record("cancelled"))
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(10)) {
        manager.cancelImageRequest(id)
        manager.cancelImageRequest(id)
        manager.cancelImageRequest(999)
      }
    }
    #expect(deliveries.calls.isEmpty, "\(deliveries.log.lines)")
    #expect(traceLines(trace, "photos.cancel").count == 1)
    #expect(traceLines(trace, "net.cancel").count == 1)
  }

  @Test("cancelling one of two requests of an asset keeps the shared read for the other")
  func cancelSharedRead() throws {
    let kept = Deliveries()
    let dropped = Deliveries()
    let trace = try simulateLibrary {
      let asset = PHAsset.fetchAssets(with: nil).object(at: 0)
      let manager = PHImageManager.default()
      manager.requestImage(
        for: asset, targetSize: Self.thumbnail, contentMode: .aspectFill, options: nil,
        resultHandler: kept.record("kept"))
      let id = manager.requestImage(
        for: asset, targetSize: Self.thumbnail, contentMode: .aspectFill, options: nil,
        resultHandler: dropped.record("dropped"))
      manager.cancelImageRequest(id)
    }
    #expect(kept.calls.count == 2 && dropped.calls.isEmpty)
    #expect(traceLines(trace, "net.queue").count == 1)
    #expect(traceLines(trace, "net.cancel").isEmpty)
  }

  @Test("a cancel after the degraded image stops the full one")
  func cancelAfterDegraded() throws {
    let deliveries = Deliveries()
    try simulateLibrary {
      let manager = PHImageManager.default()
      var id = PHInvalidImageRequestID
      id = manager.requestImage(
        for: PHAsset.fetchAssets(with: nil).object(at: 0), targetSize: Self.thumbnail,
        contentMode: .aspectFill, options: nil
      ) { image, info in
        deliveries.record("photo")(image, info)
        if (info?[PHImageResultIsDegradedKey] as? Bool) == true { manager.cancelImageRequest(id) }
      }
    }
    #expect(deliveries.calls.count == 1)
    #expect(deliveries.calls.first?.degraded == true)
  }

  @Test("a synchronous request blocks its thread and calls back once, there, before returning")
  func synchronous() throws {
    let deliveries = Deliveries()
    try simulateLibrary {
      DispatchQueue.global().async {
        let options = PHImageRequestOptions()
        options.isSynchronous = true
        deliveries.log.add("before")
        let id = PHImageManager.default().requestImage(
          for: PHAsset.fetchAssets(with: nil).object(at: 1), targetSize: Self.thumbnail,
          contentMode: .aspectFit, options: options, resultHandler: deliveries.record("sync"))
        deliveries.log.add("after \(id)")
      }
    }
    let lines = deliveries.log.lines
    #expect(lines.count == 3, "\(lines)")
    guard lines.count == 3 else { return }
    #expect(lines[0].hasPrefix("before") && lines[1].hasPrefix("sync image"))
    #expect(lines[2].hasPrefix("after 1"))
    #expect(!lines[1].contains(" on main "), "\(lines)")
    #expect(!lines[1].hasSuffix("@0"), "the read took the network's 50 ms: \(lines)")
    #expect(deliveries.calls.first?.degraded == false)
    #expect(deliveries.calls.first?.pixels == 160)
  }

  @Test("a failed read calls back once with no image and the error")
  func failure() throws {
    let deliveries = Deliveries()
    let script = NetworkScript(
      latency: .fixed(.ms(50)), rules: [NetworkRule(match: "*/0.png", fail: .status(500))])
    try simulateLibrary(script: script) {
      PHImageManager.default().requestImage(
        for: PHAsset.fetchAssets(with: nil).object(at: 0), targetSize: Self.thumbnail,
        contentMode: .aspectFill, options: nil, resultHandler: deliveries.record("failed"))
    }
    #expect(deliveries.calls.count == 1)
    #expect(deliveries.calls.first?.image == nil)
    #expect(deliveries.calls.first?.info?[PHImageErrorKey] is NSError)
    #expect(deliveries.log.lines.first?.contains(" on main ") == true)
  }

  @Test("a failed read calls a data request back once with no data and the error")
  func dataFailure() throws {
    let log = PhotoLog()
    var errors: [Bool] = []
    let script = NetworkScript(
      latency: .fixed(.ms(50)), rules: [NetworkRule(match: "*/1.png", fail: .status(404))])
    try simulateLibrary(script: script) {
      PHImageManager.default().requestImageDataAndOrientation(
        for: PHAsset.fetchAssets(with: nil).object(at: 1), options: nil
      ) { data, _, _, info in
        errors.append(info?[PHImageErrorKey] is NSError)
        log.add("data \(data == nil ? "nil" : "bytes")")
      }
    }
    #expect(errors == [true])
    #expect(log.lines.first?.hasPrefix("data nil on main") == true, "\(log.lines)")
  }

  @Test("request numbers are distinct, increasing and counted per world")
  func requestNumbersPerWorld() throws {
    var first: [PHImageRequestID] = []
    var second: [PHImageRequestID] = []
    for index in 0..<2 {
      try simulateLibrary(for: 10) {
        let asset = PHAsset.fetchAssets(with: nil).object(at: 0)
        let caching = PHCachingImageManager()
        let ids = [
          PHImageManager.default().requestImage(
            for: asset, targetSize: Self.thumbnail, contentMode: .aspectFit, options: nil
          ) { _, _ in },
          caching.requestImage(
            for: asset, targetSize: Self.thumbnail, contentMode: .aspectFit, options: nil
          ) { _, _ in },
          PHImageManager.default().requestImageDataAndOrientation(for: asset, options: nil) {
            _, _, _, _ in
          },
        ]
        if index == 0 { first = ids } else { second = ids }
      }
    }
    #expect(first == [1, 2, 3])
    #expect(second == [1, 2, 3])
  }

  @Test("the image data requests hand back the served PNG bytes once, on main")
  func imageData() throws {
    let log = PhotoLog()
    var bytes: Data?
    var older: [UInt8] = []
    var filename = ""
    try simulateLibrary {
      let second = PHAsset.fetchAssets(with: nil).object(at: 1)
      filename = PHAssetResource.assetResources(for: second).first?.originalFilename ?? ""
      PHImageManager.default().requestImageData(for: second, options: nil) {
        data, _, orientation, _ in
        older = data.map { [UInt8]($0) } ?? []
        #expect(orientation == .up)
      }
      PHImageManager.default().requestImageDataAndOrientation(
        for: PHAsset.fetchAssets(with: nil).object(at: 1), options: nil
      ) { data, uti, orientation, _ in
        bytes = data
        log.add("data \(uti ?? "nil") \(orientation.rawValue)")
      }
    }
    #expect(bytes.map { [UInt8]($0) } == PhotoFixtures.square)
    #expect(older == PhotoFixtures.square)
    #expect(filename == "1.png")
    #expect(log.lines.count == 1)
    #expect(log.lines.first?.hasPrefix("data public.png 1 on main") == true, "\(log.lines)")
  }

  @Test("a test double of PHAsset can be made, and a request for it fails with an error")
  func testDouble() throws {
    final class FakeAsset: PHAsset, @unchecked Sendable {
      override var localIdentifier: String { "fake" }
    }
    let deliveries = Deliveries()
    try simulateLibrary {
      let asset = FakeAsset()
      #expect(asset.localIdentifier == "fake" && asset.pixelWidth == 0)
      PHImageManager.default().requestImage(
        for: asset, targetSize: Self.thumbnail, contentMode: .aspectFit, options: nil,
        resultHandler: deliveries.record("fake"))
    }
    #expect(deliveries.calls.count == 1)
    #expect(deliveries.calls.first?.image == nil)
    #expect(deliveries.calls.first?.info?[PHImageErrorKey] != nil)
  }
}
